import { getCountries, parsePhoneNumberFromString } from "libphonenumber-js/min";

/** The countries whose phone numbers can be read (ISO 3166 alpha-2), for the default country. */
export const phoneCountries: readonly string[] = getCountries();

/** A stored number (E.164) as people read it, in international form: +966 50 123 4567. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * The countries by their names in the page's language (Intl.DisplayNames), sorted as that
 * language sorts them.
 */
export function countryChoices(language: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([language], { type: "region" });
  const collator = new Intl.Collator(language);
  return phoneCountries
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** A country's name in the page's language. */
export function countryName(code: string, language: string): string {
  return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
}
