import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { errorMessage, optionalText, requiredText } from "./validation";

/** The API's limits (docs/media.md, "Generations"). */
export const generationLimits = {
  prompt: 4_000,
  negativePrompt: 2_000,
  text: 50_000,
  title: 200,
  count: 4,
  seed: 2_147_483_647,
  steps: 150,
  guidance: 30,
  stills: 20,
} as const;

/** The style presets of the image creator: each adds words to the prompt. */
export const imageStyles = [
  "none",
  "photo",
  "illustration",
  "3d",
  "anime",
  "watercolor",
  "line-art",
] as const;

export const speechFormats = ["mp3", "wav", "ogg"] as const;
export const speechLanguages = ["auto", "en", "ar"] as const;

export type GenerationOptions = ApiSchema<"GenerationOptions">;

export const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: "invalidNumber" })
    .int("invalidNumber")
    .min(min, errorMessage("tooSmall", { count: min }))
    .max(max, errorMessage("tooBig", { count: max }));

const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === "" || value === undefined ? undefined : value),
    schema.optional(),
  );

const common = {
  title: optionalText(generationLimits.title),
  projectId: z.uuid().optional(),
  clientId: z.uuid().optional(),
};

export const ImageForm = z.object({
  prompt: requiredText(generationLimits.prompt),
  negativePrompt: optionalText(generationLimits.negativePrompt, { multiline: true }),
  size: z.string().trim().max(20).optional(),
  style: z.enum(imageStyles).default("none"),
  count: wholeNumber(1, generationLimits.count).default(1),
  seed: optionalNumber(wholeNumber(0, generationLimits.seed)),
  /** Checked: the seed stays from one generation to the next; else each takes a new one. */
  lockSeed: z.literal("on").optional(),
  steps: optionalNumber(wholeNumber(1, generationLimits.steps)),
  guidance: optionalNumber(
    z.coerce
      .number({ error: "invalidNumber" })
      .min(0, errorMessage("tooSmall", { count: 0 }))
      .max(generationLimits.guidance, errorMessage("tooBig", { count: generationLimits.guidance })),
  ),
  startImageId: z.uuid().optional(),
  /** Another model of the organization's image provider; empty: the one it set up. */
  model: optionalText(200),
  ...common,
});

export const SpeechForm = z.object({
  text: requiredText(generationLimits.text),
  voice: requiredText(200),
  speed: z.coerce
    .number({ error: "invalidNumber" })
    .min(0.5, errorMessage("tooSmall", { count: 0.5 }))
    .max(2, errorMessage("tooBig", { count: 2 }))
    .default(1),
  format: z.enum(speechFormats).default("mp3"),
  language: z.enum(speechLanguages).default("auto"),
  ...common,
});

export const VideoForm = z
  .object({
    prompt: optionalText(generationLimits.prompt, { multiline: true }),
    /** The chosen images, the start image first. */
    imageIds: z
      .array(z.uuid())
      .max(generationLimits.stills, errorMessage("tooMany", { count: generationLimits.stills }))
      .default([]),
    duration: wholeNumber(1, 600),
    size: z.string().trim().max(20).optional(),
    narrationText: optionalText(generationLimits.text, { multiline: true }),
    narrationVoice: z.string().trim().max(200).optional(),
    ...common,
  })
  .refine((value) => value.prompt !== "" || value.imageIds.length > 0, {
    path: ["prompt"],
    message: "promptOrImage",
  });
