import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { optionalText } from "./validation";

export type Lead = ApiSchema<"Lead">;

/** A lead's way from new to won or lost (the API's `leadStatuses`). */
export type LeadStatus = Lead["status"];
export const leadStatuses = [
  "new",
  "contacted",
  "qualified",
  "won",
  "lost",
] as const satisfies readonly LeadStatus[];

/** The badge tone of each status. */
export const leadStatusTones: Record<LeadStatus, "neutral" | "accent" | "success" | "danger"> = {
  new: "accent",
  contacted: "neutral",
  qualified: "neutral",
  won: "success",
  lost: "danger",
};

export const leadLimits = { notes: 5_000 } as const;

/** A lead's follow-up as a member changes it: its status, notes and owner. */
export const LeadFollowUpFields = z.object({
  version: z.coerce.number().int().min(1),
  status: z.enum(leadStatuses),
  notes: optionalText(leadLimits.notes, { multiline: true }),
  ownerId: z
    .union([z.uuid(), z.literal("")])
    .optional()
    .transform((value) => value || null),
});

/** What the leads page's action answers: a form's result, or that the lead changed meanwhile. */
export type LeadAnswer = { intent: "update"; result?: SubmissionResult<string[]>; stale?: boolean };

/** The day after `day` (YYYY-MM-DD): the API's `to` is exclusive, the page's takes the whole day. */
export const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
