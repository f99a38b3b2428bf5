import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { aiKeySealContext } from "../../../api/ai/ai-models";
import { aiEnvironment } from "../../../api/ai/config";
import { createSecretBox } from "../../../api/ai/secrets";
import { organizationAiModels, type Role } from "../../../api/db/schema";
import { type FakeAiServer, startFakeAiServer } from "../../support/fake-ai-server";
import { createTestApi, memberWithSession, ownerWithSession, type TestApi } from "../helpers";

let fake: FakeAiServer;
/** Another server, which an admin may point a capability at: it must never get the owner's key. */
let elsewhere: FakeAiServer;
/** Organizations' addresses in private networks refused, as in a deployment by default. */
let strict: TestApi;
/** AI_ALLOW_PRIVATE_NETWORK=1: the fake server on loopback may be an organization's provider. */
let open: TestApi;
/** The key that seals secrets in `open`. */
const openSecretsKey = randomBytes(32);

beforeAll(async () => {
  [fake, elsewhere] = await Promise.all([startFakeAiServer(), startFakeAiServer()]);
  const environment = aiEnvironment({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: fake.apiKey,
    AI_CHAT_MODEL: "environment-chat",
  });
  [strict, open] = await Promise.all([
    createTestApi({ ai: { environment } }),
    createTestApi({ ai: { environment, allowPrivateNetwork: true }, secretsKey: openSecretsKey }),
  ]);
});
afterAll(async () => {
  await Promise.all([strict.close(), open.close(), fake.close(), elsewhere.close()]);
});
beforeEach(() => {
  fake.reset();
  elsewhere.reset();
});

async function organizationWithRoles(t: TestApi) {
  const owner = await ownerWithSession(t);
  const others = await Promise.all(
    (["admin", "member", "viewer"] as Role[]).map((role) =>
      memberWithSession(t, owner.organizationId, role),
    ),
  );
  const [admin, member, viewer] = others as [typeof owner, typeof owner, typeof owner];
  return { id: owner.organizationId, owner, admin, member, viewer };
}

const settings = (overrides: Record<string, unknown> = {}) => ({
  provider: "openai-compatible",
  baseUrl: fake.baseUrl,
  model: "own-model",
  apiKey: fake.apiKey,
  ...overrides,
});

describe("the capabilities of an organization", () => {
  it("lists every capability, where its model comes from, and what it offers", async () => {
    const o = await organizationWithRoles(strict);
    const response = await strict.request("GET", `/organizations/${o.id}/ai`, {
      token: o.viewer.token,
    });
    expect(response.status).toBe(200);
    const items = response.body.items as { capability: string }[];
    expect(items.map((item) => item.capability)).toEqual([
      "chat",
      "embedding",
      "image",
      "speech",
      "transcription",
      "video",
      "rerank",
    ]);
    expect(items[0]).toEqual({
      capability: "chat",
      source: "environment",
      provider: "openai-compatible",
      model: "environment-chat",
      models: ["environment-chat"],
      offers: { voices: [], sizes: [], durations: [] },
      own: null,
    });
    expect(items[2]).toMatchObject({
      capability: "image",
      source: null,
      provider: null,
      model: null,
    });
  });

  it("is another organization's business: 404", async () => {
    const o = await organizationWithRoles(strict);
    const stranger = await ownerWithSession(strict);
    for (const [method, path] of [
      ["GET", `/organizations/${o.id}/ai`],
      ["PUT", `/organizations/${o.id}/ai/chat`],
      ["DELETE", `/organizations/${o.id}/ai/chat`],
      ["POST", `/organizations/${o.id}/ai/chat/test`],
    ] as const) {
      const response = await strict.request(method, path, {
        token: stranger.token,
        ...(method === "PUT" ? { json: settings() } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe("an organization's own model", () => {
  it("is set by owners and admins only (ai.manage)", async () => {
    const o = await organizationWithRoles(strict);
    for (const [role, status] of [
      ["viewer", 403],
      ["member", 403],
      ["admin", 200],
      ["owner", 200],
    ] as const) {
      const response = await strict.request("PUT", `/organizations/${o.id}/ai/image`, {
        token: o[role].token,
        json: settings({ model: `image-by-${role}` }),
      });
      expect(response.status, role).toBe(status);
    }
    const member = await strict.request("POST", `/organizations/${o.id}/ai/image/test`, {
      token: o.member.token,
    });
    expect(member.status).toBe(403);
    const removed = await strict.request("DELETE", `/organizations/${o.id}/ai/image`, {
      token: o.member.token,
    });
    expect(removed.status).toBe(403);
  });

  it("keeps the key sealed: never returned, only its last four characters, not readable in the row", async () => {
    const o = await organizationWithRoles(strict);
    const key = "sk-live-organization-key-7Q2x";
    const logged: unknown[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args);
      }),
    );
    const saved = await strict.request("PUT", `/organizations/${o.id}/ai/chat`, {
      token: o.admin.token,
      json: settings({ apiKey: key }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      capability: "chat",
      source: "organization",
      provider: "openai-compatible",
      model: "own-model",
      own: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        model: "own-model",
        keyHint: "…7Q2x",
      },
    });
    expect(saved.text).not.toContain("organization-key");

    const [row] = await strict.db
      .select()
      .from(organizationAiModels)
      .where(eq(organizationAiModels.organizationId, o.id));
    expect(row?.apiKeySealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain("organization-key");

    // Members see that the organization has its own model, not how it is set up.
    const asMember = await strict.request("GET", `/organizations/${o.id}/ai`, {
      token: o.member.token,
    });
    expect(asMember.body.items[0]).toMatchObject({ source: "organization", own: null });
    expect(asMember.text).not.toContain("7Q2x");

    // Nor is it logged, even when a call with it fails.
    await strict.request("POST", `/organizations/${o.id}/ai/chat/test`, { token: o.admin.token });
    for (const spy of spies) spy.mockRestore();
    expect(JSON.stringify(logged)).not.toContain("organization-key");
  });

  it("reranks on an OpenAI-compatible server's /rerank, which OpenAI itself does not offer", async () => {
    const o = await organizationWithRoles(open);
    const path = `/organizations/${o.id}/ai/rerank`;
    const openai = await open.request("PUT", path, {
      token: o.owner.token,
      json: settings({ provider: "openai", baseUrl: undefined, model: "rerank-1" }),
    });
    expect(openai.status, openai.text).toBe(422);
    const saved = await open.request("PUT", path, {
      token: o.owner.token,
      json: settings({ model: "rerank-v3.5" }),
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ capability: "rerank", source: "organization" });
    const test = await open.request("POST", `${path}/test`, { token: o.owner.token });
    expect(test.body).toMatchObject({ ok: true });
    const asked = fake.requests.at(-1);
    expect(asked?.path).toBe("/rerank");
    expect(asked?.body).toMatchObject({ model: "rerank-v3.5", query: "test" });
    expect(asked?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
  });

  it("keeps the stored key when none is sent, and drops it when an empty one is", async () => {
    const o = await organizationWithRoles(open);
    const path = `/organizations/${o.id}/ai/chat`;
    await open.request("PUT", path, { token: o.owner.token, json: settings() });
    const { apiKey: _left, ...withoutKey } = settings({ model: "renamed-model" });
    const kept = await open.request("PUT", path, { token: o.owner.token, json: withoutKey });
    expect(kept.body.own).toMatchObject({
      model: "renamed-model",
      keyHint: `…${fake.apiKey.slice(-4)}`,
    });
    const test = await open.request("POST", `${path}/test`, { token: o.owner.token });
    expect(test.body).toMatchObject({ ok: true });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);

    const dropped = await open.request("PUT", path, {
      token: o.owner.token,
      json: settings({ apiKey: "" }),
    });
    expect(dropped.body.own.keyHint).toBeNull();
    const failing = await open.request("POST", `${path}/test`, { token: o.owner.token });
    expect(failing.body).toMatchObject({
      ok: false,
      error: { code: "AI_BAD_KEY", providerStatus: 401 },
    });
  });

  it("drops the stored key when the address or the provider changes, so that it goes to no other server", async () => {
    const o = await organizationWithRoles(open);
    const path = `/organizations/${o.id}/ai/chat`;
    await open.request("PUT", path, { token: o.owner.token, json: settings() });

    // An admin points the owner's capability at another server, without the key.
    const { apiKey: _left, ...withoutKey } = settings({ baseUrl: elsewhere.baseUrl });
    const moved = await open.request("PUT", path, { token: o.admin.token, json: withoutKey });
    expect(moved.status).toBe(200);
    expect(moved.body.own).toMatchObject({ baseUrl: elsewhere.baseUrl, keyHint: null });
    const [row] = await open.db
      .select()
      .from(organizationAiModels)
      .where(eq(organizationAiModels.organizationId, o.id));
    expect(row?.apiKeySealed).toBeNull();
    const test = await open.request("POST", `${path}/test`, { token: o.admin.token });
    expect(test.body).toMatchObject({ ok: false, error: { code: "AI_BAD_KEY" } });
    expect(elsewhere.requests.length).toBeGreaterThan(0);
    for (const request of elsewhere.requests) expect(request.headers.authorization).toBeUndefined();
    expect(fake.requests).toHaveLength(0);

    // A key entered with the new address is the new address's.
    const rekeyed = await open.request("PUT", path, {
      token: o.owner.token,
      json: settings({ baseUrl: elsewhere.baseUrl, apiKey: elsewhere.apiKey }),
    });
    expect(rekeyed.body.own.keyHint).toBe(`…${elsewhere.apiKey.slice(-4)}`);
    // Only the model changes: the key stays.
    const renamed = await open.request("PUT", path, {
      token: o.admin.token,
      json: { ...withoutKey, model: "renamed-model" },
    });
    expect(renamed.body.own.keyHint).toBe(`…${elsewhere.apiKey.slice(-4)}`);
    // Another provider at the same address: the key is dropped too.
    const { apiKey: _none, ...openAi } = settings({
      provider: "openai",
      baseUrl: elsewhere.baseUrl,
    });
    const otherProvider = await open.request("PUT", path, { token: o.admin.token, json: openAi });
    expect(otherProvider.body.own).toMatchObject({ provider: "openai", keyHint: null });
  });

  it("seals the key for its address: moved to another address in the database, it does not open", async () => {
    const o = await organizationWithRoles(open);
    const path = `/organizations/${o.id}/ai/chat`;
    await open.request("PUT", path, { token: o.owner.token, json: settings() });
    const [row] = await open.db
      .select()
      .from(organizationAiModels)
      .where(eq(organizationAiModels.organizationId, o.id));
    const box = createSecretBox(openSecretsKey);
    const sealed = row?.apiKeySealed as string;
    const here = {
      organizationId: o.id,
      capability: "chat",
      provider: "openai-compatible",
    } as const;
    expect(box.open(sealed, aiKeySealContext({ ...here, baseUrl: fake.baseUrl }))).toBe(
      fake.apiKey,
    );
    expect(() =>
      box.open(sealed, aiKeySealContext({ ...here, baseUrl: elsewhere.baseUrl })),
    ).toThrow();

    await open.db
      .update(organizationAiModels)
      .set({ baseUrl: elsewhere.baseUrl })
      .where(eq(organizationAiModels.organizationId, o.id));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const test = await open.request("POST", `${path}/test`, { token: o.owner.token });
    const warned = warn.mock.calls.flat();
    warn.mockRestore();
    // The call goes without the key, which the organization enters again.
    expect(test.body).toMatchObject({ ok: false, error: { code: "AI_BAD_KEY" } });
    expect(warned).toEqual([expect.stringContaining("does not open")]);
    expect(elsewhere.requests.length).toBeGreaterThan(0);
    for (const request of elsewhere.requests) expect(request.headers.authorization).toBeUndefined();
  });

  it("opens a key sealed before its address joined the context, once, and seals it again", async () => {
    const o = await organizationWithRoles(open);
    const path = `/organizations/${o.id}/ai/chat`;
    const { apiKey: _left, ...withoutKey } = settings();
    await open.request("PUT", path, { token: o.owner.token, json: withoutKey });
    const box = createSecretBox(openSecretsKey);
    const ofRow = and(
      eq(organizationAiModels.organizationId, o.id),
      eq(organizationAiModels.capability, "chat"),
    );
    // As the previous version sealed it: the organization and the capability only.
    const legacy = box.seal(fake.apiKey, `organization-ai-model:${o.id}:chat`);
    await open.db.update(organizationAiModels).set({ apiKeySealed: legacy }).where(ofRow);

    const test = await open.request("POST", `${path}/test`, { token: o.owner.token });
    expect(test.body).toMatchObject({ ok: true });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    const [row] = await open.db.select().from(organizationAiModels).where(ofRow);
    const context = aiKeySealContext({
      organizationId: o.id,
      capability: "chat",
      provider: "openai-compatible",
      baseUrl: fake.baseUrl,
    });
    expect(row?.apiKeySealed).not.toBe(legacy);
    expect(box.open(row?.apiKeySealed as string, context)).toBe(fake.apiKey);
  });

  it("refuses settings that cannot work, with the field and its code", async () => {
    const o = await organizationWithRoles(strict);
    const put = (capability: string, json: Record<string, unknown>) =>
      strict.request("PUT", `/organizations/${o.id}/ai/${capability}`, {
        token: o.owner.token,
        json,
      });

    const replicateChat = await put("chat", settings({ provider: "replicate" }));
    expect(replicateChat.status).toBe(422);
    expect(replicateChat.body.error.fieldCodes).toEqual({ provider: "INVALID_VALUE" });

    const noAddress = await put("chat", settings({ baseUrl: "" }));
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.error.fieldCodes).toEqual({ baseUrl: "REQUIRED" });

    const notUrl = await put("chat", settings({ baseUrl: "ftp://files.example/v1" }));
    expect(notUrl.status).toBe(422);
    expect(notUrl.body.error.fieldCodes).toMatchObject({ baseUrl: "INVALID_FORMAT" });

    const unknownProvider = await put("chat", settings({ provider: "anthropic" }));
    expect(unknownProvider.status).toBe(422);
    expect(unknownProvider.body.error.fieldCodes).toMatchObject({ provider: "INVALID_VALUE" });

    const noModel = await put("chat", settings({ model: "  " }));
    expect(noModel.body.error.fieldCodes).toMatchObject({ model: "REQUIRED" });

    expect((await put("music", settings())).status).toBe(422);

    const list = await strict.request("GET", `/organizations/${o.id}/ai`, { token: o.owner.token });
    expect(list.body.items[0]).toMatchObject({ source: "environment", own: null });
  });

  it("goes back to the environment's model when removed", async () => {
    const o = await organizationWithRoles(strict);
    const path = `/organizations/${o.id}/ai/chat`;
    await strict.request("PUT", path, { token: o.owner.token, json: settings() });
    expect((await strict.request("DELETE", path, { token: o.admin.token })).status).toBe(204);
    const list = await strict.request("GET", `/organizations/${o.id}/ai`, { token: o.owner.token });
    expect(list.body.items[0]).toMatchObject({ source: "environment", model: "environment-chat" });
    expect((await strict.request("DELETE", path, { token: o.admin.token })).status).toBe(404);
  });
});

describe("testing a capability's model", () => {
  it("makes the smallest real call of every capability and gives the latency", async () => {
    const o = await organizationWithRoles(open);
    for (const capability of ["chat", "embedding", "image", "speech", "transcription", "video"]) {
      const path = `/organizations/${o.id}/ai/${capability}`;
      await open.request("PUT", path, {
        token: o.owner.token,
        json: settings({ model: `own-${capability}` }),
      });
      fake.reset();
      const result = await open.request("POST", `${path}/test`, { token: o.owner.token });
      expect(result.status, capability).toBe(200);
      expect(result.body, capability).toMatchObject({ ok: true, latencyMs: expect.any(Number) });
      expect(fake.requests.length, capability).toBeGreaterThan(0);
    }
    // An image probe asks for one image; a video probe makes none.
    fake.reset();
    await open.request("POST", `/organizations/${o.id}/ai/image/test`, { token: o.owner.token });
    expect(fake.requests[0]?.body).toMatchObject({ n: 1 });
    fake.reset();
    await open.request("POST", `/organizations/${o.id}/ai/video/test`, { token: o.owner.token });
    expect(fake.requests.map((request) => request.method)).toEqual(["GET"]);
  });

  it("gives the provider's failure in the product's words", async () => {
    const o = await organizationWithRoles(open);
    const path = `/organizations/${o.id}/ai/chat`;
    await open.request("PUT", path, {
      token: o.owner.token,
      json: settings({ model: "missing-model" }),
    });
    const unknown = await open.request("POST", `${path}/test`, { token: o.owner.token });
    expect(unknown.body).toMatchObject({
      ok: false,
      error: {
        code: "AI_UNKNOWN_MODEL",
        providerStatus: 404,
        detail: expect.stringContaining("does not exist"),
      },
    });
    const none = await open.request("POST", `/organizations/${o.id}/ai/transcription/test`, {
      token: o.owner.token,
    });
    expect(none.body).toEqual({ ok: false, error: { code: "AI_NOT_CONFIGURED" } });
  });

  it("refuses an organization's address in a private network, and reaches nothing there", async () => {
    const o = await organizationWithRoles(strict);
    const path = `/organizations/${o.id}/ai/chat`;
    await strict.request("PUT", path, { token: o.owner.token, json: settings() });
    const refused = await strict.request("POST", `${path}/test`, { token: o.owner.token });
    expect(refused.body).toMatchObject({ ok: false, error: { code: "AI_PRIVATE_ADDRESS" } });
    expect(fake.requests).toHaveLength(0);

    // The environment's address is the deployment's own choice, and trusted.
    await strict.request("DELETE", path, { token: o.owner.token });
    const environment = await strict.request("POST", `${path}/test`, { token: o.owner.token });
    expect(environment.body).toMatchObject({ ok: true });
    expect(fake.requests[0]?.body).toMatchObject({ model: "environment-chat" });
  });
});

describe("the offline voice", () => {
  it("is the speech model of an organization without one, and answers its test", async () => {
    const [withVoice, without] = await Promise.all([
      createTestApi({ ai: { offlineVoice: true } }),
      createTestApi({ ai: { offlineVoice: false } }),
    ]);
    try {
      const o = await ownerWithSession(withVoice);
      const list = await withVoice.request("GET", `/organizations/${o.organizationId}/ai`, {
        token: o.token,
      });
      const speech = list.body.items.find(
        (item: { capability: string }) => item.capability === "speech",
      );
      expect(speech).toEqual({
        capability: "speech",
        source: "embedded",
        provider: null,
        model: "espeak-ng",
        models: [],
        offers: { voices: ["en", "ar"], sizes: [], durations: [] },
        own: null,
      });
      const test = await withVoice.request(
        "POST",
        `/organizations/${o.organizationId}/ai/speech/test`,
        { token: o.token },
      );
      expect(test.body).toMatchObject({ ok: true, latencyMs: expect.any(Number) });

      const other = await ownerWithSession(without);
      const none = await without.request("GET", `/organizations/${other.organizationId}/ai`, {
        token: other.token,
      });
      expect(
        none.body.items.find((item: { capability: string }) => item.capability === "speech"),
      ).toMatchObject({
        source: null,
        model: null,
      });
    } finally {
      await Promise.all([withVoice.close(), without.close()]);
    }
  });
});

describe("the slideshow and the sentence encoder", () => {
  it("are the video and embedding models of an organization without its own, and answer their tests", async () => {
    const [withSlideshow, without] = await Promise.all([
      createTestApi({ ai: { slideshow: true, offlineVoice: false } }),
      createTestApi({ ai: { slideshow: false, sentenceEncoder: false } }),
    ]);
    try {
      const o = await ownerWithSession(withSlideshow);
      const list = await withSlideshow.request("GET", `/organizations/${o.organizationId}/ai`, {
        token: o.token,
      });
      expect(
        list.body.items.find((item: { capability: string }) => item.capability === "video"),
      ).toEqual({
        capability: "video",
        source: "embedded",
        provider: null,
        model: "ffmpeg-slideshow",
        models: [],
        offers: {
          voices: [],
          sizes: ["1280x720", "720x1280", "1080x1080"],
          durations: [5, 10, 15, 30, 60],
        },
        own: null,
      });
      const test = await withSlideshow.request(
        "POST",
        `/organizations/${o.organizationId}/ai/video/test`,
        { token: o.token },
      );
      expect(test.body).toMatchObject({ ok: true, latencyMs: expect.any(Number) });
      expect(
        list.body.items.find((item: { capability: string }) => item.capability === "embedding"),
      ).toMatchObject({ source: "embedded", model: "universal-sentence-encoder-en" });
      const embeddingTest = await withSlideshow.request(
        "POST",
        `/organizations/${o.organizationId}/ai/embedding/test`,
        { token: o.token },
      );
      expect(embeddingTest.body).toMatchObject({ ok: true });

      const other = await ownerWithSession(without);
      const none = await without.request("GET", `/organizations/${other.organizationId}/ai`, {
        token: other.token,
      });
      for (const capability of ["video", "embedding"]) {
        expect(
          none.body.items.find((item: { capability: string }) => item.capability === capability),
        ).toMatchObject({ source: null, model: null });
      }
    } finally {
      await Promise.all([withSlideshow.close(), without.close()]);
    }
  });
});
