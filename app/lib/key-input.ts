/**
 * A key as typed: spaces dropped, and Arabic-Indic or Persian digits (from an Arabic keyboard)
 * read as the ASCII digits they are.
 */
export function normalizeKeyInput(value: string): string {
  return value
    .replace(/\s/g, "")
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** The 6-digit keys of verification and password reset. */
export const keyPattern = /^\d{6}$/;
