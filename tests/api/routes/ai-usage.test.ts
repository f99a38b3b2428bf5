import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiQuotaDefaults, monthOf } from "../../../api/ai/ai-usage";
import { aiEnvironment } from "../../../api/ai/config";
import { probeEstimates } from "../../../api/ai/probe";
import { aiQuotaReservations, aiUsage, aiUsageMonths } from "../../../api/db/schema";
import { type FakeAiServer, startFakeAiServer } from "../../support/fake-ai-server";
import { createTestApi, memberWithSession, ownerWithSession, type TestApi } from "../helpers";

let fake: FakeAiServer;
let t: TestApi;
/**
 * A deployment that allows 0 tokens of chat a month on its models; organizations may call their
 * own provider on loopback (the fake).
 */
let limited: TestApi;
/** A deployment that allows 60 tokens of chat a month: three of the fake's answers and a half. */
let capped: TestApi;

beforeAll(async () => {
  fake = await startFakeAiServer();
  const environment = aiEnvironment({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: fake.apiKey,
    AI_CHAT_MODEL: "environment-chat",
    AI_IMAGE_MODEL: "environment-image",
  });
  [t, limited, capped] = await Promise.all([
    createTestApi({ ai: { environment, offlineVoice: false } }),
    createTestApi({
      ai: { environment, offlineVoice: false, allowPrivateNetwork: true, quotas: { chat: 0 } },
    }),
    createTestApi({ ai: { environment, offlineVoice: false, quotas: { chat: 60 } } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), limited.close(), capped.close(), fake.close()]);
});
beforeEach(() => fake.reset());

const test = (api: TestApi, organizationId: string, token: string, capability = "chat") =>
  api.request("POST", `/organizations/${organizationId}/ai/${capability}/test`, { token });

const usage = (api: TestApi, organizationId: string, token: string, month?: string) =>
  api.request("GET", `/organizations/${organizationId}/ai/usage${month ? `?month=${month}` : ""}`, {
    token,
  });

describe("usage records", () => {
  it("records every call: who, which model, how much, how long and how it ended", async () => {
    const o = await ownerWithSession(t);
    const admin = await memberWithSession(t, o.organizationId, "admin");
    expect((await test(t, o.organizationId, o.token)).body.ok).toBe(true);
    expect((await test(t, o.organizationId, admin.token, "image")).body.ok).toBe(true);

    const rows = await t.db
      .select()
      .from(aiUsage)
      .where(eq(aiUsage.organizationId, o.organizationId));
    expect(rows).toHaveLength(2);
    const chat = rows.find((row) => row.capability === "chat");
    expect(chat).toMatchObject({
      userId: o.id,
      purpose: "test",
      source: "environment",
      provider: "openai-compatible",
      model: "environment-chat",
      outcome: "ok",
      inputTokens: 12,
    });
    expect(chat?.outputTokens).toBeGreaterThan(0);
    expect(chat?.units).toBe((chat?.inputTokens ?? 0) + (chat?.outputTokens ?? 0));
    expect(chat?.latencyMs).toBeGreaterThanOrEqual(0);
    expect(rows.find((row) => row.capability === "image")).toMatchObject({
      userId: admin.id,
      units: 1,
    });

    const month = await usage(t, o.organizationId, o.token);
    expect(month.status).toBe(200);
    expect(month.body.month).toBe(monthOf(new Date()).label);
    expect(
      month.body.capabilities.find((row: { capability: string }) => row.capability === "chat"),
    ).toMatchObject({ unit: "tokens", used: chat?.units, calls: 1, failures: 0, limit: null });
    expect(month.body.members).toHaveLength(2);
    expect(month.body.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: admin.id, capability: "image", used: 1, calls: 1 }),
        expect.objectContaining({ userId: o.id, capability: "chat", calls: 1 }),
      ]),
    );
  });

  it("records a failed call with its code and nothing used", async () => {
    const o = await ownerWithSession(t);
    await t.request("PUT", `/organizations/${o.organizationId}/ai/chat`, {
      token: o.token,
      json: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        model: "missing-model",
        apiKey: fake.apiKey,
      },
    });
    // The organization's address is loopback, refused here: the refusal is recorded too.
    const result = await test(t, o.organizationId, o.token);
    expect(result.body).toMatchObject({ ok: false, error: { code: "AI_PRIVATE_ADDRESS" } });
    const [row] = await t.db
      .select()
      .from(aiUsage)
      .where(eq(aiUsage.organizationId, o.organizationId));
    expect(row).toMatchObject({ outcome: "AI_PRIVATE_ADDRESS", units: 0, source: "organization" });
    const month = await usage(t, o.organizationId, o.token);
    expect(month.body.capabilities[0]).toMatchObject({ calls: 1, failures: 1, used: 0 });
  });

  it("shows usage to owners and admins only, and another month as empty", async () => {
    const o = await ownerWithSession(t);
    const member = await memberWithSession(t, o.organizationId, "member");
    expect((await usage(t, o.organizationId, member.token)).status).toBe(403);
    const stranger = await ownerWithSession(t);
    expect((await usage(t, o.organizationId, stranger.token)).status).toBe(404);
    expect((await usage(t, o.organizationId, o.token, "2026-13")).status).toBe(422);
    await test(t, o.organizationId, o.token);
    const earlier = await usage(t, o.organizationId, o.token, "2020-01");
    expect(earlier.body.month).toBe("2020-01");
    expect(earlier.body.capabilities.every((row: { calls: number }) => row.calls === 0)).toBe(true);
    expect(earlier.body.members).toEqual([]);
  });
});

describe("monthly quotas", () => {
  it("refuses calls over the deployment's limit with 429 QUOTA_EXCEEDED until the next month", async () => {
    const o = await ownerWithSession(limited);
    const refused = await test(limited, o.organizationId, o.token);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("QUOTA_EXCEEDED");
    const retryAfter = Number(refused.headers.get("retry-after"));
    const untilNextMonth = (monthOf(new Date()).end.getTime() - Date.now()) / 1000;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(untilNextMonth) + 1);
    expect(fake.requests).toHaveLength(0);
    // Other capabilities have no limit.
    expect((await test(limited, o.organizationId, o.token, "image")).body.ok).toBe(true);

    const month = await usage(limited, o.organizationId, o.token);
    expect(month.body.capabilities[0]).toMatchObject({
      limit: 0,
      limitSource: "environment",
      calls: 0,
    });
  });

  it("lets calls that start together through only while their reservations fit the limit", async () => {
    const o = await ownerWithSession(capped);
    // The fake's answer uses 17 tokens; each test reserves what it may use at most, 24.
    const tests = await Promise.all(
      Array.from({ length: 8 }, () => test(capped, o.organizationId, o.token)),
    );

    const passed = tests.filter((each) => each.status === 200);
    expect(passed.length).toBeGreaterThan(0);
    expect(passed.every((each) => each.body.ok)).toBe(true);
    expect(tests.filter((each) => each.status === 429).length).toBeGreaterThan(0);
    const [month] = await capped.db
      .select()
      .from(aiUsageMonths)
      .where(eq(aiUsageMonths.organizationId, o.organizationId));
    expect(month?.units).toBeLessThanOrEqual(60 + probeEstimates.chat);
    expect(month).toMatchObject({ calls: passed.length, reserved: 0 });
    const held = await capped.db
      .select()
      .from(aiQuotaReservations)
      .where(eq(aiQuotaReservations.organizationId, o.organizationId));
    expect(held).toEqual([]);

    // What the passed calls did not use is free again, up to the limit.
    let more = 0;
    while ((await test(capped, o.organizationId, o.token)).status === 200) more += 1;
    const used = (await usage(capped, o.organizationId, o.token)).body.capabilities[0].used;
    expect(used + probeEstimates.chat).toBeGreaterThan(60);
    expect(used).toBeLessThanOrEqual(60);
    expect(passed.length + more).toBe(Math.floor(60 / 17));
  });

  it("on the deployment's models, is the owner's to lower and never to raise or lift", async () => {
    const o = await ownerWithSession(capped);
    const admin = await memberWithSession(capped, o.organizationId, "admin");
    const path = `/organizations/${o.organizationId}/ai/quotas/chat`;
    const byAdmin = await capped.request("PUT", path, {
      token: admin.token,
      json: { monthlyLimit: 10 },
    });
    expect(byAdmin.status).toBe(403);

    for (const monthlyLimit of [61, null]) {
      const raised = await capped.request("PUT", path, { token: o.token, json: { monthlyLimit } });
      expect(raised.status, String(monthlyLimit)).toBe(422);
      expect(raised.body.error).toMatchObject({
        code: "ABOVE_DEPLOYMENT_LIMIT",
        fieldCodes: { monthlyLimit: "ABOVE_DEPLOYMENT_LIMIT" },
        details: { deploymentLimit: 60 },
      });
    }
    expect((await usage(capped, o.organizationId, o.token)).body.capabilities[0]).toMatchObject({
      limit: 60,
      limitSource: "environment",
    });

    const lowered = await capped.request("PUT", path, {
      token: o.token,
      json: { monthlyLimit: 30 },
    });
    expect(lowered.status).toBe(200);
    expect(lowered.body.capabilities[0]).toMatchObject({ limit: 30, limitSource: "organization" });
    // One test reserves 24 and uses 17; the next one's 24 no longer fit in 30.
    expect((await test(capped, o.organizationId, o.token)).body.ok).toBe(true);
    expect((await test(capped, o.organizationId, o.token)).status).toBe(429);

    expect((await capped.request("DELETE", path, { token: o.token })).status).toBe(204);
    expect((await test(capped, o.organizationId, o.token)).body.ok).toBe(true);

    for (const monthlyLimit of [-1, 1.5, "10"]) {
      const bad = await capped.request("PUT", path, { token: o.token, json: { monthlyLimit } });
      expect(bad.status, String(monthlyLimit)).toBe(422);
    }
  });

  it("on the organization's own provider, is the owner's to set, none at all included", async () => {
    const o = await ownerWithSession(limited);
    const path = `/organizations/${o.organizationId}/ai/quotas/chat`;
    const own = await limited.request("PUT", `/organizations/${o.organizationId}/ai/chat`, {
      token: o.token,
      json: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        model: "own-chat",
        apiKey: fake.apiKey,
      },
    });
    expect(own.status).toBe(200);

    const lifted = await limited.request("PUT", path, {
      token: o.token,
      json: { monthlyLimit: null },
    });
    expect(lifted.status).toBe(200);
    expect(lifted.body.capabilities[0]).toMatchObject({ limit: null, limitSource: "organization" });
    expect((await test(limited, o.organizationId, o.token)).body.ok).toBe(true);
    const raised = await limited.request("PUT", path, {
      token: o.token,
      json: { monthlyLimit: 1_000 },
    });
    expect(raised.status).toBe(200);

    // Back on the deployment's model, the deployment's limit holds whatever the owner set.
    await limited.request("DELETE", `/organizations/${o.organizationId}/ai/chat`, {
      token: o.token,
    });
    expect((await usage(limited, o.organizationId, o.token)).body.capabilities[0]).toMatchObject({
      limit: 0,
      limitSource: "environment",
    });
    expect((await test(limited, o.organizationId, o.token)).status).toBe(429);
  });
});

describe("aiQuotaDefaults", () => {
  it("reads AI_MONTHLY_LIMIT_<CAPABILITY> and stops the start on a value that is not a count", () => {
    expect(
      aiQuotaDefaults({ AI_MONTHLY_LIMIT_CHAT: "2000000", AI_MONTHLY_LIMIT_IMAGE: " 50 " }),
    ).toEqual({
      chat: 2_000_000,
      image: 50,
    });
    expect(aiQuotaDefaults({})).toEqual({});
    expect(() => aiQuotaDefaults({ AI_MONTHLY_LIMIT_VIDEO: "ten" })).toThrow(
      /AI_MONTHLY_LIMIT_VIDEO must be a whole number \(seconds a month\)/,
    );
  });
});
