import { describe, expect, it } from "vitest";
import { titleFromPrompt } from "../../../api/media/generations";

describe("an item's title made from its prompt", () => {
  it("keeps the first words, within sixty characters, without the closing punctuation", () => {
    expect(titleFromPrompt("A sunrise over the sea.")).toBe("A sunrise over the sea");
    expect(
      titleFromPrompt("A lighthouse on a rocky coast at dusk, watercolour, soft light, wide"),
    ).toBe("A lighthouse on a rocky coast at dusk");
    expect(titleFromPrompt("  مرحبا بكم في الاستوديو؟  ")).toBe("مرحبا بكم في الاستوديو");
    expect(titleFromPrompt("x".repeat(100))).toHaveLength(60);
    expect(titleFromPrompt("")).toBe("");
  });
});
