import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { generationLimits, imageStyles, wholeNumber } from "./creators";
import { optionalText, requiredText } from "./validation";

export type Recipe = ApiSchema<"Recipe">;

export { recipeJobKind } from "./creator-kinds";

/** The API's limits of a recipe (docs/media.md, "Recipes"). */
export const recipeLimits = { name: 100, narration: 4_000 } as const;

/** The notices a recipe's action lands back with (`?notice=`), shown in the recipes' card. */
export const recipeNotices = [
  "recipe-saved",
  "recipe-changed",
  "recipe-queued",
  "recipe-deleted",
  "recipe-restored",
] as const;
export type RecipeNotice = (typeof recipeNotices)[number];

export function isRecipeNotice(value: string | null): value is RecipeNotice {
  return (recipeNotices as readonly (string | null)[]).includes(value);
}

/** "Save as recipe": an image, the video that starts from it, and its narration. */
export const RecipeForm = z.object({
  name: requiredText(recipeLimits.name),
  prompt: requiredText(generationLimits.prompt),
  negativePrompt: optionalText(generationLimits.negativePrompt, { multiline: true }),
  imageSize: z.string().trim().max(20).optional(),
  style: z.enum(imageStyles).default("none"),
  duration: wholeNumber(1, 600),
  frame: z.string().trim().max(20).optional(),
  narrationText: optionalText(recipeLimits.narration, { multiline: true }),
  narrationVoice: z.string().trim().max(200).optional(),
  /** Checked: every member of the organization sees and runs it. */
  shared: z.literal("on").optional(),
});

export type RecipeFormValue = z.infer<typeof RecipeForm>;

/** The form's fields as `POST /recipes` takes them; empty fields are left out. */
export function recipeBody(value: RecipeFormValue) {
  return {
    name: value.name,
    visibility: value.shared ? ("organization" as const) : ("private" as const),
    steps: {
      image: {
        prompt: value.prompt,
        ...(value.negativePrompt ? { negativePrompt: value.negativePrompt } : {}),
        ...(value.imageSize ? { size: value.imageSize } : {}),
        ...(value.style !== "none" ? { style: value.style } : {}),
      },
      video: { duration: value.duration, ...(value.frame ? { size: value.frame } : {}) },
      ...(value.narrationText
        ? {
            narration: {
              text: value.narrationText,
              ...(value.narrationVoice ? { voice: value.narrationVoice } : {}),
            },
          }
        : {}),
    },
  };
}

/** What the form fills of each step; the rest of a step is kept as it was when a recipe changes. */
const formKeys = {
  image: ["prompt", "negativePrompt", "size", "style"],
  video: ["duration", "size"],
  narration: ["text", "voice"],
} as const;

function without<T extends object>(step: T | undefined, keys: readonly string[]): Partial<T> {
  if (!step) return {};
  return Object.fromEntries(
    Object.entries(step).filter(([key]) => !keys.includes(key)),
  ) as Partial<T>;
}

/**
 * `PATCH /recipes/{id}`'s body for the form's fields over a recipe: the form's settings replace
 * those it shows, and those it does not (a count, a seed, a model set through the API)
 * stay. Emptied narration words take the narration away, an emptied field its setting.
 */
export function recipeChanges(current: Recipe, value: RecipeFormValue) {
  const { name, visibility, steps } = recipeBody(value);
  return {
    name,
    visibility,
    steps: {
      image: { ...without(current.steps.image, formKeys.image), ...steps.image },
      video: { ...without(current.steps.video, formKeys.video), ...steps.video },
      ...(steps.narration
        ? {
            narration: {
              ...without(current.steps.narration, formKeys.narration),
              ...steps.narration,
            },
          }
        : {}),
    },
  };
}

/** The form's values of a recipe, to change it. */
export function recipeFormValues(recipe: Recipe) {
  const { image, video, narration } = recipe.steps;
  return {
    name: recipe.name,
    prompt: image.prompt ?? "",
    negativePrompt: image.negativePrompt ?? "",
    imageSize: image.size ?? "",
    style: image.style ?? "none",
    duration: String(video.duration ?? ""),
    frame: video.size ?? "",
    narrationText: narration?.text ?? "",
    narrationVoice: narration?.voice ?? "",
    shared: recipe.visibility === "organization" ? "on" : undefined,
  };
}
