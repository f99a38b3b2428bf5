import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import {
  codedIssue,
  jsonBody,
  jsonResponse,
  optionalString,
  protectedRoute,
  text,
} from "../http/schemas";
import { consumeMemberRateLimit } from "../identity/rate-limits";
import { audioFormats } from "./ffmpeg";
import {
  type Generation,
  generationOptions,
  imageStyleIds,
  generationLimits as limits,
  requestGeneration,
} from "./generations";
import { getJob } from "./jobs";
import { JobSchema, toView as jobView } from "./jobs.routes";

const tags = ["Generations"];

const longText = (max: number) =>
  text({ multiline: true })
    .trim()
    .min(1, "Required")
    .max(max, `At most ${max.toLocaleString("en")} characters`);

const modelId = () =>
  text()
    .trim()
    .min(1, "Required")
    .max(200, "At most 200 characters")
    .optional()
    .openapi({ description: "Another model of the organization's provider" });

const frameSize = () =>
  text()
    .regex(/^\d{2,5}x\d{2,5}$/, "Width x height, as 1024x1024")
    .optional()
    .openapi({ description: "`WxH`, one the provider takes (GET /generations/options)" });

const speed = () => z.number().min(0.5, "At least 0.5").max(2, "At most 2");

const common = {
  title: optionalString({ max: 200 }).optional(),
  projectId: z.uuid("Not a project id").optional(),
  clientId: z.uuid("Not a client id").optional(),
};

export const ImageGenerationSchema = z
  .object({
    kind: z.literal("image"),
    prompt: longText(limits.maxPromptLength),
    negativePrompt: optionalString({
      max: limits.maxNegativePromptLength,
      multiline: true,
    }).optional(),
    model: modelId(),
    size: frameSize(),
    style: z
      .enum(imageStyleIds as [string, ...string[]], { error: `One of ${imageStyleIds.join(", ")}` })
      .optional()
      .openapi({ description: "A preset that adds its words to the prompt" }),
    count: z
      .int("A whole number")
      .min(1, "At least 1")
      .max(limits.maxCount, `At most ${limits.maxCount}`)
      .default(1),
    seed: z.int("A whole number").min(0, "At least 0").max(limits.maxSeed).optional(),
    steps: z.int("A whole number").min(1, "At least 1").max(limits.maxSteps).optional(),
    guidance: z.number().min(0, "At least 0").max(limits.maxGuidance).optional(),
    startImageId: z
      .uuid("Not a media item id")
      .optional()
      .openapi({ description: "An image of the library to start from (image-to-image)" }),
    ...common,
  })
  .openapi("ImageGeneration");

const SpeechGenerationSchema = z
  .object({
    kind: z.literal("speech"),
    text: longText(limits.maxTextLength).openapi({
      description: "Long text is split at sentences, spoken part by part and joined",
    }),
    voice: text()
      .trim()
      .min(1, "Required")
      .max(200, "At most 200 characters")
      .openapi({ description: "A voice of GET /generations/options" }),
    model: modelId(),
    speed: speed().default(1),
    format: z.enum(Object.keys(audioFormats) as ["mp3", "wav", "ogg"]).default("mp3"),
    language: text()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "A language tag, as en or ar-SA")
      .optional(),
    characterId: z
      .uuid("Not a character id")
      .optional()
      .openapi({ description: "The character whose voice this is" }),
    ...common,
  })
  .openapi("SpeechGeneration");

/** A video's narration, spoken by the organization's speech model. */
export const NarrationSchema = z.object({
  text: longText(limits.maxNarrationLength),
  voice: text().trim().min(1, "Required").max(200, "At most 200 characters").optional(),
  speed: speed().optional(),
});

export const VideoGenerationSchema = z
  .object({
    kind: z.literal("video"),
    prompt: optionalString({ max: limits.maxPromptLength, multiline: true }).optional(),
    startImageId: z.uuid("Not a media item id").optional(),
    imageIds: z
      .array(z.uuid("Not a media item id"))
      .max(limits.maxStills, `At most ${limits.maxStills}`)
      .optional()
      .openapi({ description: "The slideshow's stills, images of the library" }),
    duration: z
      .int("A whole number of seconds")
      .min(1, "At least 1")
      .max(600, "At most 600")
      .openapi({ description: "Seconds, one the provider takes" }),
    size: frameSize(),
    narration: NarrationSchema.optional().openapi({
      description: "Spoken by the organization's speech model",
    }),
    model: modelId(),
    ...common,
  })
  .openapi("VideoGeneration");

const GenerationSchema = z
  .discriminatedUnion(
    "kind",
    [ImageGenerationSchema, SpeechGenerationSchema, VideoGenerationSchema],
    { error: "One of image, speech, video" },
  )
  .superRefine((value, context) => {
    if (value.kind === "video" && !value.prompt && !value.startImageId) {
      context.addIssue({
        code: "custom",
        path: ["prompt"],
        ...codedIssue("REQUIRED", "A prompt or a start image"),
      });
    }
  })
  .openapi("Generation");

const GeneratedSchema = z.object({ job: JobSchema }).openapi("GenerationJob");

const configured = {
  configured: z.boolean(),
  source: z.enum(["organization", "environment", "embedded"]).nullable(),
  model: z.string().nullable(),
  models: z.array(z.string()).openapi({
    description:
      "The models `model` may name: the deployment's list (AI_<CAPABILITY>_MODELS); empty on " +
      "the organization's own provider, which takes any",
  }),
  label: z
    .enum(["offline-voice", "slideshow"])
    .nullable()
    .openapi({ description: "Set for a model that runs on the server, to say what it is" }),
};

const GenerationOptionsSchema = z
  .object({
    image: z.object({
      ...configured,
      sizes: z.array(z.string()).openapi({ description: "Empty: any `WxH`" }),
      styles: z.array(z.string()),
      maxCount: z.int(),
      maxPromptLength: z.int(),
      supports: z.object({
        negativePrompt: z.boolean(),
        seed: z.boolean(),
        steps: z.boolean(),
        guidance: z.boolean(),
        startImage: z.boolean(),
      }),
    }),
    speech: z.object({
      ...configured,
      voices: z
        .array(
          z.object({
            id: z.string(),
            source: z.enum(["provider", "offline", "character"]),
            characterId: z.uuid().optional(),
            characterName: z.string().optional(),
          }),
        )
        .openapi({
          description:
            "The provider's voices (an OpenAI-compatible server's GET /audio/voices), the offline " +
            "ones, and the characters' default voices",
        }),
      anyVoice: z.boolean().openapi({
        description: "Whether a voice the list does not show may be named: the provider takes any",
      }),
      formats: z.array(z.enum(["mp3", "wav", "ogg"])),
      maxTextLength: z.int(),
    }),
    video: z.object({
      ...configured,
      sizes: z.array(z.string()),
      durations: z.array(z.number()).openapi({ description: "Empty: any length" }),
      supports: z.object({
        startImage: z.boolean(),
        stills: z.boolean(),
        narration: z.boolean(),
      }),
    }),
    embeddedTools: z
      .object({
        espeakNg: z.boolean().openapi({ description: "The offline voice's program" }),
        ffmpeg: z
          .boolean()
          .openapi({ description: "The slideshow's program, which also joins and narrates" }),
      })
      .openapi({
        description:
          "Which programs of the server's own models run here, to say before a generation " +
          "what a missing one turns off (a video without a voice is silent)",
      }),
  })
  .openapi("GenerationOptions");

const requestGenerationRoute = protectedRoute({
  method: "post",
  path: "/generations",
  tags,
  summary: "Make images, speech or a video, as a job (media.create)",
  description:
    "Answers 202 with the job; its `result`, once it has succeeded, is `{ mediaIds }`, the items " +
    "it wrote into the library, whose `settings` are this body; a video made without sound " +
    "adds `silent: { reason: NO_VOICE | NOTHING_TO_READ, missingTool? }`. Refused before anything is " +
    "queued or charged: 422 on the field (`TOO_LONG`, `REQUIRED`, `UNSUPPORTED_SIZE`, " +
    "`UNSUPPORTED_DURATION`, `UNKNOWN_VOICE`, `NOT_AN_IMAGE`, `MODEL_NOT_ALLOWED` for a `model` " +
    "that the deployment's provider does not list), 429 `QUOTA_EXCEEDED` past the month's " +
    "quota, 429 `TOO_MANY_REQUESTS` with Retry-After past the member's rate " +
    "(RATE_LIMIT_GENERATION_PER_MEMBER, recipe runs included), 429 `TOO_MANY_WAITING_JOBS` " +
    "while the organization has JOBS_WAITING_PER_ORGANIZATION jobs waiting, 409 " +
    "`AI_NOT_CONFIGURED` when the kind has no model.",
  request: jsonBody(GenerationSchema),
  responses: { 202: jsonResponse("The job that makes it", GeneratedSchema) },
  errors: [403, 409, 422, 429],
});

const optionsRoute = protectedRoute({
  method: "get",
  path: "/generations/options",
  tags,
  summary: "What the creators offer, per kind: models, sizes, voices, durations (media.create)",
  responses: { 200: jsonResponse("The offers", GenerationOptionsSchema) },
  errors: [403],
});

export function createGenerationRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(requestGenerationRoute, async (c) => {
      const { actor } = c.var.auth;
      await consumeMemberRateLimit(c.var.db, c.var.rateLimits, "generationPerMember", actor);
      const job = await requestGeneration(
        { db: c.var.db, storage: c.var.storage, ai: c.var.ai, jobs: c.var.jobs },
        actor,
        c.req.valid("json") as Generation,
      );
      return c.json({ job: jobView(actor, await getJob(c.var.db, actor, job.id)) }, 202);
    })
    .openapi(optionsRoute, async (c) => {
      return c.json(await generationOptions(c.var.db, c.var.ai, c.var.auth.actor), 200);
    });
}
