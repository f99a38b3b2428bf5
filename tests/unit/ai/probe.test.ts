import { APICallError } from "ai";
import { MockEmbeddingModelV4, MockLanguageModelV4, MockSpeechModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import type { CallUsage } from "../../../api/ai/ai-usage";
import { probeModel } from "../../../api/ai/probe";
import type { ResolvedModel } from "../../../api/ai/registry";
import { QuotaExceededError } from "../../../api/errors";

const response = () => ({ timestamp: new Date(), modelId: "mock" });

function chatModel(doGenerate?: () => never) {
  return new MockLanguageModelV4({
    doGenerate:
      doGenerate ??
      (async () => ({
        content: [{ type: "text", text: "OK" }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: {
          inputTokens: { total: 9, noCache: 9, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 2, text: 2, reasoning: 0 },
        },
        warnings: [],
      })),
  });
}

function resolved<C extends "chat" | "embedding" | "speech">(
  capability: C,
  model: ResolvedModel<C>["model"],
): ResolvedModel<C> {
  return { capability, source: "environment", provider: "openai", modelId: "mock", model };
}

/** Runs a probe and gives what it reported and the usage it handed to `run`. */
async function probe<C extends "chat" | "embedding" | "speech">(target: ResolvedModel<C>) {
  const usages: CallUsage[] = [];
  const result = await probeModel(target, {
    run: async (call) => {
      const { usage } = await call();
      usages.push(usage);
    },
  });
  return { result, usage: usages[0] };
}

describe("probeModel (with the AI SDK's mock models)", () => {
  it("counts a chat probe's tokens in and out", async () => {
    const { result, usage } = await probe(resolved("chat", chatModel()));
    expect(result).toMatchObject({ ok: true, latencyMs: expect.any(Number) });
    expect(usage).toEqual({ units: 11, inputTokens: 9, outputTokens: 2 });
  });

  it("counts an embedding's tokens and a speech probe's characters", async () => {
    const embedding = new MockEmbeddingModelV4({
      doEmbed: async () => ({ embeddings: [[0.1, 0.2]], usage: { tokens: 3 }, warnings: [] }),
    });
    expect((await probe(resolved("embedding", embedding))).usage).toEqual({
      units: 3,
      inputTokens: 3,
    });
    const speech = new MockSpeechModelV4({
      doGenerate: async () => ({
        audio: new Uint8Array([1, 2]),
        warnings: [],
        response: response(),
      }),
    });
    expect((await probe(resolved("speech", speech))).usage).toEqual({ units: 2 });
  });

  it("reports a provider's refusal of the key in the product's words", async () => {
    const refusing = chatModel(() => {
      throw new APICallError({
        message: "Incorrect API key provided: sk-abc…",
        url: "https://provider.example/v1/chat/completions",
        requestBodyValues: {},
        statusCode: 401,
        isRetryable: false,
      });
    });
    const { result, usage } = await probe(resolved("chat", refusing));
    expect(result).toMatchObject({
      ok: false,
      failure: { code: "AI_BAD_KEY", providerStatus: 401 },
    });
    expect(usage).toBeUndefined();
  });

  it("leaves an organization over its quota to the caller", async () => {
    await expect(
      probeModel(resolved("chat", chatModel()), {
        run: async () => {
          throw new QuotaExceededError("chat", 60);
        },
      }),
    ).rejects.toBeInstanceOf(QuotaExceededError);
  });
});
