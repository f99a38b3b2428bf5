import {
  embed,
  generateImage,
  generateSpeech,
  experimental_generateVideo as generateVideo,
  streamText,
  tool,
  transcribe,
} from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Capability } from "../../../api/ai/capabilities";
import { type AiEnvironment, aiEnvironment } from "../../../api/ai/config";
import { type AiFailure, classifyAiError } from "../../../api/ai/errors";
import {
  callSignal,
  createAiRegistry,
  type OrganizationAiSettings,
} from "../../../api/ai/registry";
import {
  type FakeAiServer,
  fakeEmbedding,
  fakeImage,
  fakeMp4,
  fakeSpeech,
  silentWav,
  startFakeAiServer,
} from "../../support/fake-ai-server";

let fake: FakeAiServer;
let environment: AiEnvironment;

beforeAll(async () => {
  fake = await startFakeAiServer();
  environment = aiEnvironment({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: fake.apiKey,
    AI_CHAT_MODEL: "fake-chat",
    AI_EMBEDDING_MODEL: "fake-embedding",
    AI_IMAGE_MODEL: "fake-image",
    AI_SPEECH_MODEL: "fake-speech",
    AI_TRANSCRIPTION_MODEL: "fake-transcription",
    AI_VIDEO_MODEL: "fake-video",
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const registry = () => createAiRegistry({ environment });

/** The environment's chat model, under another model name (which picks a failure). */
function chatModel(model: string, apiKey = fake.apiKey) {
  const organization: OrganizationAiSettings = {
    chat: { provider: "openai-compatible", baseUrl: fake.baseUrl, apiKey, model },
  };
  // The organization's address is loopback: allowed here as AI_ALLOW_PRIVATE_NETWORK=1 allows it.
  return createAiRegistry({ environment, allowPrivateNetwork: true }).modelFor("chat", organization)
    .model;
}

async function failureOf(run: () => Promise<unknown>, timedOut?: () => boolean) {
  try {
    await run();
  } catch (error) {
    return classifyAiError(error, { timedOut: timedOut?.() });
  }
  throw new Error("The call succeeded");
}

async function streamAll(
  model: ReturnType<typeof chatModel>,
  options: { abortSignal?: AbortSignal; maxRetries?: number } = {},
) {
  const result = streamText({
    model,
    prompt: "Say hello",
    maxRetries: options.maxRetries ?? 0,
    abortSignal: options.abortSignal,
    onError: () => {},
  });
  const tokens: string[] = [];
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") tokens.push(part.text);
    if (part.type === "error") throw part.error;
  }
  return { tokens, usage: await result.usage };
}

describe("the registry", () => {
  it("answers each capability with a model object of the environment's server", () => {
    const models = registry();
    for (const capability of [
      "chat",
      "embedding",
      "image",
      "speech",
      "transcription",
      "video",
    ] as Capability[]) {
      const resolved = models.modelFor(capability);
      expect(resolved).toMatchObject({
        capability,
        source: "environment",
        provider: "openai-compatible",
      });
      expect(typeof resolved.model).toBe("object");
      expect(resolved.model.modelId).toBe(`fake-${capability}`);
    }
  });

  it("prefers the organization's own model, and says when there is none", async () => {
    const models = createAiRegistry({ environment: { chat: environment.chat } });
    const own: OrganizationAiSettings = {
      image: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        apiKey: fake.apiKey,
        model: "org-image",
      },
    };
    expect(models.sourceOf("image", own)).toBe("organization");
    expect(models.modelFor("image", own).modelId).toBe("org-image");
    expect(models.sourceOf("chat", own)).toBe("environment");
    expect(models.sourceOf("video", own)).toBeNull();
    const failure = await failureOf(async () => models.modelFor("video", own));
    expect(failure.code).toBe("AI_NOT_CONFIGURED");
  });

  it("refuses an organization's address in the private network unless the deployment allows it", async () => {
    const own: OrganizationAiSettings = {
      chat: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        apiKey: fake.apiKey,
        model: "fake-chat",
      },
    };
    const strict = createAiRegistry({ environment }).modelFor("chat", own).model;
    expect((await failureOf(() => streamAll(strict))).code).toBe("AI_PRIVATE_ADDRESS");
    expect(fake.requests).toHaveLength(0);
    // The same loopback server from the environment is trusted.
    const { tokens } = await streamAll(registry().modelFor("chat").model);
    expect(tokens.join("")).toBe(fake.reply);
  });
});

describe("calls through the OpenAI-compatible protocol", () => {
  it("streams a chat answer token by token, with its usage", async () => {
    fake.reply = "Hello there, مرحبا bi-directional friend.";
    const { tokens, usage } = await streamAll(registry().modelFor("chat").model);
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.join("")).toBe(fake.reply);
    expect(usage.outputTokens).toBe(tokens.length);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: "/chat/completions" });
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request?.body).toMatchObject({ model: "fake-chat", stream: true });
  });

  it("streams a tool call with its arguments", async () => {
    fake.tool = { name: "lookup", arguments: { query: "opening hours", limit: 3 } };
    const result = streamText({
      model: registry().modelFor("chat").model,
      prompt: "When are you open?",
      tools: {
        lookup: tool({
          description: "Search the knowledge base",
          inputSchema: z.object({ query: z.string(), limit: z.number() }),
        }),
      },
    });
    const calls = await result.toolCalls;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      toolName: "lookup",
      input: { query: "opening hours", limit: 3 },
    });
    expect(fake.requests[0]?.body).toMatchObject({
      tools: [{ type: "function", function: { name: "lookup" } }],
    });
  });

  it("embeds, draws, speaks, transcribes and films", async () => {
    const models = registry();
    const embedded = await embed({
      model: models.modelFor("embedding").model,
      value: "opening hours",
    });
    expect(embedded.embedding).toEqual(fakeEmbedding("opening hours"));

    const image = await generateImage({
      model: models.modelFor("image").model,
      prompt: "a lamp",
      n: 2,
    });
    expect(image.images).toHaveLength(2);
    expect(Buffer.from(image.images[0]?.uint8Array ?? []).equals(await fakeImage("a lamp 0"))).toBe(
      true,
    );

    const speech = await generateSpeech({
      model: models.modelFor("speech").model,
      text: "Hello",
      voice: "alloy",
    });
    expect(Buffer.from(speech.audio.uint8Array).equals(fakeSpeech("Hello"))).toBe(true);
    expect(fake.requests.find((request) => request.path === "/audio/speech")?.body).toMatchObject({
      model: "fake-speech",
      input: "Hello",
      voice: "alloy",
    });

    fake.reply = "What was said.";
    const transcript = await transcribe({
      model: models.modelFor("transcription").model,
      audio: silentWav(),
    });
    expect(transcript.text).toBe("What was said.");

    const video = await generateVideo({
      model: models.modelFor("video").model,
      prompt: "a sunrise",
      duration: 4,
      resolution: "1280x720",
      poll: { intervalMs: 10 },
    });
    expect(Buffer.from(video.videos[0]?.uint8Array ?? []).equals(await fakeMp4())).toBe(true);
    expect(fake.requests.find((request) => request.path === "/videos")?.body).toMatchObject({
      model: "fake-video",
      prompt: "a sunrise",
      seconds: "4",
      size: "1280x720",
    });
  });

  it("reports a failed video job with the provider's reason", async () => {
    const own: OrganizationAiSettings = {
      video: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        apiKey: fake.apiKey,
        model: "failing-video",
      },
    };
    const model = createAiRegistry({ environment, allowPrivateNetwork: true }).modelFor(
      "video",
      own,
    ).model;
    await expect(generateVideo({ model, prompt: "x", poll: { intervalMs: 10 } })).rejects.toThrow(
      /The video could not be made/,
    );
  });
});

describe("provider failures, in the product's words", () => {
  it.each<[string, string, Partial<AiFailure>]>([
    ["a wrong key", "fake-chat", { code: "AI_BAD_KEY", providerStatus: 401 }],
    ["an unknown model", "missing-model", { code: "AI_UNKNOWN_MODEL", providerStatus: 404 }],
    ["refused content", "refusing", { code: "AI_REFUSED", providerStatus: 400 }],
    ["a provider that fails", "broken", { code: "AI_PROVIDER_DOWN", providerStatus: 500 }],
  ])("%s", async (_case, model, expected) => {
    const key = _case === "a wrong key" ? "sk-wrong-key-0000" : fake.apiKey;
    const failure = await failureOf(() => streamAll(chatModel(model, key)));
    expect(failure).toMatchObject(expected);
    expect(JSON.stringify(failure)).not.toContain("sk-wrong-key-0000");
  });

  it("retries a 429 after its Retry-After, within the deadline", async () => {
    fake.rateLimitedTimes = 1;
    const started = Date.now();
    const { tokens } = await streamAll(chatModel("rate-limited"), { maxRetries: 2 });
    expect(tokens.join("")).toBe(fake.reply);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.requests.filter((request) => request.path === "/chat/completions")).toHaveLength(2);
  });

  it("gives up on a provider that stays rate-limited, saying when to try again", async () => {
    fake.rateLimitedTimes = 10;
    const failure = await failureOf(() => streamAll(chatModel("rate-limited"), { maxRetries: 1 }));
    expect(failure).toMatchObject({
      code: "AI_PROVIDER_QUOTA",
      providerStatus: 429,
      retryAfterSeconds: 1,
    });
    expect(fake.requests).toHaveLength(2);
  });

  it("retries a 5xx and succeeds when the provider recovers", async () => {
    fake.brokenTimes = 1;
    const { tokens } = await streamAll(chatModel("broken"), { maxRetries: 2 });
    expect(tokens.join("")).toBe(fake.reply);
    expect(fake.requests).toHaveLength(2);
  });

  it("ends a stalled stream at the deadline and closes the provider's request", async () => {
    const signal = callSignal({ deadlineMs: 300 });
    const failure = await failureOf(
      () => streamAll(chatModel("stalled"), { abortSignal: signal.abortSignal }),
      signal.timedOut,
    );
    expect(failure.code).toBe("AI_TIMEOUT");
    await expect.poll(() => fake.openRequests()).toBe(0);
  });

  it("stops at the provider when the caller goes away", async () => {
    const browser = new AbortController();
    const signal = callSignal({ signal: browser.signal, deadlineMs: 30_000 });
    const run = failureOf(
      () => streamAll(chatModel("stalled"), { abortSignal: signal.abortSignal }),
      signal.timedOut,
    );
    await expect.poll(() => fake.openRequests()).toBe(1);
    browser.abort();
    expect((await run).code).toBe("AI_CANCELLED");
    await expect.poll(() => fake.openRequests()).toBe(0);
  });

  it("calls a stream that is not the protocol a bad response", async () => {
    const failure = await failureOf(() => streamAll(chatModel("malformed")));
    expect(failure.code).toBe("AI_BAD_RESPONSE");
  });

  it("says the provider is down when nothing answers", async () => {
    const down: OrganizationAiSettings = {
      chat: {
        provider: "openai-compatible",
        baseUrl: "http://127.0.0.1:9/v1",
        apiKey: "k",
        model: "m",
      },
    };
    const model = createAiRegistry({ environment, allowPrivateNetwork: true }).modelFor(
      "chat",
      down,
    ).model;
    expect((await failureOf(() => streamAll(model))).code).toBe("AI_PROVIDER_DOWN");
  });
});
