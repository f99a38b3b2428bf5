import { cosineSimilarity, embed, embedMany } from "ai";
import { describe, expect, it } from "vitest";
import {
  sentenceEncoderDimensions,
  sentenceEncoderModel,
} from "../../../api/ai/embedded/sentence-encoder";

describe("the sentence encoder (shipped in its npm package, run in process)", () => {
  it("puts sentences that mean the same near each other, and others far", async () => {
    const { embeddings, usage } = await embedMany({
      model: sentenceEncoderModel(),
      values: [
        "The cat sat on the mat.",
        "A kitten is resting on a rug.",
        "Quarterly revenue grew by ten percent.",
      ],
    });
    expect(embeddings).toHaveLength(3);
    for (const vector of embeddings) expect(vector).toHaveLength(sentenceEncoderDimensions);
    const [cat, kitten, revenue] = embeddings as [number[], number[], number[]];
    expect(cosineSimilarity(cat, kitten)).toBeGreaterThan(0.5);
    expect(cosineSimilarity(cat, revenue)).toBeLessThan(0.2);
    expect(usage.tokens).toBe(19);
  });

  it("answers the same vector for the same text", async () => {
    const model = sentenceEncoderModel();
    const [first, second] = await Promise.all([
      embed({ model, value: "Hello there." }),
      embed({ model, value: "Hello there." }),
    ]);
    expect(cosineSimilarity(first.embedding, second.embedding)).toBeCloseTo(1, 5);
  });

  it("splits long lists into calls of at most 64 sentences", async () => {
    const values = Array.from({ length: 130 }, (_, i) => `Sentence number ${i}.`);
    const { embeddings } = await embedMany({ model: sentenceEncoderModel(), values });
    expect(embeddings).toHaveLength(130);
  });

  it("does nothing for a caller that has already gone", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      embed({ model: sentenceEncoderModel(), value: "x", abortSignal: controller.signal }),
    ).rejects.toThrow();
  });
});
