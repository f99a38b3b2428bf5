import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { type AiServices, organizationAiSettings } from "../ai/ai-models";
import { checkAiQuota } from "../ai/ai-usage";
import type { Capability, ProviderKind } from "../ai/capabilities";
import { maxOfflineSpeechCharacters } from "../ai/embedded/espeak";
import { slideshowModelId } from "../ai/embedded/slideshow";
import type { EmbeddedTools } from "../ai/embedded/tools";
import { AiError } from "../ai/errors";
import { asModelChoiceError } from "../ai/model-choice";
import { listModelChoices } from "../ai/model-lists";
import { offersOf, type ResolvedModel } from "../ai/registry";
import type { Database } from "../db/client";
import { visibleTo } from "../db/records";
import { characters, type Job, type MediaKind, media, memberships } from "../db/schema";
import { AppError, conflict, errorOnFields } from "../errors";
import {
  type Actor,
  type OrganizationActor,
  permissionsForRole,
  requirePermission,
} from "../organizations/permissions";
import type { Storage } from "../storage/storage";
import type { AudioFormat } from "./ffmpeg";
import { enqueueJob, type Jobs } from "./jobs";
import { checkReferences as checkMediaReferences, getMediaItem, readMediaFile } from "./media";

/** What the creators ask for (docs/media.md, "Generations"); an item's `settings` keep it. */
type Common = { title?: string; projectId?: string; clientId?: string };

export type ImageGeneration = Common & {
  kind: "image";
  prompt: string;
  negativePrompt?: string;
  model?: string;
  size?: string;
  style?: ImageStyle;
  count: number;
  seed?: number;
  steps?: number;
  guidance?: number;
  startImageId?: string;
};

export type SpeechGeneration = Common & {
  kind: "speech";
  text: string;
  voice: string;
  model?: string;
  speed: number;
  format: AudioFormat;
  language?: string;
  characterId?: string;
};

export type VideoGeneration = Common & {
  kind: "video";
  prompt?: string;
  startImageId?: string;
  imageIds?: string[];
  duration: number;
  size?: string;
  narration?: { text: string; voice?: string; speed?: number };
  model?: string;
};

export type Generation = ImageGeneration | SpeechGeneration | VideoGeneration;
export type GenerationKind = Generation["kind"];

/** The capability each kind of generation calls. */
export const capabilityOfKind = {
  image: "image",
  speech: "speech",
  video: "video",
} as const satisfies Record<GenerationKind, Capability>;

/** The job kind that makes each kind of generation. */
export const jobKindOf = {
  image: "image.generate",
  speech: "speech.generate",
  video: "video.generate",
} as const satisfies Record<GenerationKind, string>;

/** The job kind that runs a recipe: an image, then a video from it (docs/media.md, "Recipes"). */
export const recipeJobKind = "recipe.run";

export const generationLimits = {
  maxPromptLength: 4_000,
  maxNegativePromptLength: 2_000,
  maxCount: 4,
  maxSeed: 2 ** 31 - 1,
  maxSteps: 150,
  maxGuidance: 30,
  maxTextLength: 50_000,
  maxNarrationLength: 4_000,
  maxStills: 20,
} as const;

/**
 * The style presets of the image creator: words added to the prompt, so that they work with
 * every provider.
 */
export const imageStyles = {
  none: "",
  photo: "photograph, natural light, realistic detail, sharp focus",
  illustration: "digital illustration, clean lines, rich flat colour",
  "3d": "3D render, soft studio lighting, physically based materials",
  anime: "anime style, cel shading, expressive characters",
  watercolor: "watercolour painting, soft washes, paper texture",
  "line-art": "black and white line art, ink drawing, no shading",
} as const;

export type ImageStyle = keyof typeof imageStyles;
export const imageStyleIds = Object.keys(imageStyles) as ImageStyle[];

/** The prompt with the style's words after it. */
export function styledPrompt(prompt: string, style: ImageStyle | undefined): string {
  const words = style ? imageStyles[style] : "";
  return words ? `${prompt.trim()}. ${words}` : prompt;
}

/** What an image provider takes besides the prompt, for the creator to offer. */
export type ImageSupports = {
  negativePrompt: boolean;
  seed: boolean;
  steps: boolean;
  guidance: boolean;
  startImage: boolean;
};

const noImageSupport: ImageSupports = {
  negativePrompt: false,
  seed: false,
  steps: false,
  guidance: false,
  startImage: false,
};

/**
 * What each image provider takes. OpenAI's own API has no seed or negative prompt but edits a
 * start image; OpenAI-compatible servers (LocalAI, vLLM…) take a seed and a negative prompt in
 * the body; fal and Replicate's diffusion models take all of it.
 */
export function imageSupportsOf(provider: ProviderKind | null): ImageSupports {
  switch (provider) {
    case "openai":
      return { ...noImageSupport, startImage: true };
    case "openai-compatible":
      return { ...noImageSupport, negativePrompt: true, seed: true };
    case "fal":
    case "replicate":
      return { negativePrompt: true, seed: true, steps: true, guidance: true, startImage: true };
    default:
      return noImageSupport;
  }
}

/** The most characters one speech call takes: the offline voice 5,000, OpenAI 4,096. */
export function maxSpeechCharacters(resolved: Pick<ResolvedModel<"speech">, "provider">): number {
  if (resolved.provider === null) return maxOfflineSpeechCharacters;
  if (resolved.provider === "elevenlabs") return 5_000;
  return 4_096;
}

const sentenceEnd = /(?<=[.!?؟。…])\s+|\n+/;

/**
 * Text cut into parts of at most `max` characters, at sentence ends where it can, else between
 * words, else anywhere; nothing is lost but the spaces at the cuts.
 */
export function splitText(text: string, max: number): string[] {
  const pieces: string[] = [];
  for (const sentence of text.split(sentenceEnd)) {
    let rest = sentence.trim();
    while (rest.length > max) {
      const space = rest.lastIndexOf(" ", max);
      const cut = space > max / 2 ? space : max;
      pieces.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut).trim();
    }
    if (rest) pieces.push(rest);
  }
  const parts: string[] = [];
  for (const piece of pieces) {
    const last = parts.at(-1);
    if (last !== undefined && last.length + 1 + piece.length <= max) {
      parts[parts.length - 1] = `${last} ${piece}`;
    } else parts.push(piece);
  }
  return parts;
}

// --- The model ---------------------------------------------------------------------------------

const notConfigured = (capability: Capability) =>
  conflict("AI_NOT_CONFIGURED", `No ${capability} model is set up for this organization.`);

/**
 * The organization's model for a capability, `modelId` naming another model of its provider;
 * 409 AI_NOT_CONFIGURED when it has none, as a thread's answer says it, 422 MODEL_NOT_ALLOWED
 * on `model` for a model of the deployment's provider that it does not list.
 */
export async function generationModel<C extends Capability>(
  db: Database,
  ai: AiServices,
  organizationId: string,
  capability: C,
  modelId?: string,
): Promise<ResolvedModel<C>> {
  const settings = await organizationAiSettings(db, ai.secrets, organizationId);
  try {
    return ai.registry.modelFor(capability, settings, modelId ? { modelId } : undefined);
  } catch (error) {
    if (error instanceof AiError && error.failure.code === "AI_NOT_CONFIGURED") {
      throw notConfigured(capability);
    }
    throw asModelChoiceError(error);
  }
}

// --- Checks ------------------------------------------------------------------------------------

const notAnImage = (field: string) =>
  errorOnFields("invalid", "NOT_AN_IMAGE", "Not an image of the library.", {
    [field]: "Not an image of the library",
  });

/** An image of the organization's library that is not deleted, else 422 NOT_AN_IMAGE on `field`. */
export async function libraryImage(
  db: Database,
  storage: Storage,
  actor: Actor,
  id: string,
  field: string,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const item = await getMediaItem(db, actor, id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw notAnImage(field);
    throw error;
  });
  if (item.kind !== "image" || item.deletedAt) throw notAnImage(field);
  const file = await readMediaFile(db, storage, actor, id, "content").catch(() => {
    throw notAnImage(field);
  });
  return { bytes: file.body, contentType: item.contentType };
}

/** The default voices of the characters the actor may read, by character. */
async function characterVoices(db: Database, actor: OrganizationActor) {
  return db
    .select({
      voice: characters.defaultVoice,
      characterId: characters.id,
      characterName: characters.name,
    })
    .from(characters)
    .where(
      and(
        visibleTo(actor, characters),
        isNull(characters.deletedAt),
        isNotNull(characters.defaultVoice),
      ),
    )
    .orderBy(asc(characters.name), asc(characters.id));
}

function unsupported(field: string, code: string, what: string, offered: readonly unknown[]) {
  return errorOnFields("invalid", code, `The model does not take this ${what}.`, {
    [field]: `One of ${offered.join(", ")}`,
  });
}

/** A voice of the provider's (any, when it lists none) or a character's default voice. */
async function checkVoice(
  db: Database,
  actor: OrganizationActor,
  provider: ProviderKind | null,
  voice: string,
  field: string,
) {
  const offered = offersOf("speech", provider).voices;
  if (offered.length === 0 || offered.includes(voice)) return;
  const own = await characterVoices(db, actor);
  if (own.some((row) => row.voice === voice)) return;
  throw unsupported(field, "UNKNOWN_VOICE", "voice", offered);
}

/**
 * Everything that can refuse a generation, checked before it is queued or charged: the model
 * (409 AI_NOT_CONFIGURED), the offers of its provider (422 UNSUPPORTED_SIZE,
 * UNSUPPORTED_DURATION, UNKNOWN_VOICE), the library's images (422 NOT_AN_IMAGE), the project and
 * client, and the month's quota (429 QUOTA_EXCEEDED).
 */
export async function checkGeneration(
  db: Database,
  storage: Storage,
  ai: AiServices,
  actor: OrganizationActor,
  request: Generation,
): Promise<void> {
  const capability = capabilityOfKind[request.kind];
  const resolved = await generationModel(db, ai, actor.organizationId, capability, request.model);
  const offers = offersOf(capability, resolved.provider);
  const capabilities: Capability[] = [capability];
  const size = "size" in request ? request.size : undefined;
  if (size && offers.sizes.length > 0 && !offers.sizes.includes(size)) {
    throw unsupported("size", "UNSUPPORTED_SIZE", "size", offers.sizes);
  }
  if (request.kind === "speech") {
    await checkVoice(db, actor, resolved.provider, request.voice, "voice");
    if (request.characterId) {
      const [character] = await db
        .select({ id: characters.id })
        .from(characters)
        .where(
          and(
            eq(characters.id, request.characterId),
            visibleTo(actor, characters),
            isNull(characters.deletedAt),
          ),
        );
      if (!character) {
        throw errorOnFields("invalid", "UNKNOWN_CHARACTER", "No such character.", {
          characterId: "Not a character you can use",
        });
      }
    }
  }
  if (request.kind === "video") {
    if (offers.durations.length > 0 && !offers.durations.includes(request.duration)) {
      throw unsupported("duration", "UNSUPPORTED_DURATION", "duration", offers.durations);
    }
    for (const [i, id] of (request.imageIds ?? []).entries()) {
      await libraryImage(db, storage, actor, id, `imageIds.${i}`);
    }
    if (request.narration) {
      const speech = await generationModel(db, ai, actor.organizationId, "speech");
      if (request.narration.voice) {
        await checkVoice(db, actor, speech.provider, request.narration.voice, "narration.voice");
      }
      capabilities.push("speech");
    }
  }
  if ((request.kind === "image" || request.kind === "video") && request.startImageId) {
    await libraryImage(db, storage, actor, request.startImageId, "startImageId");
  }
  await checkMediaReferences(db, actor, request);
  for (const each of capabilities) {
    await checkAiQuota({ db, quotas: ai.quotas, organizationId: actor.organizationId }, each);
  }
}

/**
 * Queues a generation (media.create) once every check has passed; the job's result, once it has
 * succeeded, is `{ mediaIds }`.
 */
export async function requestGeneration(
  services: { db: Database; storage: Storage; ai: AiServices; jobs: Jobs },
  actor: Actor,
  request: Generation,
): Promise<Job> {
  requirePermission(actor, "media.create");
  const { db, storage, ai, jobs } = services;
  await checkGeneration(db, storage, ai, actor, request);
  const kind = jobs.runner.kinds.get(jobKindOf[request.kind]);
  if (!kind) throw new Error(`The ${request.kind} generation is not among the job kinds`);
  return enqueueJob(db, jobs, actor, kind, request);
}

// --- While the job runs ------------------------------------------------------------------------

/**
 * The author of a generation as they are now in its organization, or null when they left it or
 * may no longer make media there.
 */
export async function generationAuthor(
  db: Database,
  job: { organizationId: string; userId: string | null },
): Promise<OrganizationActor | null> {
  if (!job.userId) return null;
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(
      and(eq(memberships.userId, job.userId), eq(memberships.organizationId, job.organizationId)),
    );
  const permissions = permissionsForRole(membership?.role);
  if (!permissions.includes("media.create")) return null;
  return { userId: job.userId, organizationId: job.organizationId, permissions };
}

/**
 * The items an earlier try of a job wrote before it stopped (a crash, a restart), oldest first:
 * the next try makes only what is missing.
 */
export async function itemsOfJob(
  db: Database,
  actor: OrganizationActor,
  jobId: string,
  kind?: MediaKind,
) {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        eq(media.jobId, jobId),
        eq(media.organizationId, actor.organizationId),
        isNull(media.deletedAt),
        kind ? eq(media.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(media.createdAt), asc(media.id));
  return rows.map((row) => row.id);
}

/** The most words, and characters, of a prompt that a title made from it keeps. */
const promptTitleWords = 8;
const promptTitleLength = 60;

/**
 * An item's title when its generation named none: the prompt's first words, within 60
 * characters, without a sentence's closing punctuation; "" without a prompt.
 */
export function titleFromPrompt(prompt: string): string {
  const words = prompt.trim().split(/\s+/).filter(Boolean).slice(0, promptTitleWords);
  let title = "";
  for (const word of words) {
    const longer = title ? `${title} ${word}` : word;
    if (longer.length > promptTitleLength) break;
    title = longer;
  }
  if (!title && words[0]) title = words[0].slice(0, promptTitleLength);
  return title.replace(/[\s.,;:!?،؛؟…-]+$/u, "");
}

// --- Options -----------------------------------------------------------------------------------

type Configured = {
  configured: boolean;
  source: "organization" | "environment" | "embedded" | null;
  model: string | null;
  /** The models a generation may name: the deployment's list; empty: any (its own provider). */
  models: string[];
  label: "offline-voice" | "slideshow" | null;
};

export type Voice = {
  id: string;
  source: "provider" | "offline" | "character";
  characterId?: string;
  characterName?: string;
};

export type GenerationOptions = {
  image: Configured & {
    sizes: string[];
    styles: ImageStyle[];
    maxCount: number;
    maxPromptLength: number;
    supports: ImageSupports;
  };
  speech: Configured & {
    voices: Voice[];
    /** Whether a voice the list does not show may be typed: a provider that takes any name. */
    anyVoice: boolean;
    formats: AudioFormat[];
    maxTextLength: number;
  };
  video: Configured & {
    sizes: string[];
    durations: number[];
    supports: { startImage: boolean; stills: boolean; narration: boolean };
  };
  embeddedTools: EmbeddedTools;
};

/** What the creators offer, per kind, for the actor's organization (media.create). */
export async function generationOptions(
  db: Database,
  ai: AiServices,
  actor: Actor,
): Promise<GenerationOptions> {
  requirePermission(actor, "media.create");
  const settings = await organizationAiSettings(db, ai.secrets, actor.organizationId);
  const offerOf = (capability: Capability) => {
    const source = ai.registry.sourceOf(capability, settings);
    const config = ai.registry.configOf(capability, settings);
    const embedded = source === "embedded" ? ai.registry.embeddedOf(capability) : null;
    const provider = config?.provider ?? null;
    const configured = source !== null;
    const label: Configured["label"] =
      source !== "embedded"
        ? null
        : capability === "speech"
          ? "offline-voice"
          : embedded === slideshowModelId
            ? "slideshow"
            : null;
    return {
      base: {
        configured,
        source,
        model: config?.model ?? embedded,
        models: source === "environment" ? [...(ai.registry.allowedModels(capability) ?? [])] : [],
        label,
      },
      provider,
      offers: configured
        ? offersOf(capability, provider)
        : { voices: [], sizes: [], durations: [] },
    };
  };

  const image = offerOf("image");
  const speech = offerOf("speech");
  const video = offerOf("video");
  // A provider that takes any voice offers those its server lists (GET /audio/voices).
  const anyVoice =
    speech.base.configured && speech.provider !== null && speech.offers.voices.length === 0;
  const listed = anyVoice
    ? (await listModelChoices(ai, actor, "speech", settings).catch(() => ({ voices: [] }))).voices
    : speech.offers.voices;
  const voices: Voice[] = speech.base.configured
    ? [
        ...listed.map(
          (id): Voice => ({ id, source: speech.provider === null ? "offline" : "provider" }),
        ),
        ...(await characterVoices(db, actor)).map(
          (row): Voice => ({
            id: row.voice ?? "",
            source: "character",
            characterId: row.characterId,
            characterName: row.characterName,
          }),
        ),
      ]
    : [];
  const slideshow = video.base.label === "slideshow";
  return {
    image: {
      ...image.base,
      sizes: image.offers.sizes,
      styles: image.base.configured ? imageStyleIds : [],
      maxCount: generationLimits.maxCount,
      maxPromptLength: generationLimits.maxPromptLength,
      supports: image.base.configured ? imageSupportsOf(image.provider) : noImageSupport,
    },
    speech: {
      ...speech.base,
      voices,
      anyVoice,
      formats: speech.base.configured ? ["mp3", "wav", "ogg"] : [],
      maxTextLength: generationLimits.maxTextLength,
    },
    video: {
      ...video.base,
      sizes: video.offers.sizes,
      durations: video.offers.durations,
      supports: video.base.configured
        ? { startImage: true, stills: slideshow, narration: true }
        : { startImage: false, stills: false, narration: false },
    },
    embeddedTools: ai.tools,
  };
}
