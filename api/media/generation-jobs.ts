import {
  createDownload,
  type GeneratedFile,
  generateImage,
  generateSpeech,
  experimental_generateVideo as generateVideo,
} from "ai";
import type { AiServices } from "../ai/ai-models";
import { type CallUsage, runAiCall } from "../ai/ai-usage";
import type { Capability } from "../ai/capabilities";
import type { ResolvedModel } from "../ai/registry";
import { maxVideoBytes } from "../ai/response-limits";
import type { Database } from "../db/client";
import { AppError, QuotaExceededError } from "../errors";
import { defineJobKind, type JobContext, type JobKind, PermanentJobError } from "../jobs/kinds";
import type { OrganizationActor } from "../organizations/permissions";
import type { Storage } from "../storage/storage";
import {
  type AudioFormat,
  audioFormats,
  durationSeconds,
  hasAudioTrack,
  joinAudio,
  muxNarration,
  posterFrame,
  waveformImage,
} from "./ffmpeg";
import {
  generationAuthor,
  generationModel,
  type ImageGeneration,
  imageSupportsOf,
  itemsOfJob,
  jobKindOf,
  libraryImage,
  maxSpeechCharacters,
  recipeJobKind,
  type SpeechGeneration,
  splitText,
  styledPrompt,
  titleFromPrompt,
  type VideoGeneration,
} from "./generations";
import { createMediaItem } from "./media";
import type { RecipeRun } from "./recipes";

export type GenerationServices = {
  ai: AiServices;
  storage: Storage;
  /** How often a provider's video job is asked whether it is done (ms, default 5,000). */
  videoPollIntervalMs?: number;
};
/**
 * Why a video was made without sound: no voice to read its narration or its prompt (with the
 * program whose absence took the offline voice away), or nothing to read.
 */
export type SilentVideo = {
  reason: "NO_VOICE" | "NOTHING_TO_READ";
  missingTool?: "espeak-ng";
};
export type GenerationResult = { mediaIds: string[]; silent?: SilentVideo };

/** A generation may wait on a provider's video for a while; a try ends after this. */
const timeoutSeconds = 30 * 60;

/** The job's author: one who left, or lost `media.create`, makes nothing more. */
async function authorOf(db: Database, job: JobContext<unknown>["job"]): Promise<OrganizationActor> {
  const author = await generationAuthor(db, job);
  if (!author) {
    throw new PermanentJobError("FORBIDDEN", "The author may no longer make media here.");
  }
  return author;
}

/**
 * What a check of the request throws when the library or the model changed since it was queued
 * (the start image deleted, the model removed, the quota used up): final, with its code.
 */
function asPermanent(error: unknown): never {
  if (error instanceof QuotaExceededError) {
    throw new PermanentJobError("QUOTA_EXCEEDED", error.message);
  }
  if (error instanceof AppError && error.kind !== "unavailable") {
    throw new PermanentJobError(error.code, error.message);
  }
  throw error;
}

/**
 * One AI call of a job, recorded and within the month's quota (runAiCall), which reserves
 * `estimate` of it (images, characters, seconds) while the call runs.
 */
type RecordedCall = <M extends Capability, T>(
  model: ResolvedModel<M>,
  estimate: number,
  run: () => Promise<{ value: T; usage: CallUsage }>,
) => Promise<T>;

/** The model and a way to make a recorded call, for one step of a job. */
async function modelAndCall<C extends Capability>(
  services: GenerationServices,
  db: Database,
  organizationId: string,
  actor: OrganizationActor,
  capability: C,
  modelId: string | undefined,
  purpose: string,
): Promise<{ resolved: ResolvedModel<C>; call: RecordedCall }> {
  const { ai } = services;
  const resolved = await generationModel(db, ai, organizationId, capability, modelId).catch(
    asPermanent,
  );
  const call: RecordedCall = (model, estimate, run) =>
    runAiCall(
      { db, quotas: ai.quotas, organizationId, userId: actor.userId, purpose },
      model,
      run,
      { estimate },
    ).catch(asPermanent);
  return { resolved, call };
}

/** The model, the author and a way to make a recorded call, for one job. */
async function prepare<C extends Capability>(
  services: GenerationServices,
  context: JobContext<{ model?: string }>,
  capability: C,
  purpose: string,
): Promise<{ actor: OrganizationActor; resolved: ResolvedModel<C>; call: RecordedCall }> {
  const { db, job } = context;
  const actor = await authorOf(db, job);
  const { resolved, call } = await modelAndCall(
    services,
    db,
    job.organizationId,
    actor,
    capability,
    job.input.model,
    purpose,
  );
  return { actor, resolved, call };
}

/**
 * What every item of a generation keeps: the request as its settings, where it belongs, and its
 * title (the one asked for, else the prompt's first words).
 */
function itemBase(
  jobId: string,
  input: ImageGeneration | SpeechGeneration | VideoGeneration,
  model: string,
) {
  const prompt = "text" in input ? input.text : (input.prompt ?? "");
  return {
    title: input.title || titleFromPrompt(prompt),
    settings: input as unknown as Record<string, unknown>,
    model,
    jobId,
    projectId: input.projectId ?? null,
    clientId: input.clientId ?? null,
  };
}

/** What createMediaItem says of bytes that are not the image they claim to be. */
const notAnImage = new Set([
  "INVALID_IMAGE",
  "UNSUPPORTED_CONTENT_TYPE",
  "IMAGE_TOO_LARGE_DIMENSIONS",
  "PAYLOAD_TOO_LARGE",
]);

/** The key of a provider's own options: the AI SDK reads `openaiCompatible`, not its name. */
function optionsKey(provider: string): string {
  return provider.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The format of audio bytes by their first bytes, where it is one of the creator's. */
export function audioFormatOf(bytes: Uint8Array): AudioFormat | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 12));
  if (head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WAVE") {
    return "wav";
  }
  if (head.toString("latin1", 0, 4) === "OggS") return "ogg";
  if (head.toString("latin1", 0, 3) === "ID3") return "mp3";
  if (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) return "mp3";
  return null;
}

/** One step of a job's work: the image or video it makes, with its share of the progress. */
type Step<Input> = {
  services: GenerationServices;
  db: Database;
  jobId: string;
  organizationId: string;
  actor: OrganizationActor;
  input: Input;
  signal: AbortSignal;
  progress: (fraction: number) => Promise<void>;
  purpose: string;
};

/**
 * The images of a generation, after the `made` ones an earlier try wrote before it stopped:
 * only the rest are asked for.
 */
async function makeImages(step: Step<ImageGeneration>, made: string[]): Promise<string[]> {
  const { services, db, actor, input, signal, progress } = step;
  const missing = input.count - made.length;
  if (missing <= 0) return made.slice(0, input.count);
  const { resolved, call } = await modelAndCall(
    services,
    db,
    step.organizationId,
    actor,
    "image",
    input.model,
    step.purpose,
  );
  const supports = imageSupportsOf(resolved.provider);
  const start =
    input.startImageId && supports.startImage
      ? await libraryImage(db, services.storage, actor, input.startImageId, "startImageId").catch(
          asPermanent,
        )
      : undefined;
  const prompt = styledPrompt(input.prompt, input.style);
  // Each provider names these its own way, in the body of its request.
  const own: Record<string, unknown> = {};
  if (supports.negativePrompt && input.negativePrompt) {
    own.negative_prompt = input.negativePrompt;
  }
  if (supports.steps && input.steps !== undefined) own.num_inference_steps = input.steps;
  if (supports.guidance && input.guidance !== undefined) own.guidance_scale = input.guidance;
  const seedInBody = resolved.provider === "openai-compatible";
  if (supports.seed && seedInBody && input.seed !== undefined) own.seed = input.seed;
  await progress(0.05);
  const images = await call(resolved, missing, async () => {
    const result = await generateImage({
      model: resolved.model,
      prompt: start ? { text: prompt, images: [start.bytes] } : prompt,
      n: missing,
      ...(input.size ? { size: input.size as `${number}x${number}` } : {}),
      ...(supports.seed && !seedInBody && input.seed !== undefined ? { seed: input.seed } : {}),
      ...(resolved.provider && Object.keys(own).length > 0
        ? { providerOptions: { [optionsKey(resolved.provider)]: own as Record<string, never> } }
        : {}),
      abortSignal: signal,
    });
    return { value: result.images, usage: { units: result.images.length } };
  });
  await progress(0.8);
  const mediaIds = [...made];
  for (const image of images) {
    mediaIds.push(
      await createMediaItem(db, services.storage, actor, {
        ...itemBase(step.jobId, input, resolved.modelId),
        kind: "image",
        bytes: image.uint8Array,
        contentType: image.mediaType,
        prompt: input.prompt,
      }).catch((error: unknown) => {
        if (error instanceof AppError && notAnImage.has(error.code)) {
          throw new PermanentJobError("AI_BAD_RESPONSE", "The provider's answer is not an image.");
        }
        return asPermanent(error);
      }),
    );
  }
  return mediaIds;
}

function imageKind(services: GenerationServices) {
  return defineJobKind<ImageGeneration, GenerationResult>({
    kind: jobKindOf.image,
    capability: "image",
    timeoutSeconds,
    run: async ({ job, signal, progress, db }) => {
      const actor = await authorOf(db, job);
      // A try that stopped after writing some images leaves only the rest to make.
      const made = await itemsOfJob(db, actor, job.id);
      const mediaIds = await makeImages(
        {
          services,
          db,
          jobId: job.id,
          organizationId: job.organizationId,
          actor,
          input: job.input,
          signal,
          progress,
          purpose: jobKindOf.image,
        },
        made,
      );
      return { mediaIds };
    },
  });
}

/** Speech of any length in `format`: split at sentences for the model, joined by ffmpeg. */
async function speak(
  resolved: ResolvedModel<"speech">,
  call: RecordedCall,
  options: {
    text: string;
    voice?: string;
    speed?: number;
    language?: string;
    format: AudioFormat;
    signal: AbortSignal;
    onPart?: (done: number, of: number) => Promise<void>;
  },
): Promise<Uint8Array> {
  const parts = splitText(options.text, maxSpeechCharacters(resolved));
  const openAiProtocol =
    resolved.provider === "openai" || resolved.provider === "openai-compatible";
  const audio: Uint8Array[] = [];
  for (const part of parts) {
    audio.push(
      await call(resolved, part.length, async () => {
        const result = await generateSpeech({
          model: resolved.model,
          text: part,
          ...(options.voice ? { voice: options.voice } : {}),
          ...(options.speed !== undefined ? { speed: options.speed } : {}),
          ...(options.language ? { language: options.language } : {}),
          // OpenAI's protocol names Ogg by its codec, Opus; the offline voice makes WAV only.
          outputFormat:
            resolved.provider === null
              ? "wav"
              : options.format === "ogg" && openAiProtocol
                ? "opus"
                : options.format,
          abortSignal: options.signal,
        });
        return { value: result.audio.uint8Array, usage: { units: part.length } };
      }),
    );
    await options.onPart?.(audio.length, parts.length);
  }
  const [only] = audio;
  // One part already in the format asked for is kept as the provider made it.
  if (audio.length === 1 && only && audioFormatOf(only) === options.format) return only;
  return joinAudio(audio, options.format, options.signal);
}

function speechKind(services: GenerationServices) {
  return defineJobKind<SpeechGeneration, GenerationResult>({
    kind: jobKindOf.speech,
    capability: "speech",
    timeoutSeconds,
    run: async (context) => {
      const { job, signal, progress, db } = context;
      const input = job.input;
      const { actor, resolved, call } = await prepare(
        services,
        context,
        "speech",
        jobKindOf.speech,
      );
      // What an earlier try wrote before it stopped is the result.
      const made = await itemsOfJob(db, actor, job.id);
      if (made.length > 0) return { mediaIds: made };
      await progress(0.05);
      const bytes = await speak(resolved, call, {
        text: input.text,
        voice: input.voice,
        speed: input.speed,
        language: input.language,
        format: input.format,
        signal,
        onPart: (done, of) => progress(0.05 + (0.75 * done) / of),
      });
      const seconds = await durationSeconds(bytes, signal);
      const waveform = await waveformImage(bytes, signal);
      await progress(0.9);
      const id = await createMediaItem(db, services.storage, actor, {
        ...itemBase(job.id, input, resolved.modelId),
        kind: "audio",
        bytes,
        contentType: audioFormats[input.format].contentType,
        prompt: input.text,
        durationSeconds: seconds,
        thumbnail: waveform,
      }).catch(asPermanent);
      return { mediaIds: [id] };
    },
  });
}

/** The organization's speech model, or null when it has none (then the video is silent). */
async function voiceOf(services: GenerationServices, db: Database, organizationId: string) {
  return generationModel(db, services.ai, organizationId, "speech").catch((error: unknown) => {
    if (error instanceof AppError && error.code === "AI_NOT_CONFIGURED") return null;
    return asPermanent(error);
  });
}

/** Why a video stays silent without a voice: the offline voice's program, where it is missing. */
function noVoice(services: GenerationServices): SilentVideo {
  return services.ai.tools.espeakNg
    ? { reason: "NO_VOICE" }
    : { reason: "NO_VOICE", missingTool: "espeak-ng" };
}

/** A video of a generation, and why it is silent where it is. */
type MadeVideos = { mediaIds: string[]; silent?: SilentVideo };

/**
 * The video of a generation: narration first, then the model's video, written to the library.
 * Without narration text the prompt is read, by the organization's voice: before the slideshow
 * (which lasts as long as its narration), after a provider's video that came without sound of
 * its own (laid over it). Without a voice, or anything to read, the result says why it is silent.
 */
async function makeVideo(step: Step<VideoGeneration>): Promise<MadeVideos> {
  const { services, db, actor, input, signal, progress } = step;
  const { resolved, call } = await modelAndCall(
    services,
    db,
    step.organizationId,
    actor,
    "video",
    input.model,
    step.purpose,
  );
  const read = (id: string, field: string) =>
    libraryImage(db, services.storage, actor, id, field).catch(asPermanent);
  const start = input.startImageId ? await read(input.startImageId, "startImageId") : undefined;
  const stills: { data: Uint8Array; mediaType: string }[] = [];
  for (const [i, id] of (input.imageIds ?? []).entries()) {
    const still = await read(id, `imageIds.${i}`);
    stills.push({ data: still.bytes, mediaType: still.contentType });
  }
  await progress(0.05);

  const embedded = resolved.provider === null;
  const prompt = input.prompt?.trim() ?? "";
  const script = input.narration?.text?.trim() || prompt;
  const voice = script ? await voiceOf(services, db, step.organizationId) : null;
  const narrate = async (voiceModel: ResolvedModel<"speech">) =>
    speak(voiceModel, call, {
      text: script,
      voice: input.narration?.voice,
      speed: input.narration?.speed,
      format: "wav",
      signal,
    });
  // The slideshow takes its narration as its sound track; a provider's is laid over its video,
  // when asked for, or when the video came without sound.
  const readFirst = voice && (embedded || input.narration?.text);
  const narration = readFirst ? await narrate(voice) : undefined;
  if (narration) await progress(0.2);
  const videos = await call(resolved, input.duration, async () => {
    const result = await generateVideo({
      model: resolved.model,
      prompt: start ? { image: start.bytes, ...(prompt ? { text: prompt } : {}) } : prompt,
      duration: input.duration,
      ...(input.size ? { resolution: input.size as `${number}x${number}` } : {}),
      ...(stills.length > 0 ? { inputReferences: stills } : {}),
      ...(embedded && narration
        ? {
            providerOptions: {
              slideshow: {
                narration: {
                  data: Buffer.from(narration).toString("base64"),
                  mediaType: "audio/wav",
                },
              },
            },
          }
        : {}),
      ...(embedded ? { generateAudio: false } : {}),
      ...(resolved.model.doStart
        ? {
            poll: {
              intervalMs: services.videoPollIntervalMs ?? 5_000,
              timeoutMs: 25 * 60_000,
            },
          }
        : {}),
      // A provider that answers with the video's address (Replicate, fal): read up to the cap.
      download: createDownload({ maxBytes: maxVideoBytes }),
      abortSignal: signal,
    });
    return { value: result.videos, usage: { units: input.duration } };
  });
  await progress(0.8);
  const mediaIds: string[] = [];
  let silent: SilentVideo | undefined;
  for (const video of videos as GeneratedFile[]) {
    let narrated = narration && !embedded ? narration : undefined;
    const ownSound = embedded ? !!narration : await hasAudioTrack(video.uint8Array, signal);
    if (!narrated && !ownSound) {
      if (voice && script) narrated = await narrate(voice);
      else silent = script ? noVoice(services) : { reason: "NOTHING_TO_READ" };
    }
    const bytes = narrated
      ? await muxNarration(video.uint8Array, narrated, signal)
      : video.uint8Array;
    const contentType = !narrated && video.mediaType === "video/webm" ? "video/webm" : "video/mp4";
    const seconds = await durationSeconds(bytes, signal);
    const poster = await posterFrame(bytes, signal);
    mediaIds.push(
      await createMediaItem(db, services.storage, actor, {
        ...itemBase(step.jobId, input, resolved.modelId),
        kind: "video",
        bytes,
        contentType,
        prompt,
        durationSeconds: seconds,
        thumbnail: poster,
      }).catch(asPermanent),
    );
  }
  return silent ? { mediaIds, silent } : { mediaIds };
}

function videoKind(services: GenerationServices) {
  return defineJobKind<VideoGeneration, GenerationResult>({
    kind: jobKindOf.video,
    capability: "video",
    timeoutSeconds,
    run: async ({ job, signal, progress, db }) => {
      const actor = await authorOf(db, job);
      // What an earlier try wrote before it stopped is the result.
      const made = await itemsOfJob(db, actor, job.id);
      if (made.length > 0) return { mediaIds: made };
      return makeVideo({
        services,
        db,
        jobId: job.id,
        organizationId: job.organizationId,
        actor,
        input: job.input,
        signal,
        progress,
        purpose: jobKindOf.video,
      });
    },
  });
}

/** A share of a job's progress: `fraction` of a step between `from` and `to`. */
const within =
  (progress: (fraction: number) => Promise<void>, from: number, to: number) => (fraction: number) =>
    progress(from + (to - from) * fraction);

/**
 * A recipe's run (docs/media.md, "Recipes"): its image, then a video that starts from the first
 * image, narrated. A try after one that stopped midway keeps the image (and the video) the
 * earlier try wrote, and makes only what is missing.
 */
function recipeKind(services: GenerationServices) {
  return defineJobKind<RecipeRun, GenerationResult>({
    kind: recipeJobKind,
    capability: "video",
    timeoutSeconds,
    run: async ({ job, signal, progress, db }) => {
      const actor = await authorOf(db, job);
      const step = {
        services,
        db,
        jobId: job.id,
        organizationId: job.organizationId,
        actor,
        signal,
      };
      const madeImages = await itemsOfJob(db, actor, job.id, "image");
      const images = await makeImages(
        {
          ...step,
          input: job.input.image,
          progress: within(progress, 0, 0.4),
          purpose: jobKindOf.image,
        },
        madeImages,
      );
      const [startImageId] = images;
      if (!startImageId) {
        throw new PermanentJobError("AI_BAD_RESPONSE", "The provider made no image.");
      }
      const madeVideos = await itemsOfJob(db, actor, job.id, "video");
      const videos: MadeVideos =
        madeVideos.length > 0
          ? { mediaIds: madeVideos }
          : await makeVideo({
              ...step,
              input: { ...job.input.video, startImageId },
              progress: within(progress, 0.4, 1),
              purpose: jobKindOf.video,
            });
      return { ...videos, mediaIds: [...images, ...videos.mediaIds] };
    },
  });
}

/**
 * The kinds of work that make the creators' media (docs/media.md, "Generations"): they call the
 * organization's model through runAiCall (recorded, within the quota), with the job's signal, and
 * write what they make into the library.
 */
export function generationJobKinds(services: GenerationServices): JobKind[] {
  return [
    imageKind(services),
    speechKind(services),
    videoKind(services),
    recipeKind(services),
  ] as JobKind[];
}
