import { describe, expect, it } from "vitest";
import { audioFormatOf } from "../../../api/media/generation-jobs";
import { maxSpeechCharacters, splitText, styledPrompt } from "../../../api/media/generations";

describe("splitText", () => {
  it("keeps a text that fits as one part", () => {
    expect(splitText("One. Two.", 100)).toEqual(["One. Two."]);
  });

  it("cuts at sentence ends, filling each part as far as it goes", () => {
    const parts = splitText("Aaaa aaaa. Bbbb bbbb! Cccc cccc? Dddd.", 22);
    expect(parts).toEqual(["Aaaa aaaa. Bbbb bbbb!", "Cccc cccc? Dddd."]);
  });

  it("cuts Arabic at its question mark and full stop", () => {
    expect(splitText("كيف حالك؟ أنا بخير. شكرا", 12)).toEqual(["كيف حالك؟", "أنا بخير.", "شكرا"]);
  });

  it("cuts a sentence longer than a part between words, and a word longer than one anywhere", () => {
    const words = "word ".repeat(30).trim();
    for (const part of splitText(words, 32)) {
      expect(part.length).toBeLessThanOrEqual(32);
      expect(part).toMatch(/^word( word)*$/);
    }
    expect(splitText("x".repeat(25), 10)).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
  });

  it("loses nothing but the spaces at the cuts", () => {
    const text = "This is a sentence that goes on. ".repeat(400).trim();
    const parts = splitText(text, 4096);
    expect(parts.every((part) => part.length <= 4096)).toBe(true);
    expect(parts.join(" ")).toBe(text);
  });
});

describe("the models' limits and the presets", () => {
  it("speaks 5,000 characters at a time offline, 4,096 with OpenAI", () => {
    expect(maxSpeechCharacters({ provider: null })).toBe(5000);
    expect(maxSpeechCharacters({ provider: "openai" })).toBe(4096);
    expect(maxSpeechCharacters({ provider: "openai-compatible" })).toBe(4096);
  });

  it("adds a style's words after the prompt, and none for none", () => {
    expect(styledPrompt("A cat", "anime")).toBe(
      "A cat. anime style, cel shading, expressive characters",
    );
    expect(styledPrompt("A cat", "none")).toBe("A cat");
    expect(styledPrompt("A cat", undefined)).toBe("A cat");
  });

  it("tells audio formats by their first bytes", () => {
    const bytes = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
    expect(audioFormatOf(bytes("RIFF\0\0\0\0WAVEfmt "))).toBe("wav");
    expect(audioFormatOf(bytes("OggS\0\x02"))).toBe("ogg");
    expect(audioFormatOf(bytes("ID3\x04\0"))).toBe("mp3");
    expect(audioFormatOf(new Uint8Array([0xff, 0xfb, 0x90, 0x00]))).toBe("mp3");
    expect(audioFormatOf(bytes("fLaC"))).toBeNull();
  });
});
