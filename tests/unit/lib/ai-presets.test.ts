import { describe, expect, it } from "vitest";
import { presetOf, presetsFor } from "~/lib/ai-models";

describe("the AI settings' presets", () => {
  it("offers for each capability the presets whose provider has it", () => {
    expect(presetsFor("rerank")).toEqual([
      "ollama",
      "lmstudio",
      "vllm",
      "localai",
      "openrouter",
      "cohere",
      "custom",
    ]);
    // OpenAI has no rerank models; Cohere's API is offered for reranking alone.
    expect(presetsFor("chat")).toContain("openai");
    expect(presetsFor("chat")).not.toContain("cohere");
    expect(presetsFor("embedding")).not.toContain("cohere");
    expect(presetsFor("speech")).toEqual(
      expect.arrayContaining(["openai", "elevenlabs", "fal", "custom"]),
    );
  });

  it("reads saved settings back as their preset", () => {
    expect(presetOf("openai-compatible", "https://api.cohere.com/v2")).toBe("cohere");
    expect(presetOf("openai-compatible", "https://models.example.com/v1")).toBe("custom");
    expect(presetOf("openai", null)).toBe("openai");
  });
});
