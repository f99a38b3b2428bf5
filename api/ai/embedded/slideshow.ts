import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type {
  SharedV4Warning,
  SpeechModelV4,
  Experimental_VideoModelV4 as VideoModelV4,
  Experimental_VideoModelV4CallOptions as VideoModelV4CallOptions,
  Experimental_VideoModelV4File as VideoModelV4File,
} from "@ai-sdk/provider";
import { AiError } from "../errors";
import { titleCard } from "./title-cards";
import { runTool, toolAvailable } from "./tools";

export const slideshowModelId = "ffmpeg-slideshow";

/** The frame sizes the slideshow makes, by aspect. */
export const slideshowSizes = ["1280x720", "720x1280", "1080x1080"] as const;
/** The lengths it offers (seconds); narration longer than the length asked for lengthens it. */
export const slideshowDurations = [5, 10, 15, 30, 60] as const;
/** The most stills one slideshow shows. */
export const maxSlideshowStills = 20;
const maxSeconds = 180;
const fps = 25;

const aspectSizes: Record<string, string> = {
  "16:9": "1280x720",
  "9:16": "720x1280",
  "1:1": "1080x1080",
};

const arabicLetter = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** What the slideshow takes besides the SDK's own options (`providerOptions.slideshow`). */
export type SlideshowOptions = {
  /** Narration made elsewhere (a voice the organization chose), instead of the offline voice. */
  narration?: { data: string; mediaType: string };
};

/** A caption: its text and when it shows, in seconds. */
export type Caption = { text: string; start: number; end: number };

/**
 * The prompt as captions over `seconds`: a sentence each, on screen for a share of the time as
 * long as its share of the text.
 */
export function captionsFor(text: string, seconds: number): Caption[] {
  const sentences = text
    .split(/(?<=[.!?؟。])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const total = sentences.reduce((sum, sentence) => sum + sentence.length, 0);
  let start = 0;
  return sentences.map((sentence) => {
    const end = start + (seconds * sentence.length) / total;
    const caption = { text: sentence, start, end };
    start = end;
    return caption;
  });
}

/** Captions as SubRip, the format ffmpeg turns into the MP4's text track. */
export function toSrt(captions: Caption[]): string {
  const stamp = (seconds: number) => {
    const ms = Math.round(seconds * 1000);
    const pad = (n: number, width = 2) => String(n).padStart(width, "0");
    return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(
      Math.floor(ms / 1000) % 60,
    )},${pad(ms % 1000, 3)}`;
  };
  return captions
    .map(
      (caption, i) =>
        `${i + 1}\n${stamp(caption.start)} --> ${stamp(caption.end)}\n${caption.text}\n`,
    )
    .join("\n");
}

function sizeOf(options: VideoModelV4CallOptions, warnings: SharedV4Warning[]) {
  const asked = options.resolution ?? aspectSizes[options.aspectRatio ?? ""] ?? "1280x720";
  if ((slideshowSizes as readonly string[]).includes(asked)) return asked;
  warnings.push({ type: "unsupported", feature: "resolution", details: `${asked}: 1280x720 made` });
  return "1280x720";
}

function bytesOf(file: VideoModelV4File): Uint8Array {
  if (file.type !== "file") {
    throw new AiError({
      code: "AI_BAD_RESPONSE",
      detail: "The slideshow takes stills as files, not addresses",
    });
  }
  return typeof file.data === "string" ? Buffer.from(file.data, "base64") : file.data;
}

/**
 * The embedded video model: ffmpeg composing stills (the start image, then the other
 * references) with narration and the prompt as captions into an H.264 MP4. Not generative, and
 * labelled so ("Slideshow (not generative)"). Narration comes from `providerOptions.slideshow`,
 * else from the offline voice speaking the prompt; captions are the MP4's text track. Without
 * stills, the prompt's sentences are shown as title cards, each for its caption's time.
 */
export function slideshowVideoModel(
  options: { ffmpeg?: string; ffprobe?: string; narrator?: SpeechModelV4 } = {},
): VideoModelV4 {
  const ffmpeg = options.ffmpeg ?? "ffmpeg";
  const ffprobe = options.ffprobe ?? "ffprobe";

  async function secondsOf(file: string, signal?: AbortSignal) {
    const out = await runTool(
      ffprobe,
      ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file],
      { signal, install: "ffmpeg" },
    );
    const seconds = Number(Buffer.from(out).toString().trim());
    return Number.isFinite(seconds) ? seconds : 0;
  }

  return {
    specificationVersion: "v4",
    provider: "embedded.ffmpeg",
    modelId: slideshowModelId,
    maxVideosPerCall: 1,

    async doGenerate(call) {
      const warnings: SharedV4Warning[] = [];
      for (const [feature, value] of Object.entries({
        fps: call.fps,
        seed: call.seed,
        frameImages: call.frameImages?.length ? call.frameImages : undefined,
      })) {
        if (value !== undefined) warnings.push({ type: "unsupported", feature });
      }
      const stills = [call.image, ...(call.inputReferences ?? [])]
        .filter((file): file is VideoModelV4File => file !== undefined)
        .map(bytesOf);
      if (stills.length > maxSlideshowStills) {
        throw new AiError({
          code: "AI_BAD_RESPONSE",
          detail: `A slideshow shows at most ${maxSlideshowStills} stills`,
        });
      }
      const size = sizeOf(call, warnings);
      const [width, height] = size.split("x").map(Number) as [number, number];
      const prompt = call.prompt?.trim() ?? "";
      const own = (call.providerOptions?.slideshow ?? {}) as SlideshowOptions;

      const dir = await mkdtemp(join(tmpdir(), "qalam-slideshow-"));
      try {
        let narration: string | undefined;
        if (own.narration) {
          narration = join(dir, "narration");
          await writeFile(narration, Buffer.from(own.narration.data, "base64"));
        } else if (call.generateAudio !== false && prompt && options.narrator) {
          const spoken = await options.narrator.doGenerate({
            text: prompt,
            abortSignal: call.abortSignal,
            providerOptions: {},
          });
          narration = join(dir, "narration.wav");
          await writeFile(
            narration,
            typeof spoken.audio === "string" ? Buffer.from(spoken.audio, "base64") : spoken.audio,
          );
        }
        const narrationSeconds = narration ? await secondsOf(narration, call.abortSignal) : 0;
        const asked = Math.min(Math.max(call.duration ?? 10, 2), maxSeconds);
        const seconds = Math.min(Math.max(asked, Math.ceil(narrationSeconds + 0.5)), maxSeconds);

        const captions = prompt ? captionsFor(prompt, seconds) : [];
        // Without an image to show, the prompt itself is shown, a title card per sentence.
        const slides =
          stills.length > 0
            ? stills.map((bytes) => ({ bytes, seconds: seconds / stills.length }))
            : await Promise.all(
                captions.map(async (caption) => ({
                  bytes: await titleCard(caption.text, width, height),
                  seconds: caption.end - caption.start,
                })),
              );

        const args = ["-hide_banner", "-loglevel", "error", "-y"];
        const filters: string[] = [];
        const frame = `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,fps=${fps},format=yuv420p`;
        if (slides.length === 0) {
          args.push("-f", "lavfi", "-i", `color=c=0x1e293b:s=${size}:r=${fps}:d=${seconds}`);
          filters.push(`[0:v]format=yuv420p[v]`);
        } else {
          for (const [i, slide] of slides.entries()) {
            const file = join(dir, `still-${i}`);
            await writeFile(file, slide.bytes);
            args.push("-loop", "1", "-framerate", String(fps));
            args.push("-t", slide.seconds.toFixed(3), "-i", file);
            filters.push(`[${i}:v]${frame}[s${i}]`);
          }
          filters.push(
            `${slides.map((_, i) => `[s${i}]`).join("")}concat=n=${slides.length}:v=1:a=0[v]`,
          );
        }
        let input = slides.length || 1;
        const maps = ["-map", "[v]"];
        if (narration) {
          args.push("-i", narration);
          filters.push(`[${input}:a]apad[a]`);
          maps.push("-map", "[a]");
          input++;
        }
        if (captions.length > 0) {
          const srt = join(dir, "captions.srt");
          await writeFile(srt, toSrt(captions));
          args.push("-i", srt);
          maps.push("-map", `${input}:s`);
        }
        const out = join(dir, "slideshow.mp4");
        args.push("-filter_complex", filters.join(";"), ...maps, "-t", String(seconds));
        args.push("-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p");
        if (narration) args.push("-c:a", "aac", "-b:a", "128k");
        if (captions.length > 0) {
          args.push(
            "-c:s",
            "mov_text",
            "-metadata:s:s:0",
            `language=${arabicLetter.test(prompt) ? "ara" : "eng"}`,
          );
        }
        args.push("-movflags", "+faststart", out);
        await runTool(ffmpeg, args, { signal: call.abortSignal, cwd: dir, install: "ffmpeg" });

        return {
          videos: [
            { type: "binary", data: new Uint8Array(await readFile(out)), mediaType: "video/mp4" },
          ],
          warnings,
          response: { timestamp: new Date(), modelId: slideshowModelId, headers: undefined },
          providerMetadata: {
            embedded: {
              seconds,
              stills: stills.length,
              titleCards: stills.length > 0 ? 0 : slides.length,
              captions: captions.length,
              narrated: !!narration,
            },
          },
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Whether ffmpeg and ffprobe run here, to offer the slideshow or not. */
export async function ffmpegAvailable(ffmpeg = "ffmpeg", ffprobe = "ffprobe"): Promise<boolean> {
  const [withFfmpeg, withFfprobe] = await Promise.all([
    toolAvailable(ffmpeg, "-version"),
    toolAvailable(ffprobe, "-version"),
  ]);
  return withFfmpeg && withFfprobe;
}
