import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiEnvironment } from "../../../api/ai/config";
import { type FakeAiServer, startFakeAiServer } from "../../support/fake-ai-server";
import { whileHealthIsWatched } from "../health-watch";
import { createTestApi, ownerWithSession, type TestApi } from "../helpers";

let fake: FakeAiServer;
let t: TestApi;

beforeAll(async () => {
  fake = await startFakeAiServer();
  t = await createTestApi({
    ai: {
      sentenceEncoder: false,
      videoPollIntervalMs: 20,
      environment: aiEnvironment({
        AI_BASE_URL: fake.baseUrl,
        AI_API_KEY: fake.apiKey,
        AI_IMAGE_MODEL: "fake-image",
        AI_SPEECH_MODEL: "fake-speech",
        AI_VIDEO_MODEL: "fake-video",
      }),
      offlineVoice: false,
      slideshow: false,
    },
  });
}, 60_000);

afterAll(async () => {
  await t.close();
  await fake.close();
});

/** The recipe of the creators' journey: an image, then a narrated video that starts from it. */
const steps = {
  image: { prompt: "A lighthouse at dawn", size: "1024x1024" },
  video: { duration: 4, size: "1280x720", prompt: "The light turns slowly" },
  narration: { text: "The keeper wakes.", voice: "nova" },
};

/** Moments after the run is asked for at which it is cancelled, in milliseconds. */
const moments = Array.from({ length: 26 }, (_, i) => i * 10);

describe("a recipe's run cancelled at any moment", () => {
  it("ends that job alone: the process keeps serving and every run ends cancelled", async () => {
    const ends: string[] = [];
    // What would have ended the process (vitest reports it too, after the test).
    const escaped: unknown[] = [];
    const onEscape = (error: unknown) => escaped.push(error);
    process.on("unhandledRejection", onEscape);
    process.on("uncaughtException", onEscape);
    const watch = await whileHealthIsWatched(t, async () => {
      // Twice over every moment, by two owners (each within the members' limits on runs).
      for (const round of [1, 2]) {
        const owner = await ownerWithSession(t);
        const recipe = await t.request("POST", "/recipes", {
          token: owner.token,
          json: { name: `Reel ${round}`, steps },
        });
        expect(recipe.status).toBe(201);
        for (const moment of moments) {
          const ran = await t.request("POST", `/recipes/${recipe.body.id}/run`, {
            token: owner.token,
          });
          expect(ran.status, ran.text).toBe(202);
          const id = ran.body.job.id;
          await new Promise((resolve) => setTimeout(resolve, moment));
          const cancel = await t.request("POST", `/jobs/${id}/cancel`, { token: owner.token });
          expect(cancel.status, cancel.text).toBe(200);
          const job = await t.request("GET", `/jobs/${id}`, { token: owner.token });
          ends.push(`${moment} ms: ${job.body.status}`);
        }
      }
    });
    // The last tries stop within moments of their cancel; an error of theirs comes by then.
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.off("unhandledRejection", onEscape);
    process.off("uncaughtException", onEscape);
    expect(escaped).toEqual([]);
    expect(ends).toHaveLength(moments.length * 2);
    expect(ends.filter((end) => !end.endsWith("cancelled"))).toEqual([]);
    expect(watch.failures).toEqual([]);
    expect(watch.answers).toBeGreaterThan(10);
    // Health answers throughout. The runs, the fake provider (which makes its images and their
    // JSON in this process) and the health checks share one process and one PGlite connection:
    // 160-600 ms was the slowest answer on two busy cores; a stopped process never answers.
    console.info(
      `slowest health answer while runs were cancelled: ${Math.round(watch.slowest)} ms`,
    );
    expect(watch.slowest).toBeLessThan(2_000);
  }, 300_000);
});
