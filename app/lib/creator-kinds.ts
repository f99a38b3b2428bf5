import type { ApiSchema } from "./api/client";

/**
 * The creators' kinds and what the app shell needs of their jobs, apart from the forms (and
 * their schemas) that only the creator pages load.
 */

export type Job = ApiSchema<"Job">;

/** A generation's kind, as `POST /generations` takes it, and the library each one fills. */
export const creatorKinds = ["image", "speech", "video"] as const;
export type CreatorKind = (typeof creatorKinds)[number];

/** The library page of each kind: a speech generation makes audio. */
export const libraryOf: Record<CreatorKind, "/image" | "/audio" | "/video"> = {
  image: "/image",
  speech: "/audio",
  video: "/video",
};

export const creatorOf: Record<CreatorKind, string> = {
  image: "/image/creator",
  speech: "/audio/creator",
  video: "/video/creator",
};
/** The job kind of each generation (`GET /jobs?kind=`). */
export const jobKindOf: Record<CreatorKind, string> = {
  image: "image.generate",
  speech: "speech.generate",
  video: "video.generate",
};

/** The job kind of a recipe's run: an image, then a video from it; it ends in a video. */
export const recipeJobKind = "recipe.run";

/** The creator a job kind belongs to; a recipe's run to the video creator. */
export function creatorKindOfJob(kind: string): CreatorKind | undefined {
  if (kind === recipeJobKind) return "video";
  return creatorKinds.find((creator) => jobKindOf[creator] === kind);
}

/** What "Reuse settings" reads back from an item: the body it was made with. */
export function settingsOf(settings: unknown): Record<string, unknown> {
  return settings && typeof settings === "object" && !Array.isArray(settings)
    ? (settings as Record<string, unknown>)
    : {};
}

/** A setting as a form field's text: a string or a number, else none. */
export function settingText(value: unknown): string | undefined {
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

/** A job's items, once it has made them. */
export function mediaIdsOf(job: Pick<Job, "result">): string[] {
  const result = settingsOf(job.result);
  return Array.isArray(result.mediaIds)
    ? result.mediaIds.filter((id): id is string => typeof id === "string")
    : [];
}

/** The words a job card shows of what was asked: its prompt or text, a recipe's name. */
export function requestOf(job: Pick<Job, "input">): string {
  const input = settingsOf(job.input);
  const text = input.prompt ?? input.text ?? input.name;
  return typeof text === "string" ? text : "";
}

/** Why a job's video was made without sound, as its result says (`silent`); null when it was not. */
export type Silence = { reason: "NO_VOICE" | "NOTHING_TO_READ"; missingTool?: string };

/** A video job's silence, read from its result. */
export function silenceOf(job: Pick<Job, "result">): Silence | null {
  const silent = settingsOf(settingsOf(job.result).silent);
  if (silent.reason !== "NO_VOICE" && silent.reason !== "NOTHING_TO_READ") return null;
  return typeof silent.missingTool === "string"
    ? { reason: silent.reason, missingTool: silent.missingTool }
    : { reason: silent.reason };
}
