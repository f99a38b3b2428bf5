import { relativeTimeFormat } from "./intl-formats";

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 60 * 60],
  ["month", 30 * 24 * 60 * 60],
  ["week", 7 * 24 * 60 * 60],
  ["day", 24 * 60 * 60],
  ["hour", 60 * 60],
  ["minute", 60],
];

/**
 * "5 minutes ago" in the page's language, measured from `now` (the loader's clock, so that the
 * server and the browser render the same words). Under a minute reads as "now".
 */
export function formatRelativeTime(date: Date | string, now: number, locale: string): string {
  const format = relativeTimeFormat(locale, { numeric: "auto" });
  const seconds = Math.round((new Date(date).getTime() - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, "second");
}
