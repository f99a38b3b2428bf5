import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { parseTags } from "./clients";
import { errorMessage, optionalText, requiredText } from "./validation";

export type Project = ApiSchema<"Project">;
export type ProjectStatus = Project["status"];

export const projectStatuses = [
  "planned",
  "active",
  "on_hold",
  "done",
  "cancelled",
] as const satisfies readonly ProjectStatus[];

export const projectStatusTones: Record<
  ProjectStatus,
  "accent" | "success" | "neutral" | "danger"
> = {
  planned: "neutral",
  active: "accent",
  on_hold: "neutral",
  done: "success",
  cancelled: "danger",
};

/** The currencies the form offers first; the API takes any ISO 4217 code. */
export const budgetCurrencies = [
  "SAR",
  "AED",
  "KWD",
  "QAR",
  "BHD",
  "OMR",
  "EGP",
  "JOD",
  "USD",
  "EUR",
  "GBP",
] as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "invalidDate")
  .optional()
  .transform((value) => value ?? "");

/** The create and edit forms of a project. */
export const ProjectFields = z
  .object({
    name: requiredText(200),
    status: z.enum(projectStatuses, "invalid"),
    clientId: optionalText(36),
    workspaceId: optionalText(36),
    startDate: isoDate,
    dueDate: isoDate,
    budgetAmount: z.coerce
      .number("invalidAmount")
      .min(0, "invalidAmount")
      .max(1_000_000_000_000, "invalidAmount")
      .optional(),
    currency: z.enum(budgetCurrencies, "invalid"),
    memberIds: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z.array(z.string()),
    ),
    tags: optionalText(900)
      .refine((value) => parseTags(value).length <= 20, "tooManyTags")
      .refine(
        (value) => parseTags(value).every((tag) => tag.length <= 40),
        errorMessage("tagTooLong", { count: 40 }),
      ),
    description: optionalText(10_000, { multiline: true }),
    version: z.coerce.number().int().optional(),
  })
  .refine((value) => !value.startDate || !value.dueDate || value.dueDate >= value.startDate, {
    message: "dueBeforeStart",
    path: ["dueDate"],
  });

export type ProjectFormAnswer = {
  intent: "create" | "update";
  result: SubmissionResult<string[]>;
  stale?: boolean;
};
