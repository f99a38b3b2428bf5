import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { errorMessage, optionalText } from "./validation";

type BotUpdate = ApiSchema<"BotUpdate">;
export type BotAnswerLength = NonNullable<BotUpdate["answerLength"]>;

export const botAnswerLengths = [
  "short",
  "medium",
  "long",
] as const satisfies readonly BotAnswerLength[];

/** The API's limits on a bot's settings (api/bots/bot-limits.ts, docs/x-bot.md). */
export const botSettingsLimits = {
  chatModel: 200,
  instructions: 20_000,
  fallbackMessage: 1_000,
  temperature: { min: 0, max: 2 },
  rateLimitMessages: { min: 1, max: 1_000 },
  rateLimitSeconds: { min: 1, max: 86_400 },
  dailyMessageCap: { min: 1, max: 1_000_000 },
  maxMessageLength: { min: 20, max: 10_000 },
  retentionDays: { min: 1, max: 365 },
} as const;

/** The starter instructions the settings page offers; their texts are translated (xbot.json). */
export const instructionTemplates = ["support", "sales", "faq"] as const;
export type InstructionTemplate = (typeof instructionTemplates)[number];

const number = (range: { min: number; max: number }, whole = true) => {
  const base = z.coerce.number({ error: "invalidNumber" });
  return (whole ? base.int("invalidNumber") : base)
    .min(range.min, errorMessage("tooSmall", { count: range.min }))
    .max(range.max, errorMessage("tooBig", { count: range.max }));
};

/** The settings form of a bot (/x-bot/settings); messages are keys of `validation`. */
export const BotSettingsFields = z.object({
  chatModel: optionalText(botSettingsLimits.chatModel).refine(
    (value) => /^[\w.:/@+-]*$/.test(value),
    "invalid",
  ),
  temperature: number(botSettingsLimits.temperature, false),
  answerLength: z.enum(botAnswerLengths, "invalid"),
  instructions: optionalText(botSettingsLimits.instructions, { multiline: true }),
  knowledgeOnly: z.boolean().optional(),
  fallbackMessage: optionalText(botSettingsLimits.fallbackMessage, { multiline: true }),
  rateLimitMessages: number(botSettingsLimits.rateLimitMessages),
  rateLimitSeconds: number(botSettingsLimits.rateLimitSeconds),
  dailyMessageCap: number(botSettingsLimits.dailyMessageCap),
  maxMessageLength: number(botSettingsLimits.maxMessageLength),
  retentionDays: number(botSettingsLimits.retentionDays),
  version: z.coerce.number().int().optional(),
});

export type BotSettingsValues = z.output<typeof BotSettingsFields>;

/** The PATCH /bots/{id} body of a checked settings form. */
export function settingsChanges(values: BotSettingsValues): BotUpdate {
  return {
    version: values.version ?? 0,
    chatModel: values.chatModel || null,
    temperature: values.temperature,
    answerLength: values.answerLength,
    instructions: values.instructions,
    knowledgeOnly: values.knowledgeOnly ?? false,
    fallbackMessage: values.fallbackMessage,
    rateLimit: { messages: values.rateLimitMessages, seconds: values.rateLimitSeconds },
    dailyMessageCap: values.dailyMessageCap,
    maxMessageLength: values.maxMessageLength,
    retentionDays: values.retentionDays,
  };
}

/** The API's dotted field names → the form's. */
export const settingsApiFields = {
  "rateLimit.messages": "rateLimitMessages",
  "rateLimit.seconds": "rateLimitSeconds",
  rateLimit: "rateLimitMessages",
};

/**
 * The models a bot may name, as a thread's settings offer them: the deployment's list when it
 * has one (AI_CHAT_MODELS), else what the organization's provider lists; the bot's own model
 * stays offered when neither lists it. Empty: the field is free text.
 */
export function modelOptions(listed: readonly string[], current: string | null): string[] {
  const models = [...new Set(listed)];
  if (current && !models.includes(current)) models.unshift(current);
  return models;
}

export type BotSettingsAnswer = {
  result: SubmissionResult<string[]>;
  /** Someone saved the bot since the form was opened (409 STALE_VERSION). */
  stale?: boolean;
};

/** What the organization's AI settings say of its chat model, as GET /organizations/{id}/ai lists it. */
export type ChatCapability = { source: string | null; model: string | null } | null;

/**
 * Whether the bot has a chat model to answer with (`configured`: the organization's own or the
 * deployment's), and its default; null when the API could not say (`undefined`), so that the
 * page claims nothing. Without one, the bot answers with its fallback message.
 */
export function chatModelState(chat: ChatCapability | undefined) {
  if (chat === undefined) return null;
  return { configured: Boolean(chat?.source), defaultModel: chat?.model ?? null };
}
