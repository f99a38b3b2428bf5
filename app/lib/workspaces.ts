import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { workspaceDescription, workspaceName } from "./validation";

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

/** The create and edit forms, checked in the browser and on the server before the API checks again. */
export const WorkspaceFields = z.object({
  name: workspaceName(),
  description: workspaceDescription(),
  color: z.enum(workspaceColors, "chooseColor"),
});

/** The answer to a create or edit form, which only the form of that intent takes. */
export type WorkspaceFormAnswer = {
  intent: "create" | "update";
  result: SubmissionResult<string[]>;
};
