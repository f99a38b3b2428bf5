import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import type { ApiClient } from "./api/client";
import { isUserError } from "./api/errors";
import { replyWithApiError } from "./form-replies.server";
import {
  RecipeForm,
  type RecipeFormValue,
  type RecipeNotice,
  recipeBody,
  recipeChanges,
} from "./recipes";
import { safeRedirect } from "./redirect.server";
import { badRequest } from "./responses.server";
import { serviceUnavailable } from "./session.server";

/** How many recipes the video creator lists a page: the member's and the organization's. */
export const recipesPageSize = 10;

export const recipeIntents = [
  "save-recipe",
  "update-recipe",
  "run-recipe",
  "delete-recipe",
  "restore-recipe",
] as const;
export type RecipeIntent = (typeof recipeIntents)[number];

export function isRecipeIntent(intent: unknown): intent is RecipeIntent {
  return recipeIntents.includes(intent as RecipeIntent);
}

export type RecipeAnswer = {
  intent: RecipeIntent;
  result?: SubmissionResult<string[]>;
  /** The recipe whose deletion asks to be confirmed (without JavaScript). */
  confirm?: string;
  /** The recipe a run, change or deletion was refused for, and why (a code of `creators.errors`). */
  recipeId?: string;
  error?: string;
};

/**
 * Back to the creator as it was (its query: a search, a page, a recipe being changed), with a
 * notice, at the recipes' card. A notice lives in the address, so a live update that reloads the
 * page's data keeps it.
 */
function back(request: Request, notice: RecipeNotice, changes = {}) {
  const url = new URL(request.url);
  const next = new URLSearchParams(url.search);
  next.delete("recipeDeleted");
  next.set("notice", notice);
  for (const [name, value] of Object.entries<string | null>(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return safeRedirect(`${url.pathname}?${next}#creator-recipes`);
}

export type RecipesPage = Awaited<ReturnType<typeof loadRecipes>>;

/**
 * A page of the recipes the member may run, newest change first, found by name; and the
 * member's own recipe that the form changes (`?recipe=`), on this page or not.
 */
export async function loadRecipes(
  api: ApiClient,
  visit: { recipe?: string; recipeSearch?: string; recipePage?: number },
) {
  const search = visit.recipeSearch ?? "";
  const readPage = (page: number) =>
    api.get("/recipes", {
      query: { page, pageSize: recipesPageSize, ...(search ? { q: search } : {}) },
    });
  const [first, editing] = await Promise.all([
    readPage(visit.recipePage ?? 1),
    visit.recipe
      ? api
          .get("/recipes/{id}", { path: { id: visit.recipe } })
          .catch((error: unknown) => (isUserError(error) ? null : Promise.reject(error)))
      : null,
  ]);
  // A page past the end (its last recipe was just deleted, or an old link) shows the last one.
  const lastPage = Math.ceil(first.total / recipesPageSize);
  const list = first.items.length === 0 && lastPage >= 1 ? await readPage(lastPage) : first;
  return {
    items: list.items,
    page: list.page,
    pageSize: list.pageSize,
    total: list.total,
    search,
    editing: editing?.mine ? editing : undefined,
  };
}

/** Where the API's field errors of `POST /recipes` go on the form. */
const recipeFields = {
  "steps.image.prompt": "prompt",
  "steps.image.negativePrompt": "negativePrompt",
  "steps.image.size": "imageSize",
  "steps.image.style": "style",
  "steps.video.duration": "duration",
  "steps.video.size": "frame",
  "steps.narration.text": "narrationText",
  "steps.narration.voice": "narrationVoice",
};

/** Codes a run may be refused with, as the page explains them. */
const runCodes = [
  "QUOTA_EXCEEDED",
  "TOO_MANY_REQUESTS",
  "TOO_MANY_WAITING_JOBS",
  "MODEL_NOT_ALLOWED",
  "AI_NOT_CONFIGURED",
  "NOT_FOUND",
  "UNSUPPORTED_SIZE",
  "UNSUPPORTED_DURATION",
  "UNKNOWN_VOICE",
  "NOT_AN_IMAGE",
];

const RecipeId = z.object({ recipeId: z.uuid() });

/**
 * The recipe form's save: a new recipe, or the changes to the member's own one (the form's fields
 * over what it had, so that settings the form does not show are kept).
 */
async function saveRecipe(
  api: ApiClient,
  request: Request,
  intent: "save-recipe" | "update-recipe",
  form: FormData,
): Promise<RecipeOutcome> {
  const recipeId = intent === "update-recipe" ? readRecipeId(form) : undefined;
  const submission = parseWithZod(form, { schema: RecipeForm });
  if (submission.status !== "success") {
    return { answer: { intent, recipeId, result: submission.reply() }, status: 422 };
  }
  const value: RecipeFormValue = submission.value;
  try {
    if (recipeId) {
      const current = await api.get("/recipes/{id}", { path: { id: recipeId } });
      await api.patch("/recipes/{id}", {
        path: { id: recipeId },
        body: recipeChanges(current, value),
      });
    } else {
      await api.post("/recipes", { body: recipeBody(value) });
    }
    return back(request, recipeId ? "recipe-changed" : "recipe-saved");
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    if (recipeId && error.status === 404) {
      return { answer: { intent, recipeId, error: "NOT_FOUND" }, status: 404 };
    }
    return {
      answer: {
        intent,
        recipeId,
        result: replyWithApiError(submission, error, { fields: recipeFields }),
      },
      status: error.status,
    };
  }
}

function readRecipeId(form: FormData) {
  const parsed = RecipeId.safeParse({ recipeId: form.get("recipeId") });
  if (!parsed.success) throw badRequest();
  return parsed.data.recipeId;
}

/** A refusal to show on the page, or the redirect of a done action. */
type RecipeOutcome = { answer: RecipeAnswer; status: number } | Response;

/**
 * Save the form as a recipe or over one, run one, delete one (asked first) or bring back the one
 * just deleted.
 */
export async function recipeAction(
  api: ApiClient,
  request: Request,
  intent: RecipeIntent,
  form: FormData,
): Promise<RecipeOutcome> {
  if (intent === "save-recipe" || intent === "update-recipe") {
    return saveRecipe(api, request, intent, form);
  }
  const recipeId = readRecipeId(form);
  if (intent === "delete-recipe" && !isConfirmed(form)) {
    return { answer: { intent, confirm: recipeId }, status: 200 };
  }
  try {
    if (intent === "delete-recipe") {
      await api.delete("/recipes/{id}", { path: { id: recipeId } });
      // The form no longer changes what is gone.
      const editing = new URL(request.url).searchParams.get("recipe") === recipeId;
      return back(request, "recipe-deleted", {
        recipeDeleted: recipeId,
        ...(editing ? { recipe: null } : {}),
      });
    }
    if (intent === "restore-recipe") {
      await api.post("/recipes/{id}/restore", { path: { id: recipeId } });
      return back(request, "recipe-restored");
    }
    await api.post("/recipes/{id}/run", { path: { id: recipeId } });
    return back(request, "recipe-queued");
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    const code = runCodes.includes(error.code) ? error.code : "UNKNOWN";
    return { answer: { intent, recipeId, error: code }, status: error.status };
  }
}
