import { z } from "zod";
import type { ApiSchema } from "./api/client";

export type Workspace = ApiSchema<"Workspace">;
export type WorkspaceDetails = ApiSchema<"WorkspaceDetails">;
export type WorkspaceColor = Workspace["color"];

export const workspaceColors = [
  "indigo",
  "sky",
  "teal",
  "emerald",
  "amber",
  "orange",
  "rose",
  "violet",
] as const satisfies readonly WorkspaceColor[];

/** Full class names, so that Tailwind finds them in the source. */
export const workspaceSwatches: Record<WorkspaceColor, string> = {
  indigo: "bg-indigo-500",
  sky: "bg-sky-500",
  teal: "bg-teal-500",
  emerald: "bg-emerald-500",
  amber: "bg-amber-500",
  orange: "bg-orange-500",
  rose: "bg-rose-500",
  violet: "bg-violet-500",
};

export const workspaceNameMax = 100;
export const workspaceDescriptionMax = 500;

/** The create and edit forms, checked before the API checks again; messages are keys. */
export const WorkspaceFields = z.object({
  name: z.string().trim().min(1, "errors.required").max(workspaceNameMax, "errors.nameTooLong"),
  description: z.string().trim().max(workspaceDescriptionMax, "errors.descriptionTooLong"),
  color: z.enum(workspaceColors, "errors.color"),
});

export type WorkspaceFieldName = keyof z.infer<typeof WorkspaceFields>;
