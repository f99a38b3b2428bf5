import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiEnvironment } from "../../../api/ai/config";
import { defaultToolPaths, runTool } from "../../../api/ai/embedded/tools";
import { type FakeAiServer, startFakeAiServer } from "../../support/fake-ai-server";
import { createTestApi, ownerWithSession, type SignedInUser, type TestApi } from "../helpers";
import { eventually } from "../jobs/controlled-kind";

/** A program that is not on this machine: the lookup of ESPEAK_NG_PATH finds nothing there. */
const missingEspeak = { ...defaultToolPaths, espeakNg: "/nonexistent/bin/espeak-ng" };

let fake: FakeAiServer;
/** The server's own models, with espeak-ng and ffmpeg as installed here. */
let embedded: TestApi;
/** The slideshow, with espeak-ng looked up where it is not. */
let withoutEspeak: TestApi;
/** A provider's video and speech (the fake, OpenAI-compatible). */
let provider: TestApi;
/** A provider's video, no speech model, espeak-ng missing. */
let providerWithoutVoice: TestApi;

beforeAll(async () => {
  fake = await startFakeAiServer();
  const base = { AI_BASE_URL: fake.baseUrl, AI_API_KEY: fake.apiKey };
  const quiet = { sentenceEncoder: false, videoPollIntervalMs: 20 };
  [embedded, withoutEspeak, provider, providerWithoutVoice] = await Promise.all([
    createTestApi({ ai: quiet }),
    createTestApi({ ai: { ...quiet, toolPaths: missingEspeak } }),
    createTestApi({
      ai: {
        ...quiet,
        environment: aiEnvironment({
          ...base,
          AI_VIDEO_MODEL: "fake-video",
          AI_SPEECH_MODEL: "fake-speech",
        }),
      },
    }),
    createTestApi({
      ai: {
        ...quiet,
        toolPaths: missingEspeak,
        environment: aiEnvironment({ ...base, AI_VIDEO_MODEL: "fake-video" }),
      },
    }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([
    embedded.close(),
    withoutEspeak.close(),
    provider.close(),
    providerWithoutVoice.close(),
    fake.close(),
  ]);
});

beforeEach(() => fake.reset());

/** A video generation, once its job has ended. */
async function generatedVideo(api: TestApi, owner: SignedInUser, body: Record<string, unknown>) {
  const response = await api.request("POST", "/generations", {
    token: owner.token,
    json: { kind: "video", ...body },
  });
  expect(response.status).toBe(202);
  const id = response.body.job.id;
  return eventually(
    async () => {
      const job = (await api.request("GET", `/jobs/${id}`, { token: owner.token })).body;
      return ["succeeded", "failed", "cancelled"].includes(job?.status) ? job : null;
    },
    120_000,
    `job ${id} to end`,
  );
}

async function content(api: TestApi, owner: SignedInUser, id: string) {
  const response = await api.api.fetch(
    new Request(`http://qalam.test/api/v1/media/${id}/content`, {
      headers: { authorization: `Bearer ${owner.token}` },
    }),
  );
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The kinds of the video's streams, and a frame at `atSeconds` as PNG. */
async function inspect(video: Buffer, atSeconds = 1) {
  const dir = await mkdtemp(join(tmpdir(), "qalam-video-sound-"));
  try {
    const file = join(dir, "video.mp4");
    await writeFile(file, video);
    const probed = await runTool(
      "ffprobe",
      ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", file],
      { install: "ffmpeg" },
    );
    const frameFile = join(dir, "frame.png");
    await runTool(
      "ffmpeg",
      ["-v", "error", "-ss", String(atSeconds), "-i", file, "-frames:v", "1", frameFile],
      { install: "ffmpeg" },
    );
    return {
      streams: Buffer.from(probed).toString().trim().split("\n").sort(),
      frame: await readFile(frameFile),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("a video without images: the prompt as title cards", () => {
  it("shows each sentence of an Arabic prompt as a card, read aloud by the offline voice", async () => {
    const owner = await ownerWithSession(embedded);
    const prompt = "مرحبا بكم في الاستوديو. هذا عرض بسيط.";
    const job = await generatedVideo(embedded, owner, { prompt, duration: 5, size: "1280x720" });
    expect(job.status).toBe("succeeded");
    expect(job.result.silent).toBeUndefined();
    const { streams, frame } = await inspect(
      await content(embedded, owner, job.result.mediaIds[0]),
    );
    expect(streams).toEqual(["audio", "subtitle", "video"]);
    // Not a flat colour: the card's text stands out of its plain background.
    const { channels } = await sharp(frame).stats();
    expect(channels[0]?.max).toBeGreaterThan(200);
    expect(channels[0]?.stdev).toBeGreaterThan(5);
    if (process.env.TITLE_CARD_FRAME) await writeFile(process.env.TITLE_CARD_FRAME, frame);
  }, 180_000);
});

describe("a video that cannot be narrated says why it is silent", () => {
  it("offers the slideshow without espeak-ng, and says before generating that it is missing", async () => {
    const owner = await ownerWithSession(withoutEspeak);
    const options = await withoutEspeak.request("GET", "/generations/options", {
      token: owner.token,
    });
    expect(options.body.embeddedTools).toEqual({ espeakNg: false, ffmpeg: true });
    expect(options.body.speech.configured).toBe(false);
    expect(options.body.video).toMatchObject({ configured: true, label: "slideshow" });

    const job = await generatedVideo(withoutEspeak, owner, { prompt: "A quiet one.", duration: 5 });
    expect(job.status).toBe("succeeded");
    expect(job.result.silent).toEqual({ reason: "NO_VOICE", missingTool: "espeak-ng" });
    const { streams } = await inspect(await content(withoutEspeak, owner, job.result.mediaIds[0]));
    expect(streams).not.toContain("audio");
  }, 180_000);

  it("says every tool is there when it is", async () => {
    const owner = await ownerWithSession(embedded);
    const options = await embedded.request("GET", "/generations/options", { token: owner.token });
    expect(options.body.embeddedTools).toEqual({ espeakNg: true, ffmpeg: true });
  });

  it("leaves a provider's video silent without a speech model, and says so", async () => {
    const owner = await ownerWithSession(providerWithoutVoice);
    const job = await generatedVideo(providerWithoutVoice, owner, {
      prompt: "Waves on a beach",
      duration: 4,
    });
    expect(job.status).toBe("succeeded");
    expect(job.result.silent).toEqual({ reason: "NO_VOICE", missingTool: "espeak-ng" });
    expect(fake.requests.some((request) => request.path === "/audio/speech")).toBe(false);
  });
});

describe("a provider's video with no narration text", () => {
  it("has the prompt read by the organization's speech model over it", async () => {
    const owner = await ownerWithSession(provider);
    const job = await generatedVideo(provider, owner, {
      prompt: "A sunrise over the sea",
      duration: 4,
    });
    expect(job.status).toBe("succeeded");
    expect(job.result.silent).toBeUndefined();
    const { streams } = await inspect(await content(provider, owner, job.result.mediaIds[0]));
    expect(streams).toEqual(["audio", "video"]);
    const spoken = fake.requests.find((request) => request.path === "/audio/speech");
    expect(spoken?.body).toMatchObject({ model: "fake-speech", input: "A sunrise over the sea" });
    // Without a title of its own, the item is named by its prompt's first words.
    const item = await provider.request("GET", `/media/${job.result.mediaIds[0]}`, {
      token: owner.token,
    });
    expect(item.body.title).toBe("A sunrise over the sea");
  });
});
