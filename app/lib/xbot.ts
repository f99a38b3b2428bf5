import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { parseTags } from "./clients";
import { errorMessage, optionalText, requiredText } from "./validation";

export type Bot = ApiSchema<"Bot">;
export type BotSummary = ApiSchema<"BotSummary">;
export type BotStatus = Bot["status"];
export type BotLanguage = Bot["language"];

export const botStatuses = ["draft", "live"] as const satisfies readonly BotStatus[];
export const botLanguages = ["visitor", "en", "ar"] as const satisfies readonly BotLanguage[];

/** The steps of making a bot, in the order the overview lists them, with where each is done. */
export const checklistSteps = [
  ["instructions", "/x-bot/settings"],
  ["knowledge", "/x-bot/knowledge"],
  ["appearance", "/x-bot/appearance"],
  ["embedded", "/x-bot/embedding"],
  ["firstConversation", "/x-bot/history"],
] as const satisfies readonly [keyof BotSummary["checklist"], string][];

/** The API's limits on a bot's details (docs/x-bot.md). */
export const botDetailLimits = { name: 100, description: 1000, tags: 20, tag: 40 } as const;

/** The details form of a bot (/x-bot/details). */
export const BotDetailsFields = z.object({
  name: requiredText(botDetailLimits.name),
  description: optionalText(botDetailLimits.description, { multiline: true }),
  status: z.enum(botStatuses, "invalid"),
  language: z.enum(botLanguages, "invalid"),
  avatarMediaId: optionalText(36),
  workspaceId: optionalText(36),
  projectId: optionalText(36),
  characterId: optionalText(36),
  tags: optionalText(900)
    .refine((value) => parseTags(value).length <= botDetailLimits.tags, "tooManyTags")
    .refine(
      (value) => parseTags(value).every((tag) => tag.length <= botDetailLimits.tag),
      errorMessage("tagTooLong", { count: botDetailLimits.tag }),
    ),
  version: z.coerce.number().int().optional(),
});

export type BotDetailsAnswer = {
  result: SubmissionResult<string[]>;
  /** Someone saved the bot since the form was opened (409 STALE_VERSION). */
  stale?: boolean;
};

/** The overview's answers: a change of status refused because someone else saved first. */
export type OverviewAnswer = { intent: "status"; stale: true } | { intent: "create"; error: true };
