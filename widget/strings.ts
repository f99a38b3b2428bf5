import ar from "../locales/ar/widget.json";
import en from "../locales/en/widget.json";
import type { WidgetLanguage } from "./theme";

/** The widget's own messages, bundled: it never loads the product's message files. */
export const widgetNamespaces = ["widget"] as const;

export type MessageKey = keyof typeof en;
const messages: Record<WidgetLanguage, Record<MessageKey, string>> = { en, ar };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The messages of a language, with `{{name}}` placeholders filled in. */
export function translator(language: WidgetLanguage): Translate {
  const table = messages[language];
  return (key, values = {}) =>
    table[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
}

/** "in 30 seconds", "in 2 minutes", in the widget's language. */
export function inTime(language: WidgetLanguage, seconds: number): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 90
    ? format.format(whole, "second")
    : format.format(Math.ceil(whole / 60), "minute");
}
