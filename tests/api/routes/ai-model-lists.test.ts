import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiEnvironment } from "../../../api/ai/config";
import { openAiVoices } from "../../../api/ai/registry";
import { type FakeAiServer, startFakeAiServer } from "../../support/fake-ai-server";
import { createTestApi, memberWithSession, ownerWithSession, type TestApi } from "../helpers";

let fake: FakeAiServer;
/** Organizations' addresses in private networks refused, as in a deployment by default. */
let strict: TestApi;
/** AI_ALLOWED_NETWORKS=127.0.0.0/8: the fake server on loopback may be an organization's. */
let allowed: TestApi;

const listingTimeoutMs = 600;

beforeAll(async () => {
  fake = await startFakeAiServer();
  const environment = aiEnvironment({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: fake.apiKey,
    AI_CHAT_MODEL: "environment-chat",
    AI_CHAT_MODELS: "environment-chat, environment-chat-mini",
    AI_SPEECH_MODEL: "environment-tts",
  });
  [strict, allowed] = await Promise.all([
    createTestApi({ ai: { environment, listingTimeoutMs } }),
    createTestApi({
      ai: { environment, allowedNetworks: ["127.0.0.0/8"], listingTimeoutMs },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([strict.close(), allowed.close(), fake.close()]);
});
beforeEach(() => fake.reset());

const own = (overrides: Record<string, unknown> = {}) => ({
  provider: "openai-compatible",
  baseUrl: fake.baseUrl,
  model: "own-model",
  apiKey: fake.apiKey,
  ...overrides,
});

/** An organization whose own provider serves `capabilities`, and its owner. */
async function organizationWithOwnProvider(t: TestApi, capabilities: string[], settings = own()) {
  const owner = await ownerWithSession(t);
  for (const capability of capabilities) {
    const saved = await t.request(
      "PUT",
      `/organizations/${owner.organizationId}/ai/${capability}`,
      {
        token: owner.token,
        json: settings,
      },
    );
    expect(saved.status).toBe(200);
  }
  return owner;
}

const choices = (
  t: TestApi,
  owner: { organizationId: string; token: string },
  capability: string,
) =>
  t.request("GET", `/organizations/${owner.organizationId}/ai/${capability}/models`, {
    token: owner.token,
  });

const listings = () =>
  fake.requests.filter((request) => request.path === "/models" || request.path === "/audio/voices");

describe("the models and voices of an organization's own provider", () => {
  it("are what its OpenAI-compatible server lists, asked with its key", async () => {
    const owner = await organizationWithOwnProvider(allowed, ["chat", "speech"]);
    fake.listedModels = ["llama3.2", "qwen2.5", "kokoro"];
    fake.listedVoices = ["am_adam", "af_bella", "bf_emma"];

    const chat = await choices(allowed, owner, "chat");
    expect(chat.status).toBe(200);
    expect(chat.body).toEqual({ models: ["kokoro", "llama3.2", "qwen2.5"], voices: [] });

    const speech = await choices(allowed, owner, "speech");
    expect(speech.body).toEqual({
      models: ["kokoro", "llama3.2", "qwen2.5"],
      voices: ["af_bella", "am_adam", "bf_emma"],
    });
    expect(listings().map((request) => [request.method, request.path])).toEqual([
      ["GET", "/models"],
      ["GET", "/models"],
      ["GET", "/audio/voices"],
    ]);
    for (const request of listings()) {
      expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    }
  });

  it("are given to every member, and to no one outside the organization", async () => {
    const owner = await organizationWithOwnProvider(allowed, ["chat"]);
    const viewer = await memberWithSession(allowed, owner.organizationId, "viewer");
    const seen = await choices(
      allowed,
      { ...viewer, organizationId: owner.organizationId },
      "chat",
    );
    expect(seen.body.models).toEqual(["fake-chat-large", "fake-chat-small", "fake-tts"]);

    const stranger = await ownerWithSession(allowed);
    const refused = await choices(
      allowed,
      { token: stranger.token, organizationId: owner.organizationId },
      "chat",
    );
    expect(refused.status).toBe(404);
    const unknown = await choices(allowed, owner, "telepathy");
    expect(unknown.status).toBe(422);
  });

  it("are kept for a while, and read again once the settings change", async () => {
    const owner = await organizationWithOwnProvider(allowed, ["chat"]);
    await choices(allowed, owner, "chat");
    fake.listedModels = ["newer-model"];
    const again = await choices(allowed, owner, "chat");
    expect(again.body.models).toEqual(["fake-chat-large", "fake-chat-small", "fake-tts"]);
    expect(listings()).toHaveLength(1);

    await allowed.request("PUT", `/organizations/${owner.organizationId}/ai/chat`, {
      token: owner.token,
      json: own({ model: "another-model" }),
    });
    const changed = await choices(allowed, owner, "chat");
    expect(changed.body.models).toEqual(["newer-model"]);
    expect(listings()).toHaveLength(2);
  });

  it("keep OpenAI's documented voices on OpenAI, which lists no voices", async () => {
    const owner = await organizationWithOwnProvider(
      allowed,
      ["speech"],
      own({ provider: "openai" }),
    );
    const speech = await choices(allowed, owner, "speech");
    expect(speech.body.voices).toEqual([...openAiVoices]);
    expect(speech.body.models).toEqual(["fake-chat-large", "fake-chat-small", "fake-tts"]);
    expect(listings().map((request) => request.path)).toEqual(["/models"]);
  });

  it("leave the voices free when the server lists none", async () => {
    const owner = await organizationWithOwnProvider(allowed, ["speech"]);
    fake.listedVoices = null;
    const speech = await choices(allowed, owner, "speech");
    expect(speech.status).toBe(200);
    expect(speech.body).toEqual({
      models: ["fake-chat-large", "fake-chat-small", "fake-tts"],
      voices: [],
    });
  });

  it("are empty lists, never an error, when the provider fails", async () => {
    const owner = await organizationWithOwnProvider(allowed, ["speech"]);
    fake.listingStatus = 500;
    const failed = await choices(allowed, owner, "speech");
    expect(failed.status).toBe(200);
    expect(failed.body).toEqual({ models: [], voices: [] });
  });

  it("are empty lists, within a short time, when the provider is too slow", async () => {
    const owner = await organizationWithOwnProvider(allowed, ["chat"]);
    fake.listingDelayMs = 10_000;
    const started = performance.now();
    const slow = await choices(allowed, owner, "chat");
    const elapsed = performance.now() - started;
    expect(slow.status).toBe(200);
    expect(slow.body).toEqual({ models: [], voices: [] });
    expect(elapsed).toBeLessThan(listingTimeoutMs + 2_000);
  });

  it("are empty lists when the provider answers more than a list's worth", async () => {
    const owner = await organizationWithOwnProvider(allowed, ["chat"]);
    fake.listedModels = Array.from({ length: 8_000 }, (_, index) => `${"m".repeat(180)}-${index}`);
    const large = await choices(allowed, owner, "chat");
    expect(large.status).toBe(200);
    expect(large.body).toEqual({ models: [], voices: [] });
  });

  it("are not read from an address in a private network that the deployment does not allow", async () => {
    const owner = await organizationWithOwnProvider(strict, ["chat", "speech"]);
    for (const capability of ["chat", "speech"]) {
      const refused = await choices(strict, owner, capability);
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual({ models: [], voices: [] });
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe("the models and voices of the deployment's provider", () => {
  it("are the deployment's list of models, without asking the provider, and its voices", async () => {
    const owner = await ownerWithSession(strict);
    const chat = await choices(strict, owner, "chat");
    expect(chat.body).toEqual({
      models: ["environment-chat", "environment-chat-mini"],
      voices: [],
    });
    expect(listings()).toHaveLength(0);

    // The deployment's address is its own choice: trusted, on loopback too.
    const speech = await choices(strict, owner, "speech");
    expect(speech.body).toEqual({ models: ["environment-tts"], voices: ["af_bella", "am_adam"] });
    expect(listings().map((request) => request.path)).toEqual(["/audio/voices"]);
  });

  it("are empty for a capability without a model", async () => {
    const owner = await ownerWithSession(strict);
    const image = await choices(strict, owner, "image");
    expect(image.body).toEqual({ models: [], voices: [] });
  });
});
