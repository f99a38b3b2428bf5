import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAiQuota } from "../../../api/ai/ai-usage";
import { aiEnvironment } from "../../../api/ai/config";
import { enqueueJob } from "../../../api/media/jobs";
import type { OrganizationActor } from "../../../api/organizations/permissions";
import {
  createTestApi,
  memberWithSession,
  ownerActor,
  ownerWithSession,
  type TestApi,
  type TestResponse,
} from "../helpers";
import { controlledKind, eventually } from "../jobs/controlled-kind";

const actorOf = (owner: { id: string; organizationId: string }) =>
  ownerActor(owner) as OrganizationActor;

/** Work that runs until the test ends it: it holds the one place an organization has. */
const hold = controlledKind("test.hold");

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi({
    // Models that are never reached: every request here is refused or queued before a call.
    ai: {
      environment: aiEnvironment({
        AI_BASE_URL: "http://127.0.0.1:9/v1",
        AI_IMAGE_MODEL: "image-model",
        AI_VIDEO_MODEL: "video-model",
      }),
      sentenceEncoder: false,
      offlineVoice: false,
      slideshow: false,
    },
    rateLimits: {
      chatPerMember: { limit: 3, windowSeconds: 60 },
      generationPerMember: { limit: 3, windowSeconds: 600 },
      aiTestPerMember: { limit: 2, windowSeconds: 60 },
    },
    jobs: { kinds: [hold.kind], perOrganization: 1, waitingPerOrganization: 2 },
  });
}, 60_000);

afterAll(async () => {
  await t.close();
});

function expectRateLimited(response: TestResponse) {
  expect(response.status, response.text).toBe(429);
  expect(response.body.error.code).toBe("TOO_MANY_REQUESTS");
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
}

describe("per-member rate limits on AI endpoints", () => {
  it("counts messages and regenerations together, per member, and answers 429 past the limit", async () => {
    const owner = await ownerWithSession(t);
    const thread = await t.request("POST", "/threads", { token: owner.token, json: {} });
    expect(thread.status, thread.text).toBe(201);
    const ask = (token: string) =>
      t.request("POST", `/threads/${thread.body.id}/messages`, {
        token,
        json: { content: "Hello" },
      });
    // No chat model here: each request is refused (409), and still counted.
    expect((await ask(owner.token)).status).toBe(409);
    expect((await ask(owner.token)).status).toBe(409);
    const regenerate = await t.request("POST", `/threads/${thread.body.id}/messages/1/regenerate`, {
      token: owner.token,
    });
    expect(regenerate.status).not.toBe(429);
    expectRateLimited(await ask(owner.token));
    expectRateLimited(
      await t.request("POST", `/threads/${thread.body.id}/messages/1/regenerate`, {
        token: owner.token,
      }),
    );

    // Another member of the organization has a count of their own.
    const colleague = await memberWithSession(t, owner.organizationId, "member");
    const theirs = await t.request("POST", "/threads", { token: colleague.token, json: {} });
    const asked = await t.request("POST", `/threads/${theirs.body.id}/messages`, {
      token: colleague.token,
      json: { content: "Hello" },
    });
    expect(asked.status).toBe(409);
  });

  it("counts the creators' generations and recipe runs together", async () => {
    const owner = await ownerWithSession(t);
    // Past its quota, a run is refused before it is queued (and still counted).
    await setAiQuota(t.db, actorOf(owner), "image", 0);
    const generate = () =>
      t.request("POST", "/generations", {
        token: owner.token,
        json: { kind: "speech", text: "Hello", voice: "alloy" },
      });
    expect((await generate()).body.error.code).toBe("AI_NOT_CONFIGURED");
    expect((await generate()).body.error.code).toBe("AI_NOT_CONFIGURED");
    const recipe = await t.request("POST", "/recipes", {
      token: owner.token,
      json: {
        name: "Dawn",
        steps: {
          image: { prompt: "A lighthouse at dawn" },
          video: { duration: 4, prompt: "The light turns" },
        },
      },
    });
    expect(recipe.status, recipe.text).toBe(201);
    const run = await t.request("POST", `/recipes/${recipe.body.id}/run`, { token: owner.token });
    expect(run.body.error.code, run.text).toBe("QUOTA_EXCEEDED");
    expectRateLimited(await generate());
    expectRateLimited(
      await t.request("POST", `/recipes/${recipe.body.id}/run`, { token: owner.token }),
    );
  });

  it("limits the tests of a provider", async () => {
    const owner = await ownerWithSession(t);
    const test = () =>
      t.request("POST", `/organizations/${owner.organizationId}/ai/chat/test`, {
        token: owner.token,
      });
    expect((await test()).body).toMatchObject({ ok: false, error: { code: "AI_NOT_CONFIGURED" } });
    expect((await test()).status).toBe(200);
    expectRateLimited(await test());
  });
});

describe("a generation past the month's quota", () => {
  it("answers 429 QUOTA_EXCEEDED, which is not a rate limit, until the next month", async () => {
    const owner = await ownerWithSession(t);
    await setAiQuota(t.db, actorOf(owner), "image", 0);
    const response = await t.request("POST", "/generations", {
      token: owner.token,
      json: { kind: "image", prompt: "A lighthouse" },
    });
    expect(response.status).toBe(429);
    expect(response.body.error.code).toBe("QUOTA_EXCEEDED");
    expect(response.body.error.code).not.toBe("TOO_MANY_REQUESTS");
    // The time to the next month (UTC), not a rate limit's window.
    const now = new Date();
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(Math.abs(retryAfter - (nextMonth - now.getTime()) / 1000)).toBeLessThan(60);
  });
});

describe("an organization's waiting jobs", () => {
  it("are capped: past the cap, new work is refused with 429 TOO_MANY_WAITING_JOBS", async () => {
    const owner = await ownerWithSession(t);
    const actor = actorOf(owner);
    // One runs (the organization's one place), two wait: the cap.
    await enqueueJob(t.db, t.jobs, actor, hold.kind, { label: "w1" });
    await eventually(() => hold.isWaiting("w1"), 10_000, "the first job to run");
    await enqueueJob(t.db, t.jobs, actor, hold.kind, { label: "w2" });
    await enqueueJob(t.db, t.jobs, actor, hold.kind, { label: "w3" });

    const refused = await t.request("POST", "/generations", {
      token: owner.token,
      json: { kind: "image", prompt: "A lighthouse" },
    });
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body.error.code).toBe("TOO_MANY_WAITING_JOBS");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const jobs = await t.request("GET", "/jobs", { token: owner.token });
    expect(jobs.body.total).toBe(3);

    // Another organization queues as before.
    const other = await ownerWithSession(t);
    await expect(
      enqueueJob(t.db, t.jobs, actorOf(other), hold.kind, { label: "elsewhere" }),
    ).resolves.toMatchObject({ status: "queued" });

    // Once one has started, there is room again.
    hold.finish("w1");
    await eventually(() => hold.isWaiting("w2"), 10_000, "the second job to run");
    await expect(
      enqueueJob(t.db, t.jobs, actor, hold.kind, { label: "w4" }),
    ).resolves.toMatchObject({ status: "queued" });
    for (const label of ["w2", "w3", "w4", "elsewhere"]) {
      await eventually(() => hold.finish(label), 10_000, `${label} to run`);
    }
  });
});
