import { dictionary } from "@zxcvbn-ts/language-common";
import { errorOnFields } from "../errors";

/** OWASP ASVS 5 (V6.2): at least 8 characters, at most 128, any characters, no composition rules. */
export const passwordMinLength = 8;
export const passwordMaxLength = 128;
export const commonPasswordCount = 10_000;

// zxcvbn's list is ranked by frequency in leaked password sets (lower case); its head is the
// "most common" list. Compared without case: `Password1` is as guessable as `password1`.
const commonPasswords: ReadonlySet<string> = new Set(
  dictionary["passwords-common"].slice(0, commonPasswordCount),
);

/** Length in characters as people count them (code points), not UTF-16 units. */
export function passwordLength(password: string): number {
  return [...password].length;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export const passwordTooCommon = (field = "password") =>
  errorOnFields(
    "invalid",
    "PASSWORD_TOO_COMMON",
    "This password is one of the most common ones. Choose another.",
    { [field]: "Too common" },
  );

/** Throws 422 PASSWORD_TOO_COMMON; length is checked by the request schema. */
export function assertPasswordAllowed(password: string, field = "password"): void {
  if (isCommonPassword(password)) throw passwordTooCommon(field);
}
