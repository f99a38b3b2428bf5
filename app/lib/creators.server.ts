import { randomInt } from "node:crypto";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import type { ApiClient } from "./api/client";
import { isApiError, isUserError } from "./api/errors";
import { getApiClient } from "./api.server";
import { type CreatorKind, jobKindOf, settingsOf } from "./creator-kinds";
import {
  type GenerationOptions,
  generationLimits,
  ImageForm,
  SpeechForm,
  VideoForm,
} from "./creators";
import { readForm } from "./form-body.server";
import { replyWithApiError } from "./form-replies.server";
import { recipeJobKind } from "./recipes";
import { isRecipeIntent, loadRecipes, type RecipeAnswer, recipeAction } from "./recipes.server";
import { badRequest } from "./responses.server";
import { requireUser, serviceUnavailable } from "./session.server";

/** Jobs of the kind the page lists beside its form: the member's latest. */
const recentJobs = 8;
/** Images offered as a start image or a still. */
const imageChoices = 24;

const Visit = z.object({
  /** "Reuse settings": the item whose settings fill the form. */
  from: z.uuid().optional().catch(undefined),
  /** "Make a video" of an image of the library: the start image. */
  image: z.uuid().optional().catch(undefined),
  /** "Send to the audio creator" from a thread: the message whose text is read. */
  thread: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional()
    .catch(undefined),
  message: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional()
    .catch(undefined),
  /** A character's voice, chosen first. */
  character: z.uuid().optional().catch(undefined),
  /** The video creator's recipes: one of the member's own to change, a search, a page. */
  recipe: z.uuid().optional().catch(undefined),
  recipeSearch: z.string().trim().max(100).optional().catch(undefined),
  recipePage: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  /** The start-image picker: a search of the image library, and the page it shows. */
  imageSearch: z.string().trim().max(200).optional().catch(undefined),
  imageCursor: z.string().max(200).optional().catch(undefined),
});

/**
 * A page of the image library for the start-image picker: the images matching the search, from
 * the cursor; a cursor the library no longer knows gives its first page.
 */
async function imagePage(api: ApiClient, search: string | undefined, cursor: string | undefined) {
  const page = (at: string | undefined) =>
    api.get("/media", {
      query: {
        kind: "image",
        limit: imageChoices,
        ...(search ? { q: search } : {}),
        ...(at ? { cursor: at } : {}),
      },
    });
  const first = await page(cursor).catch((error: unknown) => {
    if (cursor && isApiError(error, 422)) return null;
    throw serviceUnavailable(error);
  });
  const shown = first ?? (await page(undefined).catch(unavailableError));
  return {
    items: shown.items,
    nextCursor: shown.nextCursor,
    search: search ?? "",
    cursor: first && cursor ? cursor : null,
  };
}

function unavailableError(error: unknown): never {
  throw serviceUnavailable(error);
}

/** The text of a thread's message, for the audio creator; none when it is not to be read. */
async function messageText(api: ApiClient, threadId: string, messageId: string) {
  const thread = await api
    .get("/threads/{id}", { path: { id: threadId } })
    .catch((error: unknown) => {
      if (isUserError(error)) return null;
      throw serviceUnavailable(error);
    });
  return thread?.messages.find((message) => String(message.id) === messageId)?.content ?? null;
}

/**
 * What a creator page shows: what the organization's model offers for the kind, the member's
 * latest jobs of it, the settings of the item being reused, and the library's images to start
 * from.
 */
export async function loadCreator<Kind extends CreatorKind>(
  { request, context }: Pick<LoaderFunctionArgs, "request" | "context">,
  kind: Kind,
) {
  const { token, user } = await requireUser(request, context);
  const permissions = user.account.currentOrganizationPermissions;
  const organizationId = user.account.currentOrganizationId;
  const canManageAi = permissions.includes("ai.manage");
  if (!permissions.includes("media.create")) {
    return { allowed: false as const, organizationId, canManageAi };
  }
  const visit = Visit.parse(Object.fromEntries(new URL(request.url).searchParams));
  const api = getApiClient(request, context, token);
  const unavailable = (error: unknown): never => {
    throw serviceUnavailable(error);
  };
  const latestOf = (jobKind: string) =>
    api
      .get("/jobs", { query: { kind: jobKind, mine: "true", page: 1, pageSize: recentJobs } })
      .then((page) => page.items)
      .catch(unavailable);
  const [options, jobs, reused, images, initialText, recipes, recipeJobs] = await Promise.all([
    api.get("/generations/options").catch(unavailable),
    latestOf(jobKindOf[kind]),
    visit.from
      ? api
          .get("/media/{id}", { path: { id: visit.from } })
          .then((item) => (item.deletedAt ? null : item))
          .catch((error: unknown) => (isApiError(error, 404) ? null : unavailable(error)))
      : null,
    kind === "speech" ? null : imagePage(api, visit.imageSearch, visit.imageCursor),
    kind === "speech" && visit.thread && visit.message
      ? messageText(api, visit.thread, visit.message)
      : null,
    // A recipe ends in a video: the video creator lists and runs them, and shows their jobs.
    kind === "video" ? loadRecipes(api, visit).catch(unavailable) : null,
    kind === "video" ? latestOf(recipeJobKind) : [],
  ]);
  return {
    allowed: true as const,
    organizationId,
    canManageAi,
    options: options[kind] as GenerationOptions[Kind],
    /** Which of the server's own programs run, to say what a missing one turns off. */
    embeddedTools: options.embeddedTools,
    jobs: [...jobs, ...recipeJobs]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, recentJobs),
    reused: reused
      ? { id: reused.id, title: reused.title, settings: settingsOf(reused.settings) }
      : null,
    images: images?.items ?? [],
    /** The picker's search and page, and the next page's cursor. */
    imagePage: images
      ? { search: images.search, cursor: images.cursor, nextCursor: images.nextCursor }
      : null,
    /** The speech model's offers, for a video's narration. */
    speech: kind === "video" ? options.speech : null,
    /** The image model's offers and the recipes, for the video creator's recipes. */
    image: kind === "video" ? options.image : null,
    recipes: recipes ?? null,
    startImageId: visit.image,
    characterId: visit.character,
    initialText,
  };
}

/** Field codes of `POST /generations`, as the forms explain them. */
const generationCodes = {
  TOO_LONG: "tooLongPlain",
  UNSUPPORTED_SIZE: "unsupportedSize",
  UNSUPPORTED_DURATION: "unsupportedDuration",
  UNKNOWN_VOICE: "unknownVoice",
  NOT_AN_IMAGE: "notAnImage",
  QUOTA_EXCEEDED: "quotaExceeded",
  TOO_MANY_WAITING_JOBS: "tooManyWaitingJobs",
  MODEL_NOT_ALLOWED: "modelNotAllowed",
  AI_NOT_CONFIGURED: "aiNotConfigured",
};

export type CreatorAnswer = {
  intent: "generate" | "cancel" | "retry";
  result?: SubmissionResult<string[]>;
  /** The job just asked for. */
  jobId?: string;
  /** The seed an image was made with, for the form to show. */
  seed?: number;
  /** A cancel or retry that failed: a message key of `creators`. */
  error?: string;
};

const answer = (value: CreatorAnswer, status = 200) => data<CreatorAnswer>(value, { status });

type Body = Record<string, unknown>;

/** The form's fields as `POST /generations` takes them; empty fields are left out. */
export function generationBody(kind: CreatorKind, value: Body): Body {
  const body: Body = { kind };
  for (const [name, field] of Object.entries(value)) {
    if (field === undefined || field === "" || name === "lockSeed") continue;
    body[name] = field;
  }
  if (kind === "image" && body.style === "none") delete body.style;
  if (kind === "speech" && body.language === "auto") delete body.language;
  if (kind === "video") {
    const [startImageId, ...stills] = (value.imageIds as string[] | undefined) ?? [];
    delete body.imageIds;
    if (startImageId) body.startImageId = startImageId;
    if (stills.length) body.imageIds = stills;
    delete body.narrationText;
    delete body.narrationVoice;
    if (value.narrationText) {
      body.narration = {
        text: value.narrationText,
        ...(value.narrationVoice ? { voice: value.narrationVoice } : {}),
      };
    }
  }
  return body;
}

const schemas = { image: ImageForm, speech: SpeechForm, video: VideoForm } as const;

async function generate(api: ApiClient, kind: CreatorKind, form: FormData) {
  const submission: Submission<unknown> = parseWithZod(form, { schema: schemas[kind] });
  if (submission.status !== "success") {
    return answer({ intent: "generate", result: submission.reply() }, 422);
  }
  const value = { ...(submission.value as Body) };
  // An unlocked seed is a new one each time, chosen here so that the item records it and
  // "Reuse settings" makes the same image again.
  if (kind === "image" && !value.lockSeed) value.seed = randomInt(generationLimits.seed);
  try {
    const { job } = await api.post("/generations", {
      // The body is the form's, checked by the same limits as the API's.
      body: generationBody(kind, value) as never,
    });
    const result = submission.reply();
    if (kind === "image" && result.initialValue) {
      result.initialValue = { ...result.initialValue, seed: String(value.seed) };
    }
    return answer({
      intent: "generate",
      result,
      jobId: job.id,
      ...(kind === "image" ? { seed: value.seed as number } : {}),
    });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const fields: Record<string, string> =
      kind === "video"
        ? {
            startImageId: "imageIds",
            narration: "narrationText",
            "narration.text": "narrationText",
          }
        : {};
    return answer(
      {
        intent: "generate",
        result: replyWithApiError(submission, error, { codes: generationCodes, fields }),
      },
      error.status,
    );
  }
}

const JobAction = z.object({ jobId: z.uuid() });

/** Generate, cancel a job, or ask again for what a job asked (its `input`). */
export async function creatorAction(
  { request, context }: Pick<LoaderFunctionArgs, "request" | "context">,
  kind: CreatorKind,
) {
  const { token } = await requireUser(request, context);
  const api = getApiClient(request, context, token);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "generate") return generate(api, kind, form);
  if (kind === "video" && isRecipeIntent(intent)) {
    const outcome = await recipeAction(api, request, intent, form);
    if (outcome instanceof Response) return outcome;
    return data<CreatorAnswer | RecipeAnswer>(outcome.answer, { status: outcome.status });
  }
  if (intent !== "cancel" && intent !== "retry") throw badRequest();
  const parsed = JobAction.safeParse({ jobId: form.get("jobId") });
  if (!parsed.success) throw badRequest();
  try {
    if (intent === "cancel") {
      await api.post("/jobs/{id}/cancel", { path: { id: parsed.data.jobId } });
      return answer({ intent });
    }
    const job = await api.get("/jobs/{id}", { path: { id: parsed.data.jobId } });
    // A recipe's run is tried again by running the recipe again.
    const recipeId =
      kind === "video" && job.kind === recipeJobKind && settingsOf(job.input).recipeId;
    if (typeof recipeId === "string") {
      const { job: again } = await api.post("/recipes/{id}/run", { path: { id: recipeId } });
      return answer({ intent, jobId: again.id });
    }
    if (job.kind !== jobKindOf[kind]) throw badRequest();
    const { job: again } = await api.post("/generations", { body: job.input as never });
    return answer({ intent, jobId: again.id });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!isUserError(error)) throw serviceUnavailable(error);
    const known = [
      "JOB_FINISHED",
      "QUOTA_EXCEEDED",
      "TOO_MANY_REQUESTS",
      "TOO_MANY_WAITING_JOBS",
      "MODEL_NOT_ALLOWED",
      "AI_NOT_CONFIGURED",
      "NOT_FOUND",
    ];
    return answer(
      { intent, error: known.includes(error.code) ? error.code : "UNKNOWN" },
      error.status,
    );
  }
}
