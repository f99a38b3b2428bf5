import type { Language } from "./i18n";
import { useLanguage } from "./use-language";

type Unit = "second" | "minute" | "hour";

/**
 * A wait in the smallest unit that reads naturally, rounded up so that nobody comes back too early:
 * seconds under a minute, minutes under an hour, hours beyond.
 */
function durationParts(seconds: number): { value: number; unit: Unit } {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return { value: whole, unit: "second" };
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return { value: minutes, unit: "minute" };
  return { value: Math.ceil(whole / 3600), unit: "hour" };
}

/**
 * A wait of `seconds` in words in the page's language: "2 minutes", "دقيقتان". Latin digits in both
 * languages, as in the keys and the mail.
 */
export function formatDuration(seconds: number, language: Language): string {
  const { value, unit } = durationParts(seconds);
  return new Intl.NumberFormat(`${language}-u-nu-latn`, {
    style: "unit",
    unit,
    unitDisplay: "long",
  }).format(value);
}

/** formatDuration in the current page's language. */
export function useFormatDuration() {
  const language = useLanguage();
  return (seconds: number) => formatDuration(seconds, language);
}
