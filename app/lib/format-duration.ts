import { useLanguage } from "./use-language";

/** A wait in words ("2 minutes", "دقيقتان"), rounded up to whole minutes past a minute. */
export function formatDuration(seconds: number, language: string) {
  const whole = Math.max(1, Math.ceil(seconds));
  const [value, unit] =
    whole < 60
      ? [whole, "second"]
      : whole < 3600
        ? [Math.ceil(whole / 60), "minute"]
        : [Math.ceil(whole / 3600), "hour"];
  return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "long" }).format(
    value,
  );
}

export function useFormatDuration() {
  const language = useLanguage();
  return (seconds: number) => formatDuration(seconds, language);
}
