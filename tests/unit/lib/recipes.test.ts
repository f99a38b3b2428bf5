import { describe, expect, it } from "vitest";
import {
  type Recipe,
  RecipeForm,
  recipeBody,
  recipeChanges,
  recipeFormValues,
} from "../../../app/lib/recipes";

const recipe: Recipe = {
  id: "0b6f2a8e-4c1d-4e8f-9a57-1f2e3d4c5b6a",
  name: "منارة",
  visibility: "organization",
  steps: {
    image: {
      prompt: "A lighthouse at dusk",
      negativePrompt: "people",
      size: "1024x1024",
      style: "photo",
      seed: 42,
      count: 2,
    },
    video: { duration: 5, size: "1280x720" },
    narration: { text: "The light comes on.", voice: "en", speed: 1.2 },
  },
  author: { id: "5d1c7e9a-2b3f-4a6c-8e0d-9f8e7d6c5b4a", name: "Huda Karim" },
  mine: true,
  createdAt: "2026-11-26T10:00:00.000Z",
  updatedAt: "2026-11-26T10:00:00.000Z",
} as Recipe;

/** The form as the browser posts it: every value a string. */
const posted = (values: Record<string, string | undefined>) => {
  const parsed = RecipeForm.safeParse(values);
  if (!parsed.success) throw parsed.error;
  return parsed.data;
};

describe("changing a recipe through its form", () => {
  it("fills the form with the recipe's own settings", () => {
    expect(recipeFormValues(recipe)).toEqual({
      name: "منارة",
      prompt: "A lighthouse at dusk",
      negativePrompt: "people",
      imageSize: "1024x1024",
      style: "photo",
      duration: "5",
      frame: "1280x720",
      narrationText: "The light comes on.",
      narrationVoice: "en",
      shared: "on",
    });
  });

  it("replaces what the form shows (an emptied field takes its setting away) and keeps what it does not", () => {
    const value = posted({
      ...recipeFormValues(recipe),
      name: "Lighthouse reel",
      prompt: "A lighthouse in a storm",
      negativePrompt: "",
      style: "none",
      imageSize: "",
      duration: "8",
      narrationVoice: "",
      shared: undefined,
    });
    expect(recipeChanges(recipe, value)).toEqual({
      name: "Lighthouse reel",
      visibility: "private",
      steps: {
        image: { prompt: "A lighthouse in a storm", seed: 42, count: 2 },
        video: { duration: 8, size: "1280x720" },
        narration: { text: "The light comes on.", speed: 1.2 },
      },
    });
  });

  it("takes the narration away when its words are emptied", () => {
    const value = posted({ ...recipeFormValues(recipe), narrationText: "" });
    const changes = recipeChanges(recipe, value);
    expect(changes.steps).not.toHaveProperty("narration");
    expect(changes.steps.image).toMatchObject({ style: "photo", seed: 42 });
  });

  it("makes a new recipe's body of the same fields", () => {
    const value = posted({ name: "Boat", prompt: "A paper boat", duration: "5" });
    expect(recipeBody(value)).toEqual({
      name: "Boat",
      visibility: "private",
      steps: { image: { prompt: "A paper boat" }, video: { duration: 5 } },
    });
    const avoiding = posted({
      name: "Boat",
      prompt: "A paper boat",
      negativePrompt: "rain",
      duration: "5",
    });
    expect(recipeBody(avoiding).steps.image).toEqual({
      prompt: "A paper boat",
      negativePrompt: "rain",
    });
  });
});
