/** A calendar date (YYYY-MM-DD) in the page's language, read as that day wherever the reader is. */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** An amount of money in its currency, in the page's language. */
export function formatMoney(amount: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: "currency", currency }).format(amount);
}
