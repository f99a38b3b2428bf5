import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { experimental_generateVideo as generateVideo } from "ai";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { espeakSpeechModel } from "../../../api/ai/embedded/espeak";
import { slideshowVideoModel } from "../../../api/ai/embedded/slideshow";
import { classifyAiError } from "../../../api/ai/errors";

const dir = mkdtempSync(join(tmpdir(), "qalam-slideshow-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Stream = {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  tags?: { language?: string };
};

/** What ffprobe reads from an MP4: its streams and its length in seconds. */
function probe(video: Uint8Array) {
  const file = join(dir, `${crypto.randomUUID()}.mp4`);
  writeFileSync(file, video);
  const result = spawnSync(
    "ffprobe",
    [
      "-v",
      "error",
      "-show_entries",
      "format=duration:stream=codec_type,codec_name,width,height:stream_tags=language",
      "-of",
      "json",
      file,
    ],
    { encoding: "utf8" },
  );
  expect(result.status).toBe(0);
  const parsed = JSON.parse(result.stdout) as { streams: Stream[]; format: { duration: string } };
  return { streams: parsed.streams, seconds: Number(parsed.format.duration) };
}

const still = (color: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer();

describe("the slideshow (ffmpeg, run for real)", () => {
  it("shows the stills with the offline voice narrating and the prompt as captions", async () => {
    const [red, green, blue] = await Promise.all([still("#c00"), still("#0c0"), still("#00c")]);
    const prompt = "Welcome to the studio. Here is our work. Thank you for watching.";
    const { video, providerMetadata } = await generateVideo({
      model: slideshowVideoModel({ narrator: espeakSpeechModel() }),
      prompt: { image: red, text: prompt },
      duration: 5,
      providerOptions: {},
      inputReferences: [green, blue],
    } as Parameters<typeof generateVideo>[0]);

    const { streams, seconds } = probe(video.uint8Array);
    expect(video.mediaType).toBe("video/mp4");
    expect(streams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          codec_type: "video",
          codec_name: "h264",
          width: 1280,
          height: 720,
        }),
        expect.objectContaining({ codec_type: "audio", codec_name: "aac" }),
        expect.objectContaining({
          codec_type: "subtitle",
          codec_name: "mov_text",
          tags: { language: "eng" },
        }),
      ]),
    );
    // At least the length asked for, longer when the narration needs it.
    const narrated = providerMetadata.embedded?.seconds as number;
    expect(narrated).toBeGreaterThanOrEqual(5);
    expect(Math.abs(seconds - narrated)).toBeLessThan(0.3);
    expect(providerMetadata.embedded).toMatchObject({ stills: 3, captions: 3, narrated: true });
  });

  it("makes a silent upright video of exactly the length asked for, captioned in Arabic", async () => {
    const { video } = await generateVideo({
      model: slideshowVideoModel(),
      prompt: "مرحبا بكم. هذا عرض بسيط.",
      aspectRatio: "9:16",
      duration: 4,
    });
    const { streams, seconds } = probe(video.uint8Array);
    expect(streams.find((stream) => stream.codec_type === "video")).toMatchObject({
      width: 720,
      height: 1280,
    });
    expect(streams.some((stream) => stream.codec_type === "audio")).toBe(false);
    expect(streams.find((stream) => stream.codec_type === "subtitle")?.tags?.language).toBe("ara");
    expect(seconds).toBeGreaterThan(3.9);
    expect(seconds).toBeLessThan(4.2);
  });

  it("says a still that is not an image cannot be read, in the product's words", async () => {
    const failure = await generateVideo({
      model: slideshowVideoModel(),
      prompt: { image: new TextEncoder().encode("not an image at all"), text: "x" },
      duration: 2,
    }).catch((error: unknown) => classifyAiError(error));
    expect(failure).toMatchObject({ code: "AI_BAD_RESPONSE" });
  });

  it("says what to install when ffmpeg is missing", async () => {
    const failure = await generateVideo({
      model: slideshowVideoModel({ ffmpeg: "ffmpeg-not-here", ffprobe: "ffprobe-not-here" }),
      prompt: "Hello.",
      duration: 2,
    }).catch((error: unknown) => classifyAiError(error));
    expect(failure).toMatchObject({ code: "AI_TOOL_MISSING" });
    expect((failure as { detail: string }).detail).toContain("apt-get install ffmpeg");
  });

  it("stops ffmpeg when the caller gives up", async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = generateVideo({
      model: slideshowVideoModel(),
      prompt: "A long one.",
      duration: 120,
      abortSignal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
