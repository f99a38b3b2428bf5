import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setAiQuota } from "../../../api/ai/ai-usage";
import { aiEnvironment } from "../../../api/ai/config";
import { runTool } from "../../../api/ai/embedded/tools";
import { aiUsage, characters, jobs } from "../../../api/db/schema";
import { createMediaItem, deleteMediaItem } from "../../../api/media/media";
import { type FakeAiServer, startFakeAiServer } from "../../support/fake-ai-server";
import {
  createTestApi,
  memberWithSession,
  ownerActor,
  ownerWithSession,
  type SignedInUser,
  type TestApi,
} from "../helpers";
import { eventually } from "../jobs/controlled-kind";
import { pngImage } from "../test-images";

type Owner = SignedInUser & { organizationId: string };

let fake: FakeAiServer;
/** Every kind through the fake provider (OpenAI-compatible). */
let t: TestApi;
/** Nothing from the environment: the offline voice and the slideshow, for real. */
let embedded: TestApi;
/** No model at all. */
let bare: TestApi;

beforeAll(async () => {
  fake = await startFakeAiServer();
  const environment = aiEnvironment({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: fake.apiKey,
    AI_IMAGE_MODEL: "fake-image",
    // The other models the tests name: those the fake server fails with.
    AI_IMAGE_MODELS: "refusing, broken, no-image",
    AI_SPEECH_MODEL: "fake-speech",
    // OpenAI's own speech, whose ten voices are the only ones it takes, at the fake's address.
    AI_SPEECH_PROVIDER: "openai",
    AI_VIDEO_MODEL: "fake-video",
    AI_VIDEO_MODELS: "failing-video, slow-video",
  });
  const quiet = { sentenceEncoder: false, videoPollIntervalMs: 20 };
  [t, embedded, bare] = await Promise.all([
    createTestApi({
      ai: {
        ...quiet,
        environment,
        offlineVoice: false,
        slideshow: false,
        allowPrivateNetwork: true,
      },
    }),
    createTestApi({ ai: { ...quiet, offlineVoice: true, slideshow: true } }),
    createTestApi({ ai: { ...quiet, offlineVoice: false, slideshow: false } }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([t.close(), embedded.close(), bare.close(), fake.close()]);
});

beforeEach(() => fake.reset());

/** An image in the organization's library, as a creator would have made it. */
async function libraryImage(api: TestApi, owner: Owner, width = 320, height = 240) {
  return createMediaItem(api.db, api.storage, ownerActor(owner), {
    kind: "image",
    bytes: new Uint8Array(await pngImage(width, height)),
    contentType: "image/png",
    prompt: "A red square",
  });
}

const generate = (api: TestApi, owner: { token: string }, json: unknown) =>
  api.request("POST", "/generations", { token: owner.token, json });

/** The job once it has ended. */
async function finished(api: TestApi, owner: { token: string }, id: string, timeoutMs = 60_000) {
  return eventually(
    async () => {
      const job = (await api.request("GET", `/jobs/${id}`, { token: owner.token })).body;
      return ["succeeded", "failed", "cancelled"].includes(job?.status) ? job : null;
    },
    timeoutMs,
    `job ${id} to end`,
  );
}

async function file(api: TestApi, owner: { token: string }, id: string, which: string) {
  const response = await api.api.fetch(
    new Request(`http://qalam.test/api/v1/media/${id}/${which}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    }),
  );
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** What ffprobe says of a file's streams and length. */
async function probe(bytes: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), "qalam-probe-"));
  try {
    await writeFile(join(dir, "file"), bytes);
    const out = await runTool(
      "ffprobe",
      ["-v", "error", "-show_streams", "-show_format", "-of", "json", join(dir, "file")],
      { install: "ffmpeg" },
    );
    const parsed = JSON.parse(Buffer.from(out).toString()) as {
      streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
      format: { format_name: string; duration: string };
    };
    return { ...parsed, duration: Number(parsed.format.duration) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function jobRows(api: TestApi, organizationId: string) {
  const [row] = await api.db
    .select({ n: count() })
    .from(jobs)
    .where(eq(jobs.organizationId, organizationId));
  return row?.n ?? 0;
}

async function usageRows(api: TestApi, organizationId: string) {
  return api.db.select().from(aiUsage).where(eq(aiUsage.organizationId, organizationId));
}

describe("GET /generations/options", () => {
  it("offers the provider's sizes, voices and durations, and the characters' voices", async () => {
    const owner = await ownerWithSession(t);
    const [layla] = await t.db
      .insert(characters)
      .values({
        organizationId: owner.organizationId,
        authorId: owner.id,
        name: "Layla",
        visibility: "organization",
        defaultVoice: "nova",
      })
      .returning();
    await t.db.insert(characters).values({
      organizationId: owner.organizationId,
      authorId: owner.id,
      name: "Silent",
      visibility: "organization",
    });
    const response = await t.request("GET", "/generations/options", { token: owner.token });
    expect(response.status).toBe(200);
    const { image, speech, video } = response.body;
    expect(image).toMatchObject({
      configured: true,
      source: "environment",
      model: "fake-image",
      label: null,
      sizes: ["1024x1024", "1536x1024", "1024x1536"],
      styles: ["none", "photo", "illustration", "3d", "anime", "watercolor", "line-art"],
      maxCount: 4,
      maxPromptLength: 4000,
      supports: { negativePrompt: true, seed: true, steps: false, guidance: false },
    });
    expect(speech).toMatchObject({ configured: true, model: "fake-speech", label: null });
    expect(speech.formats).toEqual(["mp3", "wav", "ogg"]);
    expect(speech.voices).toContainEqual({ id: "alloy", source: "provider" });
    expect(speech.voices).toContainEqual({
      id: "nova",
      source: "character",
      characterId: layla?.id,
      characterName: "Layla",
    });
    expect(video).toMatchObject({
      configured: true,
      sizes: ["1280x720", "720x1280"],
      durations: [4, 8, 12],
    });
  });

  it("offers an OpenAI-compatible server's own voices, and takes one it does not list", async () => {
    const owner = await ownerWithSession(t);
    const set = await t.request("PUT", `/organizations/${owner.organizationId}/ai/speech`, {
      token: owner.token,
      json: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        model: "kokoro",
        apiKey: fake.apiKey,
      },
    });
    expect(set.status, set.text).toBe(200);
    const { body } = await t.request("GET", "/generations/options", { token: owner.token });
    expect(body.speech.anyVoice).toBe(true);
    expect(body.speech.voices).toEqual([
      { id: "af_bella", source: "provider" },
      { id: "am_adam", source: "provider" },
    ]);
    for (const voice of ["am_adam", "my-cloned-voice"]) {
      const response = await generate(t, owner, { kind: "speech", text: "Hello.", voice });
      expect(response.status, response.text).toBe(202);
      const job = await finished(t, owner, response.body.job.id);
      expect(job.status).toBe("succeeded");
    }
    const sent = fake.requests.filter((request) => request.path === "/audio/speech");
    expect(sent.map((request) => (request.body as { voice: string }).voice)).toEqual([
      "am_adam",
      "my-cloned-voice",
    ]);
  });

  it("labels the offline voice and the slideshow, and says what is not configured", async () => {
    const owner = await ownerWithSession(embedded);
    const { body } = await embedded.request("GET", "/generations/options", {
      token: owner.token,
    });
    expect(body.speech).toMatchObject({
      configured: true,
      source: "embedded",
      model: "espeak-ng",
      label: "offline-voice",
      voices: [
        { id: "en", source: "offline" },
        { id: "ar", source: "offline" },
      ],
    });
    expect(body.video).toMatchObject({
      configured: true,
      source: "embedded",
      model: "ffmpeg-slideshow",
      label: "slideshow",
      sizes: ["1280x720", "720x1280", "1080x1080"],
      durations: [5, 10, 15, 30, 60],
      supports: { startImage: true, stills: true, narration: true },
    });
    expect(body.image).toMatchObject({ configured: false, sizes: [], styles: [] });

    const nobody = await ownerWithSession(bare);
    const none = await bare.request("GET", "/generations/options", { token: nobody.token });
    expect(none.body.speech).toMatchObject({ configured: false, voices: [], formats: [] });
    expect(none.body.video).toMatchObject({ configured: false, durations: [] });
  });
});

describe("POST /generations: images", () => {
  it("makes the images through the provider, with thumbnails, keeping the settings", async () => {
    const owner = await ownerWithSession(t);
    const project = await t.request("POST", "/projects", {
      token: owner.token,
      json: { name: "Campaign" },
    });
    const body = {
      kind: "image",
      prompt: "A lighthouse at dawn",
      negativePrompt: "people",
      style: "watercolor",
      size: "1024x1536",
      count: 2,
      seed: 42,
      title: "Lighthouse",
      projectId: project.body.id,
    };
    const response = await generate(t, owner, body);
    expect(response.status).toBe(202);
    expect(response.body.job).toMatchObject({
      kind: "image.generate",
      capability: "image",
      status: expect.stringMatching(/^(queued|running)$/),
    });
    const job = await finished(t, owner, response.body.job.id);
    expect(job).toMatchObject({ status: "succeeded", progress: 1, error: null });
    expect(job.result.mediaIds).toHaveLength(2);

    const sent = fake.requests.find((request) => request.path === "/images/generations");
    expect(sent?.body).toMatchObject({
      model: "fake-image",
      n: 2,
      size: "1024x1536",
      negative_prompt: "people",
      seed: 42,
    });
    expect(String((sent?.body as { prompt?: string } | undefined)?.prompt)).toMatch(
      /^A lighthouse at dawn\. watercolour painting/,
    );

    for (const id of job.result.mediaIds) {
      const item = (await t.request("GET", `/media/${id}`, { token: owner.token })).body;
      expect(item).toMatchObject({
        kind: "image",
        contentType: "image/png",
        width: 1024,
        height: 1536,
        title: "Lighthouse",
        prompt: "A lighthouse at dawn",
        model: "fake-image",
        jobId: job.id,
        projectId: project.body.id,
        hasThumbnail: true,
        settings: { ...body, count: 2 },
      });
      const thumbnail = await file(t, owner, id, "thumbnail");
      expect(thumbnail.status).toBe(200);
      expect((await sharp(thumbnail.bytes).metadata()).format).toBe("webp");
    }
    const usage = await usageRows(t, owner.organizationId);
    expect(usage).toMatchObject([{ capability: "image", units: 2, outcome: "ok" }]);
  });

  it("fails the job with the provider's code when the provider refuses, and charges nothing", async () => {
    const owner = await ownerWithSession(t);
    const response = await generate(t, owner, {
      kind: "image",
      prompt: "Something the filter refuses",
      model: "refusing",
    });
    expect(response.status).toBe(202);
    const job = await finished(t, owner, response.body.job.id);
    expect(job).toMatchObject({ status: "failed", attempts: 1, result: null });
    expect(job.error.code).toBe("AI_REFUSED");
    const usage = await usageRows(t, owner.organizationId);
    expect(usage).toMatchObject([{ capability: "image", units: 0, outcome: "AI_REFUSED" }]);
    const library = await t.request("GET", "/media", { token: owner.token });
    expect(library.body.items).toEqual([]);
  });

  it("tries again after a provider's outage, and succeeds once it has recovered", async () => {
    const owner = await ownerWithSession(t);
    fake.brokenTimes = 3; // The AI SDK's own three calls of the first try.
    const response = await generate(t, owner, { kind: "image", prompt: "x", model: "broken" });
    const job = await finished(t, owner, response.body.job.id);
    expect(job).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(job.result.mediaIds).toHaveLength(1);
    const outcomes = (await usageRows(t, owner.organizationId)).map((row) => row.outcome).sort();
    expect(outcomes).toEqual(["AI_PROVIDER_DOWN", "ok"]);
  }, 60_000);

  it("fails the job when the provider's answer is not an image", async () => {
    const owner = await ownerWithSession(t);
    const response = await generate(t, owner, { kind: "image", prompt: "x", model: "no-image" });
    const job = await finished(t, owner, response.body.job.id);
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(job.error.code).toBe("AI_BAD_RESPONSE");
    expect((await t.request("GET", "/media", { token: owner.token })).body.items).toEqual([]);
  });
});

describe("a try after one that stopped midway (a crash, a restart)", () => {
  it("makes only the images the earlier try did not write, and nothing once all are there", async () => {
    const owner = await ownerWithSession(t);
    const input = { kind: "image", prompt: "Twins", count: 2 };
    const [row] = await t.db
      .insert(jobs)
      .values({
        organizationId: owner.organizationId,
        userId: owner.id,
        kind: "image.generate",
        capability: "image",
        input,
        status: "running",
      })
      .returning();
    if (!row) throw new Error("no job");
    const first = await createMediaItem(t.db, t.storage, ownerActor(owner), {
      kind: "image",
      bytes: new Uint8Array(await pngImage(64, 64)),
      contentType: "image/png",
      jobId: row.id,
    });
    const kind = t.jobs.runner.kinds.get("image.generate");
    const run = () =>
      kind?.run({
        job: {
          id: row.id,
          organizationId: owner.organizationId,
          userId: owner.id,
          input,
          attempt: 2,
        },
        signal: new AbortController().signal,
        progress: async () => {},
        db: t.db,
      }) as Promise<{ mediaIds: string[] }>;
    const result = await run();
    expect(result.mediaIds).toHaveLength(2);
    expect(result.mediaIds[0]).toBe(first);
    const asked = () => fake.requests.filter((request) => request.path === "/images/generations");
    expect(asked().map((request) => (request.body as { n: number }).n)).toEqual([1]);
    expect(await run()).toEqual(result);
    expect(asked()).toHaveLength(1);
  });
});

describe("POST /generations: speech", () => {
  it("converts the provider's WAV into the format asked for, with its length and waveform", async () => {
    const owner = await ownerWithSession(t);
    for (const [format, type, magic] of [
      ["mp3", "audio/mpeg", /^(ID3|\xff[\xe0-\xff])/],
      ["ogg", "audio/ogg", /^OggS/],
      ["wav", "audio/wav", /^RIFF....WAVE/s],
    ] as const) {
      const body = { kind: "speech", text: "Hello there. How are you?", voice: "alloy", format };
      const response = await generate(t, owner, body);
      expect(response.status).toBe(202);
      const job = await finished(t, owner, response.body.job.id);
      expect(job.status).toBe("succeeded");
      const [id] = job.result.mediaIds;
      const item = (await t.request("GET", `/media/${id}`, { token: owner.token })).body;
      expect(item).toMatchObject({
        kind: "audio",
        contentType: type,
        hasThumbnail: true,
        prompt: body.text,
        settings: { ...body, speed: 1 },
      });
      expect(item.durationSeconds).toBeGreaterThan(0.3);
      const content = await file(t, owner, id, "content");
      expect(content.bytes.toString("latin1", 0, 12)).toMatch(magic);
      const thumbnail = await file(t, owner, id, "thumbnail");
      expect((await sharp(thumbnail.bytes).metadata()).format).toBe("webp");
    }
    const asked = fake.requests.filter((request) => request.path === "/audio/speech");
    expect(
      asked.map((request) => (request.body as { response_format: string }).response_format),
    ).toEqual(["mp3", "opus", "wav"]);
  });

  it("takes a character's default voice that the provider does not list", async () => {
    const owner = await ownerWithSession(t);
    const [character] = await t.db
      .insert(characters)
      .values({
        organizationId: owner.organizationId,
        authorId: owner.id,
        name: "Omar",
        defaultVoice: "omar-custom",
      })
      .returning();
    const body = {
      kind: "speech",
      text: "Marhaba.",
      voice: "omar-custom",
      characterId: character?.id,
      format: "wav",
    };
    const response = await generate(t, owner, body);
    expect(response.status).toBe(202);
    const job = await finished(t, owner, response.body.job.id);
    expect(job.status).toBe("succeeded");
    const sent = fake.requests.find((request) => request.path === "/audio/speech");
    expect(sent?.body).toMatchObject({ voice: "omar-custom", input: "Marhaba." });
    // Another member cannot see the private character, nor use its voice.
    const member = await memberWithSession(t, owner.organizationId, "member");
    const theirs = await generate(t, member, body);
    expect(theirs.status).toBe(422);
    expect(theirs.body.error.fieldCodes).toEqual({ voice: "UNKNOWN_VOICE" });
  });

  it("splits a long text at sentences for the provider and joins the parts", async () => {
    const owner = await ownerWithSession(t);
    const sentence = "This sentence is one of many in a long text that is read aloud. ";
    const text = sentence.repeat(150).trim(); // about 9,750 characters
    const response = await generate(t, owner, { kind: "speech", text, voice: "alloy" });
    const job = await finished(t, owner, response.body.job.id);
    expect(job.status).toBe("succeeded");
    const parts = fake.requests
      .filter((request) => request.path === "/audio/speech")
      .map((request) => String((request.body as { input: string }).input));
    expect(parts).toHaveLength(3);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(4096);
      expect(part.endsWith("aloud.")).toBe(true);
    }
    expect(parts.join(" ")).toBe(text);
    const usage = await usageRows(t, owner.organizationId);
    expect(usage.map((row) => row.units).reduce((a, b) => a + b, 0)).toBe(
      parts.reduce((sum, part) => sum + part.length, 0),
    );
    const [id] = job.result.mediaIds;
    const content = await file(t, owner, id, "content");
    // Three parts of five seconds each at most (the fake's tone), joined as one.
    expect((await probe(content.bytes)).duration).toBeGreaterThan(10);
  });

  it("speaks with the offline voice, for real, as WAV and as MP3, splitting what is too long", async () => {
    const owner = await ownerWithSession(embedded);
    const wav = await generate(embedded, owner, {
      kind: "speech",
      text: "The offline voice speaks this sentence.",
      voice: "en",
      format: "wav",
    });
    expect(wav.status).toBe(202);
    const wavJob = await finished(embedded, owner, wav.body.job.id);
    expect(wavJob.status).toBe("succeeded");
    const wavFile = await file(embedded, owner, wavJob.result.mediaIds[0], "content");
    expect(wavFile.bytes.toString("latin1", 0, 4)).toBe("RIFF");
    expect(wavFile.bytes.toString("latin1", 8, 12)).toBe("WAVE");

    const text = "صباح الخير. ".repeat(500).trim(); // 6,000 characters: two parts
    const mp3 = await generate(embedded, owner, { kind: "speech", text, voice: "ar" });
    const mp3Job = await finished(embedded, owner, mp3.body.job.id, 120_000);
    expect(mp3Job.status).toBe("succeeded");
    const mp3File = await file(embedded, owner, mp3Job.result.mediaIds[0], "content");
    expect(mp3File.bytes.toString("latin1", 0, 3) === "ID3" || mp3File.bytes[0] === 0xff).toBe(
      true,
    );
    const probed = await probe(mp3File.bytes);
    expect(probed.streams[0]?.codec_name).toBe("mp3");
    const calls = (await usageRows(embedded, owner.organizationId)).filter(
      (row) => row.purpose === "speech.generate" && row.units > 0 && row.units < 100,
    );
    expect(calls).toHaveLength(1); // the first, short, item
    const long = (await usageRows(embedded, owner.organizationId)).filter(
      (row) => row.units >= 1000,
    );
    expect(long).toHaveLength(2);
    for (const row of long) expect(row.units).toBeLessThanOrEqual(5000);
  }, 180_000);
});

describe("POST /generations: video", () => {
  it("makes a provider's video, lays the narration over it, and takes its poster", async () => {
    const owner = await ownerWithSession(t);
    const body = {
      kind: "video",
      prompt: "A sunrise over the sea",
      duration: 4,
      size: "1280x720",
      narration: { text: "The sun rises.", voice: "nova" },
    };
    const response = await generate(t, owner, body);
    expect(response.status).toBe(202);
    const job = await finished(t, owner, response.body.job.id);
    expect(job.status).toBe("succeeded");
    const [id] = job.result.mediaIds;
    const item = (await t.request("GET", `/media/${id}`, { token: owner.token })).body;
    expect(item).toMatchObject({
      kind: "video",
      contentType: "video/mp4",
      hasThumbnail: true,
      model: "fake-video",
      settings: body,
    });
    expect(item.durationSeconds).toBeGreaterThan(1);
    const probed = await probe((await file(t, owner, id, "content")).bytes);
    expect(probed.streams.map((stream) => stream.codec_type).sort()).toEqual(["audio", "video"]);
    expect(fake.requests.find((request) => request.path === "/videos")?.body).toMatchObject({
      model: "fake-video",
      prompt: "A sunrise over the sea",
      seconds: "4",
      size: "1280x720",
    });
    const poster = await file(t, owner, id, "thumbnail");
    const metadata = await sharp(poster.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 320, height: 180 });
    const usage = await usageRows(t, owner.organizationId);
    expect(usage.map((row) => [row.capability, row.units]).sort()).toEqual([
      ["speech", 14],
      ["video", 4],
    ]);
  });

  it("gives the provider the start image, cropped to the frame, with the prompt", async () => {
    const owner = await ownerWithSession(t);
    const start = await libraryImage(t, owner, 640, 480);
    const body = {
      kind: "video",
      prompt: "The square starts to spin",
      startImageId: start,
      duration: 4,
      size: "1280x720",
    };
    const response = await generate(t, owner, body);
    expect(response.status).toBe(202);
    expect((await finished(t, owner, response.body.job.id)).status).toBe("succeeded");

    const sent = fake.requests.filter((request) => request.path === "/videos");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[0]?.body).toEqual({
      model: "fake-video",
      prompt: "The square starts to spin",
      seconds: "4",
      size: "1280x720",
      input_reference: {
        file: "start.png",
        type: "image/png",
        format: "png",
        width: 1280,
        height: 720,
      },
    });
  });

  it("makes the slideshow, for real, from the library's images with offline narration", async () => {
    const owner = await ownerWithSession(embedded);
    const start = await libraryImage(embedded, owner, 640, 480);
    const still = await libraryImage(embedded, owner, 300, 500);
    const body = {
      kind: "video",
      prompt: "A short story in two pictures.",
      startImageId: start,
      imageIds: [still],
      duration: 5,
      size: "720x1280",
      narration: { text: "Once upon a time." },
    };
    const response = await generate(embedded, owner, body);
    expect(response.status).toBe(202);
    const job = await finished(embedded, owner, response.body.job.id, 120_000);
    expect(job.status).toBe("succeeded");
    const [id] = job.result.mediaIds;
    const content = await file(embedded, owner, id, "content");
    const probed = await probe(content.bytes);
    expect(probed.format.format_name).toContain("mp4");
    const videoStream = probed.streams.find((stream) => stream.codec_type === "video");
    expect(videoStream).toMatchObject({ codec_name: "h264", width: 720, height: 1280 });
    expect(probed.streams.some((stream) => stream.codec_type === "audio")).toBe(true);
    expect(probed.duration).toBeGreaterThanOrEqual(4.9);
    const item = (await embedded.request("GET", `/media/${id}`, { token: owner.token })).body;
    expect(item).toMatchObject({ model: "ffmpeg-slideshow", hasThumbnail: true, settings: body });
    expect(item.durationSeconds).toBeGreaterThanOrEqual(4.9);
    const poster = await sharp((await file(embedded, owner, id, "thumbnail")).bytes).metadata();
    expect(poster).toMatchObject({ format: "webp", width: 288, height: 512 });
  }, 180_000);

  it("fails the job when the provider's video fails", async () => {
    const owner = await ownerWithSession(t);
    const response = await generate(t, owner, {
      kind: "video",
      prompt: "Doomed",
      duration: 4,
      model: "failing-video",
    });
    const job = await finished(t, owner, response.body.job.id);
    expect(job.status).toBe("failed");
    expect(job.error.code).toMatch(/^AI_/);
    expect((await t.request("GET", "/media", { token: owner.token })).body.items).toEqual([]);
  });

  it("stops the provider's call when the job is cancelled while it runs", async () => {
    const owner = await ownerWithSession(t);
    fake.slowMs = 20_000;
    const response = await generate(t, owner, {
      kind: "video",
      prompt: "Slow",
      duration: 4,
      model: "slow-video",
    });
    const id = response.body.job.id;
    await eventually(() => fake.openRequests() > 0, 10_000, "the provider's request");
    const cancel = await t.request("POST", `/jobs/${id}/cancel`, { token: owner.token });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe("cancelled");
    await eventually(() => fake.openRequests() === 0, 10_000, "the provider's request to close");
    const job = await finished(t, owner, id);
    expect(job.status).toBe("cancelled");
    expect((await t.request("GET", "/media", { token: owner.token })).body.items).toEqual([]);
  });
});

describe("POST /generations: refusals, before anything is queued or charged", () => {
  let owner: Owner;

  beforeAll(async () => {
    owner = await ownerWithSession(t);
  });

  const refused = async (
    api: TestApi,
    who: Owner,
    body: unknown,
    status: number,
    code: string,
    fieldCodes?: Record<string, string>,
  ) => {
    const response = await generate(api, who, body);
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body.error.code).toBe(code);
    if (fieldCodes) expect(response.body.error.fieldCodes).toEqual(fieldCodes);
    expect(await jobRows(api, who.organizationId)).toBe(0);
    expect(await usageRows(api, who.organizationId)).toEqual([]);
    expect(fake.requests).toEqual([]);
  };

  it("refuses bad fields with their codes", async () => {
    const invalid = "VALIDATION_FAILED";
    await refused(t, owner, { kind: "image", prompt: "x".repeat(4001) }, 422, invalid, {
      prompt: "TOO_LONG",
    });
    await refused(t, owner, { kind: "image", prompt: "  " }, 422, invalid, { prompt: "REQUIRED" });
    await refused(t, owner, { kind: "speech", text: "", voice: "alloy" }, 422, invalid, {
      text: "REQUIRED",
    });
    await refused(
      t,
      owner,
      { kind: "speech", text: "x".repeat(50_001), voice: "alloy" },
      422,
      invalid,
      {
        text: "TOO_LONG",
      },
    );
    await refused(t, owner, { kind: "image", prompt: "x", count: 5 }, 422, invalid, {
      count: "TOO_BIG",
    });
    await refused(t, owner, { kind: "video", duration: 4 }, 422, invalid, { prompt: "REQUIRED" });
    await refused(t, owner, { kind: "music", prompt: "x" }, 422, invalid);
  });

  it("refuses what the provider does not offer", async () => {
    await refused(
      t,
      owner,
      { kind: "image", prompt: "x", size: "999x999" },
      422,
      "UNSUPPORTED_SIZE",
      {
        size: "UNSUPPORTED_SIZE",
      },
    );
    await refused(
      t,
      owner,
      { kind: "video", prompt: "x", duration: 7 },
      422,
      "UNSUPPORTED_DURATION",
      { duration: "UNSUPPORTED_DURATION" },
    );
    await refused(t, owner, { kind: "speech", text: "Hi", voice: "nobody" }, 422, "UNKNOWN_VOICE", {
      voice: "UNKNOWN_VOICE",
    });
    await refused(
      t,
      owner,
      { kind: "video", prompt: "x", duration: 4, narration: { text: "Hi", voice: "nobody" } },
      422,
      "UNKNOWN_VOICE",
      { "narration.voice": "UNKNOWN_VOICE" },
    );
  });

  it("refuses a start image that is not an image of the organization's library", async () => {
    const other = await ownerWithSession(t);
    const theirs = await libraryImage(t, other);
    const audio = await createMediaItem(t.db, t.storage, ownerActor(owner), {
      kind: "audio",
      bytes: new Uint8Array(100),
      contentType: "audio/mpeg",
    });
    const deleted = await libraryImage(t, owner);
    await deleteMediaItem(t.db, ownerActor(owner), deleted);
    for (const id of [theirs, audio, deleted, randomUUID()]) {
      await refused(
        t,
        owner,
        { kind: "image", prompt: "x", startImageId: id },
        422,
        "NOT_AN_IMAGE",
        {
          startImageId: "NOT_AN_IMAGE",
        },
      );
    }
    await refused(
      t,
      owner,
      { kind: "video", prompt: "x", duration: 4, imageIds: [theirs] },
      422,
      "NOT_AN_IMAGE",
      { "imageIds.0": "NOT_AN_IMAGE" },
    );
  });

  it("refuses past the month's quota", async () => {
    const limited = await ownerWithSession(t);
    await setAiQuota(t.db, ownerActor(limited), "image", 0);
    await refused(t, limited, { kind: "image", prompt: "x" }, 429, "QUOTA_EXCEEDED");
  });

  it("refuses when the kind has no model", async () => {
    const nobody = await ownerWithSession(bare);
    await refused(bare, nobody, { kind: "image", prompt: "x" }, 409, "AI_NOT_CONFIGURED");
    await refused(
      bare,
      nobody,
      { kind: "speech", text: "x", voice: "en" },
      409,
      "AI_NOT_CONFIGURED",
    );
  });

  it("refuses a viewer", async () => {
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const response = await generate(t, viewer, { kind: "image", prompt: "x" });
    expect(response.status).toBe(403);
    const options = await t.request("GET", "/generations/options", { token: viewer.token });
    expect(options.status).toBe(403);
    expect(await jobRows(t, owner.organizationId)).toBe(0);
  });

  it("refuses another organization's project", async () => {
    const other = await ownerWithSession(t);
    const project = await t.request("POST", "/projects", {
      token: other.token,
      json: { name: "Theirs" },
    });
    await refused(
      t,
      owner,
      { kind: "image", prompt: "x", projectId: project.body.id },
      422,
      "UNKNOWN_PROJECT",
      { projectId: "UNKNOWN_PROJECT" },
    );
  });
});
