import type { BotLanguage, FontChoice } from "./contract";

export type WidgetLanguage = "en" | "ar";
type Rgb = [number, number, number];

/** The product's accent, used when a bot's colour cannot be read. */
export const defaultAccent = "#4f46e5";
const white = "#ffffff";
const black = "#000000";

/** The panel's background in each theme (styles.ts `--qb-bg`), and the text on it. */
export const widgetBackgrounds = { light: "#ffffff", dark: "#111318" } as const;
export const widgetText = { light: "#111827", dark: "#f3f4f6" } as const;

/** `#rgb` or `#rrggbb` as red, green and blue from 0 to 255; anything else is null. */
export function parseHexColor(value: unknown): Rgb | null {
  if (typeof value !== "string") return null;
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  let hex = match[1] as string;
  if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join("");
  return [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}

/** WCAG 2's relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2's contrast ratio of two colours, from 1 to 21; 1 when either cannot be read. */
export function contrastRatio(a: string, b: string): number {
  const first = parseHexColor(a);
  const second = parseHexColor(b);
  if (!first || !second) return 1;
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The bot's accent as `#rrggbb`, or the product's when it cannot be read. */
export function accentColor(value: unknown): string {
  const rgb = parseHexColor(value);
  if (!rgb) return defaultAccent;
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

/** White or black, whichever reads better on the colour: at least 4.58:1 for any colour. */
export function textOn(color: string): string {
  return contrastRatio(color, white) >= contrastRatio(color, black) ? white : black;
}

/**
 * The focus ring's colour on a background: the accent where it stands out from it (3:1, WCAG's
 * non-text contrast), otherwise the text colour.
 */
export function focusColor(accent: string, background: string, text: string): string {
  return contrastRatio(accent, background) >= 3 ? accent : text;
}

/** The widget's language: the bot's, or for "visitor" the first of the browser's it speaks. */
export function widgetLanguage(
  language: BotLanguage | string | undefined,
  visitorLanguages: readonly string[] = [],
): WidgetLanguage {
  if (language === "ar" || language === "en") return language;
  for (const tag of visitorLanguages) {
    const primary = tag.toLowerCase().split("-")[0];
    if (primary === "ar" || primary === "en") return primary;
  }
  return "en";
}

export const direction = (language: WidgetLanguage) => (language === "ar" ? "rtl" : "ltr");

const system =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", Tahoma, sans-serif';

/**
 * A font choice as a CSS font stack. The widget downloads no font (its budget, and no request
 * the page did not make): Inter and IBM Plex Sans Arabic show where the page or the visitor has
 * them, as the product's own pages do for the preview, and the system's font elsewhere.
 */
const fontStacks: Record<FontChoice, string> = {
  system,
  inter: `"Inter Variable", Inter, "IBM Plex Sans Arabic", ${system}`,
  "ibm-plex-sans-arabic": `"IBM Plex Sans Arabic", "Inter Variable", Inter, ${system}`,
};

export function fontStack(font: unknown): string {
  return fontStacks[font as FontChoice] ?? system;
}

/** Corner radius in whole pixels from 0 to 32 (the API's range); 12 when it is not a number. */
export function cornerRadius(value: unknown): number {
  const radius = typeof value === "number" && Number.isFinite(value) ? Math.round(value) : 12;
  return Math.min(32, Math.max(0, radius));
}

/**
 * An http or https address as the URL parser reads it, or null for any other. With `base`, a
 * path is read against it (an avatar on the product's origin); without, only whole addresses.
 */
export function safeUrl(value: unknown, base?: string): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
