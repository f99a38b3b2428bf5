import { z } from "zod";
import { normalizeKeyInput } from "./key-input";

/**
 * The field schemas that forms share. Every message is a key of the `validation` namespace,
 * optionally with values: `tooLong?count=100` (see errorMessage and useErrorText).
 */

/** A message key with the values its translation needs, as one string Conform can carry. */
export function errorMessage(key: string, values?: Record<string, string | number>) {
  if (!values) return key;
  return `${key}?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]))}`;
}

/** `tooLong?count=100` → the key and its values. */
export function parseErrorMessage(message: string) {
  const [key = message, query] = message.split("?", 2);
  const values: Record<string, string | number> = {};
  for (const [name, value] of new URLSearchParams(query ?? "")) {
    values[name] = /^\d+$/.test(value) ? Number(value) : value;
  }
  return { key, values };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controlCharacter = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controlCharacterButLineBreak = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The API refuses control characters in every string (multi-line text keeps line breaks). */
function text(options: { multiline?: boolean; required?: string } = {}) {
  const forbidden = options.multiline ? controlCharacterButLineBreak : controlCharacter;
  return z
    .string(options.required ? { error: options.required } : undefined)
    .refine((value) => !forbidden.test(value), { message: "invalidCharacters", abort: true });
}

/** A required string as typed; an empty field reaches the schema as undefined (Conform). */
function requiredString() {
  return text({ required: "required" });
}

/** Trimmed text of 1 to `max` characters (code points, as the API counts them). */
export function requiredText(max: number) {
  return requiredString()
    .trim()
    .min(1, "required")
    .max(max, errorMessage("tooLong", { count: max }));
}

/** Text that may be left empty: "" when it is. */
export function optionalText(max: number, options: { multiline?: boolean } = {}) {
  return text(options)
    .trim()
    .max(max, errorMessage("tooLong", { count: max }))
    .optional()
    .transform((value) => value ?? "");
}

export const nameMaxLength = 100;
export const emailMaxLength = 320;
export const phoneMaxLength = 32;
/** The API's password rule: 8 to 128 characters, any characters, counted as people count them. */
export const passwordMinLength = 8;
export const passwordMaxLength = 128;

export const personName = () => requiredText(nameMaxLength);
export const organizationName = () => requiredText(nameMaxLength);
export const workspaceName = () => requiredText(nameMaxLength);
export const workspaceDescription = () => optionalText(500, { multiline: true });

export function email() {
  return requiredString()
    .trim()
    .max(emailMaxLength, errorMessage("tooLong", { count: emailMaxLength }))
    .pipe(z.email("invalidEmail"));
}

/**
 * An international number as people type it (+966 50 123 4567, 00966…): the API turns it into
 * E.164 and refuses one that is no country's number.
 */
export function phone() {
  return requiredString()
    .trim()
    .max(phoneMaxLength, "invalidPhone")
    .regex(/^(\+|00)[\d\s().-]{6,}$/, "invalidPhone");
}

/**
 * A record's number as people type it: international (+966…, 00966…) or national (0501234567),
 * which the API reads in the organization's default country and refuses when it is not valid.
 */
export function recordPhone() {
  return requiredString()
    .trim()
    .max(phoneMaxLength, "invalidPhoneNumber")
    .regex(/^(\+|00)?[\d\s().-]{4,}$/, "invalidPhoneNumber");
}

/** A password being chosen, taken as typed: spaces at either end are part of it. */
export function newPassword() {
  return requiredString()
    .min(passwordMinLength, errorMessage("tooShort", { count: passwordMinLength }))
    .max(passwordMaxLength, errorMessage("tooLong", { count: passwordMaxLength }));
}

/** A password being checked (sign-in, confirmation): any length the API could have stored. */
export function currentPassword() {
  return requiredString().max(1024, "wrongPassword");
}

/** The 6-digit key of verification and password reset; spaces and Arabic-Indic digits are read. */
export function verificationKey(messages = { required: "required", format: "keyFormat" }) {
  return z.preprocess(
    (value) => (typeof value === "string" ? normalizeKeyInput(value) : value),
    text({ required: messages.required }).regex(/^\d{6}$/, messages.format),
  );
}

/** A checkbox that must be ticked. */
export function acceptance(message: string) {
  return z.literal("on", { error: message });
}
