/**
 * Intl's formatters, made once per language and options and kept: making one costs far more than
 * using it (a compact number format is most of a dashboard card's render on the server). The
 * options are the code's own, and the languages two, so what is kept stays small.
 */
const formats = new Map<
  string,
  Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat
>();

function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind} ${locale} ${options ? JSON.stringify(options) : ""}`;
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions) {
  return kept("number", locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions) {
  return kept("date", locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function relativeTimeFormat(locale: string, options?: Intl.RelativeTimeFormatOptions) {
  return kept("relative", locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}
