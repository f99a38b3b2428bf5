import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setAiQuota } from "../../../api/ai/ai-usage";
import { aiEnvironment } from "../../../api/ai/config";
import { aiUsage, jobs, media, recipes } from "../../../api/db/schema";
import { createMediaItem } from "../../../api/media/media";
import { recipeGenerations } from "../../../api/media/recipes";
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
/** The fake's images and speech, but no video model. */
let noVideo: TestApi;

beforeAll(async () => {
  fake = await startFakeAiServer();
  const base = { AI_BASE_URL: fake.baseUrl, AI_API_KEY: fake.apiKey };
  const quiet = { sentenceEncoder: false, videoPollIntervalMs: 20 };
  [t, noVideo] = await Promise.all([
    createTestApi({
      ai: {
        ...quiet,
        environment: aiEnvironment({
          ...base,
          AI_IMAGE_MODEL: "fake-image",
          AI_SPEECH_MODEL: "fake-speech",
          // OpenAI's own speech, whose ten voices are the only ones it takes, at the fake's address.
          AI_SPEECH_PROVIDER: "openai",
          AI_VIDEO_MODEL: "fake-video",
        }),
        offlineVoice: false,
        slideshow: false,
      },
    }),
    createTestApi({
      ai: {
        ...quiet,
        environment: aiEnvironment({ ...base, AI_IMAGE_MODEL: "fake-image" }),
        offlineVoice: false,
        slideshow: false,
      },
    }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([t.close(), noVideo.close(), fake.close()]);
});

beforeEach(() => fake.reset());

const steps = {
  image: { prompt: "A lighthouse at dawn", size: "1024x1024", style: "watercolor", seed: 7 },
  video: { duration: 4, size: "1280x720", prompt: "The light turns slowly" },
  narration: { text: "The keeper wakes.", voice: "nova" },
};

const create = (api: TestApi, who: { token: string }, json: unknown) =>
  api.request("POST", "/recipes", { token: who.token, json });

const run = (api: TestApi, who: { token: string }, id: string) =>
  api.request("POST", `/recipes/${id}/run`, { token: who.token });

async function finished(api: TestApi, who: { token: string }, id: string) {
  return eventually(
    async () => {
      const job = (await api.request("GET", `/jobs/${id}`, { token: who.token })).body;
      return ["succeeded", "failed", "cancelled"].includes(job?.status) ? job : null;
    },
    60_000,
    `job ${id} to end`,
  );
}

async function jobRows(api: TestApi, organizationId: string) {
  const [row] = await api.db
    .select({ n: count() })
    .from(jobs)
    .where(eq(jobs.organizationId, organizationId));
  return row?.n ?? 0;
}

describe("recipes: saved, listed, changed, deleted", () => {
  it("keeps the steps as POST /generations reads them, and lists them by name", async () => {
    const owner = await ownerWithSession(t);
    const created = await create(t, owner, { name: "Lighthouse reel", steps });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: "Lighthouse reel",
      visibility: "private",
      mine: true,
      author: { id: owner.id },
      steps: { ...steps, image: { ...steps.image, count: 1 } },
    });
    await create(t, owner, { name: "Desert morning", steps });
    const all = await t.request("GET", "/recipes", { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 2, page: 1, pageSize: 20, totalCapped: false });
    const found = await t.request("GET", "/recipes?q=light", { token: owner.token });
    expect(found.body.items.map((item: { name: string }) => item.name)).toEqual([
      "Lighthouse reel",
    ]);

    const id = created.body.id;
    const changed = await t.request("PATCH", `/recipes/${id}`, {
      token: owner.token,
      json: { name: "Lighthouse", visibility: "organization" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: "Lighthouse", visibility: "organization" });
    expect(changed.body.steps.video).toEqual(steps.video);

    const deleted = await t.request("DELETE", `/recipes/${id}`, { token: owner.token });
    expect(deleted.status).toBe(204);
    expect((await t.request("GET", `/recipes/${id}`, { token: owner.token })).status).toBe(404);
    expect((await run(t, owner, id)).status).toBe(404);
    expect((await t.request("GET", "/recipes", { token: owner.token })).body.total).toBe(1);
  });

  it("refuses bad steps with the codes of POST /generations", async () => {
    const owner = await ownerWithSession(t);
    const bad = async (json: unknown, fieldCodes: Record<string, string>) => {
      const response = await create(t, owner, json);
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.error.fieldCodes).toMatchObject(fieldCodes);
    };
    await bad({ name: "", steps }, { name: "REQUIRED" });
    await bad({ name: "x".repeat(101), steps }, { name: "TOO_LONG" });
    await bad(
      { name: "Long", steps: { ...steps, image: { prompt: "x".repeat(4001) } } },
      { "steps.image.prompt": "TOO_LONG" },
    );
    await bad(
      { name: "Count", steps: { ...steps, image: { prompt: "x", count: 5 } } },
      { "steps.image.count": "TOO_BIG" },
    );
    await bad(
      { name: "Narration", steps: { ...steps, narration: { text: " " } } },
      { "steps.narration.text": "REQUIRED" },
    );
    expect((await t.request("GET", "/recipes", { token: owner.token })).body.total).toBe(0);
  });

  it("shows a private recipe to its author alone; a shared one to all, changed by its author", async () => {
    const owner = await ownerWithSession(t);
    const member = await memberWithSession(t, owner.organizationId, "member");
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const mine = (await create(t, owner, { name: "Mine", steps })).body.id;
    const shared = (await create(t, owner, { name: "Shared", steps, visibility: "organization" }))
      .body.id;

    const seen = await t.request("GET", "/recipes", { token: member.token });
    expect(seen.body.items.map((item: { id: string }) => item.id)).toEqual([shared]);
    expect(seen.body.items[0].mine).toBe(false);
    expect((await t.request("GET", `/recipes/${mine}`, { token: member.token })).status).toBe(404);
    expect((await run(t, member, mine)).status).toBe(404);

    const edit = await t.request("PATCH", `/recipes/${shared}`, {
      token: member.token,
      json: { name: "Taken" },
    });
    expect(edit.status).toBe(403);
    expect((await t.request("DELETE", `/recipes/${shared}`, { token: member.token })).status).toBe(
      403,
    );

    // A viewer reads the shared recipes but neither saves nor runs one.
    expect((await t.request("GET", "/recipes", { token: viewer.token })).body.total).toBe(1);
    expect((await create(t, viewer, { name: "No", steps })).status).toBe(403);
    expect((await run(t, viewer, shared)).status).toBe(403);
  });

  it("brings back a deleted recipe for its author alone, as the undo of the deletion", async () => {
    const owner = await ownerWithSession(t);
    const member = await memberWithSession(t, owner.organizationId, "member");
    const shared = (await create(t, owner, { name: "Shared", steps, visibility: "organization" }))
      .body.id;
    expect((await t.request("DELETE", `/recipes/${shared}`, { token: owner.token })).status).toBe(
      204,
    );
    expect((await t.request("GET", `/recipes/${shared}`, { token: owner.token })).status).toBe(404);
    expect((await run(t, owner, shared)).status).toBe(404);

    // Nobody but the author brings it back, nor learns that it was there.
    const other = await t.request("POST", `/recipes/${shared}/restore`, { token: member.token });
    expect(other.status).toBe(404);
    const restored = await t.request("POST", `/recipes/${shared}/restore`, { token: owner.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: shared, name: "Shared", mine: true });
    const listed = await t.request("GET", "/recipes", { token: member.token });
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([shared]);
    // Again, or on one never deleted: nothing changes.
    const again = await t.request("POST", `/recipes/${shared}/restore`, { token: owner.token });
    expect(again.status).toBe(200);
    const missing = await t.request("POST", `/recipes/${randomUUID()}/restore`, {
      token: owner.token,
    });
    expect(missing.status).toBe(404);
  });

  it("is not brought back once it was deleted longer ago than it can be restored", async () => {
    const owner = await ownerWithSession(t);
    const old = (await create(t, owner, { name: "Old", steps })).body.id;
    await t.request("DELETE", `/recipes/${old}`, { token: owner.token });
    await t.db
      .update(recipes)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(recipes.id, old));

    const restored = await t.request("POST", `/recipes/${old}/restore`, { token: owner.token });

    expect(restored.status).toBe(404);
    const [row] = await t.db.select().from(recipes).where(eq(recipes.id, old));
    expect(row?.deletedAt).not.toBeNull();
  });

  it("answers 404 for another organization's recipe, whatever is asked", async () => {
    const owner = await ownerWithSession(t);
    const other = await ownerWithSession(t);
    const theirs = (await create(t, other, { name: "Theirs", steps, visibility: "organization" }))
      .body.id;
    for (const [method, path] of [
      ["GET", `/recipes/${theirs}`],
      ["PATCH", `/recipes/${theirs}`],
      ["DELETE", `/recipes/${theirs}`],
      ["POST", `/recipes/${theirs}/run`],
      ["POST", `/recipes/${theirs}/restore`],
    ] as const) {
      const response = await t.request(method, path, {
        token: owner.token,
        ...(method === "PATCH" ? { json: { name: "Mine now" } } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.request("GET", "/recipes", { token: owner.token })).body.items).toEqual([]);
    expect(await jobRows(t, owner.organizationId)).toBe(0);
    expect(
      (await t.request("GET", `/recipes/${randomUUID()}`, { token: owner.token })).status,
    ).toBe(404);
  });
});

describe("POST /recipes/{id}/run", () => {
  it("makes the image, then a narrated video from it, as one job", async () => {
    const owner = await ownerWithSession(t);
    const recipe = (await create(t, owner, { name: "Lighthouse reel", steps })).body;
    const response = await run(t, owner, recipe.id);
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    expect(response.body.job).toMatchObject({ kind: "recipe.run", capability: "video" });
    const job = await finished(t, owner, response.body.job.id);
    expect(job, JSON.stringify(job.error)).toMatchObject({ status: "succeeded", progress: 1 });
    expect(job.input).toMatchObject({ recipeId: recipe.id, name: "Lighthouse reel" });
    const [imageId, videoId] = job.result.mediaIds;
    expect(job.result.mediaIds).toHaveLength(2);

    const image = (await t.request("GET", `/media/${imageId}`, { token: owner.token })).body;
    expect(image).toMatchObject({
      kind: "image",
      title: "Lighthouse reel",
      prompt: steps.image.prompt,
      jobId: job.id,
      settings: { kind: "image", ...steps.image, count: 1 },
    });
    const video = (await t.request("GET", `/media/${videoId}`, { token: owner.token })).body;
    expect(video).toMatchObject({
      kind: "video",
      title: "Lighthouse reel",
      jobId: job.id,
      hasThumbnail: true,
      settings: {
        kind: "video",
        ...steps.video,
        narration: steps.narration,
        startImageId: imageId,
      },
    });
    const paths = fake.requests.map((request) => request.path);
    expect(paths.filter((path) => path === "/images/generations")).toHaveLength(1);
    expect(paths.filter((path) => path === "/audio/speech")).toHaveLength(1);
    expect(paths.filter((path) => path === "/videos")).toHaveLength(1);
    expect(paths.indexOf("/images/generations")).toBeLessThan(paths.indexOf("/videos"));
    // The video starts from the image: it goes to the provider with the request.
    const videoRequest = fake.requests.find((request) => request.path === "/videos");
    expect(videoRequest?.body).toMatchObject({ input_reference: { type: "image/png" } });

    // One click again: another job, from the same recipe.
    const again = await run(t, owner, recipe.id);
    expect(again.status).toBe(202);
    expect(again.body.job.id).not.toBe(job.id);
    expect((await finished(t, owner, again.body.job.id)).status).toBe("succeeded");
  });

  it("shows a run's input (the recipe's prompts) to its author and the recipe's readers alone", async () => {
    const owner = await ownerWithSession(t);
    const admin = await memberWithSession(t, owner.organizationId, "admin");
    const member = await memberWithSession(t, owner.organizationId, "member");
    const recipe = (await create(t, owner, { name: "Secret reel", steps })).body;
    const job = (await run(t, owner, recipe.id)).body.job;
    expect(job.input).toMatchObject({ recipeId: recipe.id, image: { prompt: steps.image.prompt } });
    await finished(t, owner, job.id);

    const inputs = async (who: { token: string }) => {
      const list = await t.request("GET", "/jobs", { token: who.token });
      const one = await t.request("GET", `/jobs/${job.id}`, { token: who.token });
      expect([list.status, one.status]).toEqual([200, 200]);
      const listed = list.body.items.find((item: { id: string }) => item.id === job.id);
      expect(listed.status).toBe("succeeded");
      return [listed.input, one.body.input];
    };
    // Neither a member nor an admin reads another's private recipe, so neither sees its prompts.
    expect(await inputs(member)).toEqual([null, null]);
    expect(await inputs(admin)).toEqual([null, null]);
    const [mine] = await inputs(owner);
    expect(mine).toMatchObject({ recipeId: recipe.id, image: { prompt: steps.image.prompt } });

    // Shared, the recipe can be read by all, and so can its runs.
    const shared = await t.request("PATCH", `/recipes/${recipe.id}`, {
      token: owner.token,
      json: { visibility: "organization" },
    });
    expect(shared.status).toBe(200);
    const [listed, one] = await inputs(member);
    expect(listed).toEqual(mine);
    expect(one).toEqual(mine);

    // The member's own run stays theirs to read after the recipe went private again.
    const own = (await run(t, member, recipe.id)).body.job;
    await finished(t, member, own.id);
    await t.request("PATCH", `/recipes/${recipe.id}`, {
      token: owner.token,
      json: { visibility: "private" },
    });
    expect(await inputs(member)).toEqual([null, null]);
    const again = await t.request("GET", `/jobs/${own.id}`, { token: member.token });
    expect(again.body.input).toMatchObject({ recipeId: recipe.id });
  });

  it("keeps the image an earlier try wrote and makes only the video", async () => {
    const owner = await ownerWithSession(t);
    const recipe = { name: "Again", steps: { ...steps, image: { ...steps.image, count: 1 } } };
    const input = { recipeId: randomUUID(), name: recipe.name, ...recipeGenerations(recipe) };
    const [row] = await t.db
      .insert(jobs)
      .values({
        organizationId: owner.organizationId,
        userId: owner.id,
        kind: "recipe.run",
        capability: "video",
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
    const kind = t.jobs.runner.kinds.get("recipe.run");
    const steps_: number[] = [];
    const result = (await kind?.run({
      job: {
        id: row.id,
        organizationId: owner.organizationId,
        userId: owner.id,
        input,
        attempt: 2,
      },
      signal: new AbortController().signal,
      progress: async (fraction) => {
        steps_.push(fraction);
      },
      db: t.db,
    })) as { mediaIds: string[] };
    expect(result.mediaIds).toHaveLength(2);
    expect(result.mediaIds[0]).toBe(first);
    expect(fake.requests.some((request) => request.path === "/images/generations")).toBe(false);
    const [video] = await t.db
      .select()
      .from(media)
      .where(eq(media.id, result.mediaIds[1] ?? ""));
    expect(video?.settings).toMatchObject({ startImageId: first });
    expect(Math.min(...steps_)).toBeGreaterThanOrEqual(0.4);
    expect(steps_).toEqual([...steps_].sort((a, b) => a - b));
  });

  describe("refuses, as POST /generations does, before anything is queued or charged", () => {
    const refused = async (
      api: TestApi,
      who: Owner,
      recipeSteps: unknown,
      status: number,
      code: string,
      fieldCodes?: Record<string, string>,
    ) => {
      const recipe = await create(api, who, { name: "Refused", steps: recipeSteps });
      expect(recipe.status, JSON.stringify(recipe.body)).toBe(201);
      const response = await run(api, who, recipe.body.id);
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body.error.code).toBe(code);
      if (fieldCodes) expect(response.body.error.fieldCodes).toEqual(fieldCodes);
      expect(await jobRows(api, who.organizationId)).toBe(0);
      const usage = await api.db
        .select()
        .from(aiUsage)
        .where(eq(aiUsage.organizationId, who.organizationId));
      expect(usage).toEqual([]);
      expect(fake.requests).toEqual([]);
    };

    it("an image size or a video length the model does not take, a voice it does not have", async () => {
      const owner = await ownerWithSession(t);
      await refused(
        t,
        owner,
        { ...steps, image: { prompt: "x", size: "999x999" } },
        422,
        "UNSUPPORTED_SIZE",
        { size: "UNSUPPORTED_SIZE" },
      );
      await refused(t, owner, { ...steps, video: { duration: 7 } }, 422, "UNSUPPORTED_DURATION", {
        duration: "UNSUPPORTED_DURATION",
      });
      await refused(
        t,
        owner,
        { ...steps, narration: { text: "Hi", voice: "nobody" } },
        422,
        "UNKNOWN_VOICE",
        { "narration.voice": "UNKNOWN_VOICE" },
      );
    });

    it("past the month's quota of images or of video", async () => {
      const limited = await ownerWithSession(t);
      await setAiQuota(t.db, ownerActor(limited), "video", 0);
      await refused(t, limited, steps, 429, "QUOTA_EXCEEDED");
      const images = await ownerWithSession(t);
      await setAiQuota(t.db, ownerActor(images), "image", 0);
      await refused(t, images, steps, 429, "QUOTA_EXCEEDED");
    });

    it("without a video model", async () => {
      const owner = await ownerWithSession(noVideo);
      await refused(
        noVideo,
        owner,
        { image: steps.image, video: steps.video },
        409,
        "AI_NOT_CONFIGURED",
      );
    });
  });
});
