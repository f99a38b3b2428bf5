import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { imageTypes, maxImageBytes } from "./images";
import { nameInitials } from "./initials";
import { email, errorMessage, optionalText, recordPhone, requiredText } from "./validation";

export type Client = ApiSchema<"Client">;
export type ClientKind = Client["kind"];
export type ClientStatus = Client["status"];

export const clientKinds = ["company", "person"] as const satisfies readonly ClientKind[];
export const clientStatuses = [
  "lead",
  "active",
  "inactive",
] as const satisfies readonly ClientStatus[];

/** The badge tone of each status. */
export const statusTones: Record<ClientStatus, "accent" | "success" | "neutral"> = {
  lead: "accent",
  active: "success",
  inactive: "neutral",
};

/** Tags as typed: separated by commas (Latin or Arabic), each trimmed, repeats dropped. */
export function parseTags(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? "")
        .split(/[,،]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** One or two letters for a client without a logo (see nameInitials). */
export function clientInitials(name: string) {
  return nameInitials(name);
}

/** The messages (validation keys) a logo refused after a client was added can come back with. */
export const clientLogoErrors = [
  "invalidImage",
  "unreadableImage",
  "imageTooLarge",
  "fileTooLarge",
] as const;
export type ClientLogoError = (typeof clientLogoErrors)[number];

/** A field that may be left empty ("" then), checked by `schema` when it is not. */
const optional = <T extends z.ZodType<string>>(schema: T) =>
  schema.optional().transform((value) => value ?? "");

/** The create and edit forms, checked in the browser and on the server before the API checks again. */
export const ClientFields = z.object({
  name: requiredText(200),
  kind: z.enum(clientKinds, "invalid"),
  status: z.enum(clientStatuses, "invalid"),
  contactName: optionalText(200),
  email: optional(email()),
  phone: optional(recordPhone()),
  website: optionalText(500).refine(
    (value) => value === "" || /^(https?:\/\/)?[^\s/$.?#][^\s]*\.[^\s]+$/i.test(value),
    "invalidUrl",
  ),
  address: optionalText(1000, { multiline: true }),
  tags: optionalText(900)
    .refine((value) => parseTags(value).length <= 20, "tooManyTags")
    .refine(
      (value) => parseTags(value).every((tag) => tag.length <= 40),
      errorMessage("tagTooLong", { count: 40 }),
    ),
  notes: optionalText(10_000, { multiline: true }),
  ownerId: optionalText(36),
  workspaceId: optionalText(36),
  version: z.coerce.number().int().optional(),
  /**
   * What the browser checks of a logo before sending it, checked again here for a form sent
   * without JavaScript; its content is the API's to judge.
   */
  logo: z
    .file()
    .mime([...imageTypes], "invalidImage")
    .max(maxImageBytes, "fileTooLarge")
    .optional(),
  removeLogo: z.literal("true").optional(),
});

export type ClientFormValues = z.infer<typeof ClientFields>;

/** The answer to a create or edit form. */
export type ClientFormAnswer = {
  intent: "create" | "update";
  result: SubmissionResult<string[]>;
  /** The edit was made on an older version: someone else saved meanwhile. */
  stale?: boolean;
  /** The version the form is now on: its fields were saved, and then its logo refused. */
  version?: number;
};
