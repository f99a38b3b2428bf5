import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { Appearance, BotPublicConfig } from "../../widget/contract";
import { accentColor, contrastRatio, widgetBackgrounds } from "../../widget/theme";
import { errorMessage, optionalText } from "./validation";

/**
 * /x-bot/appearance: the form of a bot's appearance, and the configuration its live preview (the
 * real widget) is drawn with. The shapes are the widget's own (widget/contract.ts).
 */

export type { Appearance };
export type Theme = Appearance["theme"];
export type Font = Appearance["font"];
export type Position = Appearance["position"];
export type Launcher = Appearance["launcher"];

export const themes = ["light", "dark", "auto"] as const satisfies readonly Theme[];
export const fonts = ["system", "inter", "ibm-plex-sans-arabic"] as const satisfies readonly Font[];
export const positions = ["end", "start"] as const satisfies readonly Position[];
export const launchers = ["icon", "avatar"] as const satisfies readonly Launcher[];

/** The API's limits on the appearance (api/bots/bot-limits.ts, docs/x-bot.md). */
export const appearanceLimits = {
  headerTitle: 80,
  headerSubtitle: 120,
  welcomeMessages: 5,
  welcomeMessage: 500,
  suggestedPrompts: 6,
  suggestedPrompt: 120,
  placeholder: 120,
  footer: 200,
  disclaimer: 500,
  radius: { min: 0, max: 32 },
  customCssBytes: 20_000,
} as const;

/** WCAG's AA contrast for text: under it, the page warns. */
export const minimumContrast = 4.5;

const hexColor = /^#[0-9a-f]{6}$/i;

/** A list's slots as sent (`welcomeMessages[0]`…): empty ones dropped. */
const list = (items: number, each: number, multiline: boolean) =>
  z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
        (item) => typeof item === "string" && item.trim() !== "",
      ),
    z
      .array(optionalText(each, { multiline }))
      .max(items, errorMessage("tooMany", { count: items })),
  );

const cssBytes = (value: string) => new TextEncoder().encode(value).length;

/** The appearance form; messages are keys of `validation`. */
export const AppearanceFields = z.object({
  theme: z.enum(themes, "invalid"),
  accentColor: z
    .string({ error: "required" })
    .trim()
    .regex(hexColor, "invalid")
    .transform((value) => value.toLowerCase()),
  font: z.enum(fonts, "invalid"),
  radius: z.coerce
    .number({ error: "invalidNumber" })
    .int("invalidNumber")
    .min(appearanceLimits.radius.min, errorMessage("tooSmall", { count: 0 }))
    .max(appearanceLimits.radius.max, errorMessage("tooBig", { count: 32 })),
  position: z.enum(positions, "invalid"),
  launcher: z.enum(launchers, "invalid"),
  headerTitle: optionalText(appearanceLimits.headerTitle),
  headerSubtitle: optionalText(appearanceLimits.headerSubtitle),
  welcomeMessages: list(appearanceLimits.welcomeMessages, appearanceLimits.welcomeMessage, true),
  suggestedPrompts: list(
    appearanceLimits.suggestedPrompts,
    appearanceLimits.suggestedPrompt,
    false,
  ),
  placeholder: optionalText(appearanceLimits.placeholder),
  footer: optionalText(appearanceLimits.footer),
  disclaimer: optionalText(appearanceLimits.disclaimer, { multiline: true }),
  customCss: z
    .string()
    .optional()
    .transform((value) => value ?? "")
    .refine(
      (value) => cssBytes(value) <= appearanceLimits.customCssBytes,
      errorMessage("tooLong", { count: appearanceLimits.customCssBytes }),
    )
    .refine((value) => !/<\/?\s*style|<!--|-->/i.test(value), "cssOnly"),
  version: z.coerce.number().int().optional(),
});

export type AppearanceValues = z.output<typeof AppearanceFields>;

/** The checked form as the bot's appearance (PATCH /bots/{id} `appearance`). */
export function appearanceOf(values: AppearanceValues): Appearance {
  const { version: _version, ...appearance } = values;
  return appearance;
}

/**
 * The API's field of a refused appearance → the form's: `appearance.headerTitle` is
 * `headerTitle`, an item of a list (`appearance.welcomeMessages.2`) its list.
 */
export function appearanceFieldOf(apiField: string): string | null {
  const match = /^appearance\.(\w+)/.exec(apiField);
  return match ? (match[1] as string) : null;
}

/**
 * What the form holds as it is being typed, read leniently for the preview: what cannot be read
 * yet (a colour half typed, a radius out of range) keeps the saved value.
 */
export function appearanceFromForm(form: FormData, saved: Appearance): Appearance {
  const text = (name: string, fallback: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : fallback;
  };
  const choice = <T extends string>(name: string, options: readonly T[], fallback: T): T => {
    const value = form.get(name);
    return options.includes(value as T) ? (value as T) : fallback;
  };
  const items = (name: string, max: number, fallback: string[]) => {
    const names = [...form.keys()].filter((key) => key.startsWith(`${name}[`));
    if (!names.length) return fallback;
    return [...new Set(names)]
      .map((key) => form.get(key))
      .filter((value): value is string => typeof value === "string" && value.trim() !== "")
      .slice(0, max);
  };
  const accent = text("accentColor", saved.accentColor).trim();
  const radius = Number(text("radius", String(saved.radius)));
  return {
    theme: choice("theme", themes, saved.theme),
    accentColor: hexColor.test(accent) ? accent.toLowerCase() : saved.accentColor,
    font: choice("font", fonts, saved.font),
    radius:
      Number.isInteger(radius) &&
      radius >= appearanceLimits.radius.min &&
      radius <= appearanceLimits.radius.max
        ? radius
        : saved.radius,
    position: choice("position", positions, saved.position),
    launcher: choice("launcher", launchers, saved.launcher),
    headerTitle: text("headerTitle", saved.headerTitle),
    headerSubtitle: text("headerSubtitle", saved.headerSubtitle),
    welcomeMessages: items(
      "welcomeMessages",
      appearanceLimits.welcomeMessages,
      saved.welcomeMessages,
    ),
    suggestedPrompts: items(
      "suggestedPrompts",
      appearanceLimits.suggestedPrompts,
      saved.suggestedPrompts,
    ),
    placeholder: text("placeholder", saved.placeholder),
    footer: text("footer", saved.footer),
    disclaimer: text("disclaimer", saved.disclaimer),
    customCss: text("customCss", saved.customCss),
  };
}

/** What the preview needs of the bot besides its appearance. */
export type PreviewBot = {
  publicId: string;
  name: string;
  language: BotPublicConfig["language"];
  maxMessageLength: number;
  avatarMediaId: string | null;
};

/**
 * The public configuration the preview widget is drawn with, as `GET /public/bots/{publicId}`
 * would answer it once saved. A bot that speaks the visitor's language is previewed in the
 * page's; the avatar is the member's own address of the image (the widget reads it against the
 * product's origin).
 */
export function previewConfig(
  bot: PreviewBot,
  appearance: Appearance,
  pageLanguage: "en" | "ar",
): BotPublicConfig {
  return {
    publicId: bot.publicId,
    name: bot.name,
    avatarUrl: bot.avatarMediaId ? `/media/${bot.avatarMediaId}/thumbnail` : null,
    language: bot.language === "visitor" ? pageLanguage : bot.language,
    maxMessageLength: bot.maxMessageLength,
    appearance,
    // The preview shows the chat as it looks; the lead form is not the appearance's.
    leadForm: null,
  };
}

/**
 * How the accent reads on the widget's background: the lowest contrast over the backgrounds the
 * theme can show (both for `auto`), on which background, and whether it is under WCAG's 4.5:1.
 */
export function accentContrast(accent: string, theme: Theme) {
  const shown: ("light" | "dark")[] = theme === "auto" ? ["light", "dark"] : [theme];
  const color = accentColor(accent);
  const [worst] = shown
    .map((background) => ({
      background,
      ratio: contrastRatio(color, widgetBackgrounds[background]),
    }))
    .sort((a, b) => a.ratio - b.ratio) as [{ background: "light" | "dark"; ratio: number }];
  return { ...worst, low: worst.ratio < minimumContrast };
}

/** A contrast ratio as people read it: 4.5:1, one decimal, cut rather than rounded up. */
export function formatRatio(ratio: number, language: "en" | "ar"): string {
  const cut = Math.floor(ratio * 10) / 10;
  const number = new Intl.NumberFormat(language === "ar" ? "ar-u-nu-latn" : "en", {
    maximumFractionDigits: 1,
  }).format(cut);
  return `${number}:1`;
}

export type AppearanceAnswer = {
  result: SubmissionResult<string[]>;
  /** Someone saved the bot since the form was opened (409 STALE_VERSION). */
  stale?: boolean;
};
