import { describe, expect, it } from "vitest";
import { chunkText } from "../../../api/knowledge/chunking";

const options = { size: 300, overlap: 60 };

describe("chunkText", () => {
  it("starts a chunk at each heading and names it by the headings above", () => {
    const chunks = chunkText(
      [
        "# Pricing",
        "Plans are billed monthly.",
        "## Refunds",
        "Refunds take **five** days.",
        "# Support",
        "Write to help@example.com.",
      ].join("\n\n"),
      options,
    );
    expect(chunks).toEqual([
      { heading: "Pricing", text: "Plans are billed monthly." },
      { heading: "Pricing › Refunds", text: "Refunds take **five** days." },
      { heading: "Support", text: "Write to help@example.com." },
    ]);
  });

  it("gathers short paragraphs up to the size, and never cuts one that fits", () => {
    const paragraph = (n: number) => `Paragraph ${n} ${"word ".repeat(20).trim()}.`;
    const text = Array.from({ length: 8 }, (_, i) => paragraph(i)).join("\n\n");
    const chunks = chunkText(text, options);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(300);
    // Every paragraph is whole in exactly one chunk.
    for (let i = 0; i < 8; i++) {
      expect(chunks.filter((c) => c.text.includes(paragraph(i)))).toHaveLength(1);
    }
  });

  it("cuts a long paragraph between sentences, each piece repeating the end of the one before", () => {
    const sentence = (n: number) => `Sentence number ${n} says something about the product.`;
    const text = Array.from({ length: 20 }, (_, i) => sentence(i)).join(" ");
    const chunks = chunkText(text, options);
    expect(chunks.length).toBeGreaterThan(2);
    for (const [index, chunk] of chunks.entries()) {
      expect(chunk.text.length).toBeLessThanOrEqual(300 + 60);
      if (index > 0) {
        const before = chunks[index - 1]?.text ?? "";
        const repeated = chunk.text.slice(0, 20);
        expect(before).toContain(repeated);
      }
    }
    // Nothing is lost.
    for (let i = 0; i < 20; i++) {
      expect(chunks.some((c) => c.text.includes(sentence(i)))).toBe(true);
    }
  });

  it("keeps a table whole when it fits, and cuts a long one between rows with its header", () => {
    const header = "| Plan | Price |\n| --- | --- |";
    const small = `${header}\n| Basic | 10 |\n| Pro | 20 |`;
    expect(chunkText(small, options)).toEqual([{ heading: "", text: small }]);

    const rows = Array.from({ length: 40 }, (_, i) => `| Plan ${i} | ${i * 10} |`);
    const chunks = chunkText(`${header}\n${rows.join("\n")}`, options);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.text.startsWith(header)).toBe(true);
      expect(chunk.text.length).toBeLessThanOrEqual(300);
    }
    expect(chunks.map((c) => c.text).join("\n")).toContain("| Plan 39 | 390 |");
  });

  it("cuts Arabic text between sentences and keeps its headings", () => {
    const sentence = "يصل الطلب خلال ثلاثة أيام عمل إلى جميع المدن الكبرى في المملكة. ";
    const chunks = chunkText(`# الشحن\n\n${sentence.repeat(12)}`, options);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.heading).toBe("الشحن");
      expect(chunk.text.length).toBeLessThanOrEqual(360);
      expect(chunk.text.endsWith(".")).toBe(true);
    }
  });

  it("cuts a run of text with no sentence ends between words, and a word longer than a chunk anywhere", () => {
    const chunks = chunkText(`${"lorem ".repeat(200)}${"x".repeat(700)}`, {
      size: 300,
      overlap: 0,
    });
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(300);
    expect(
      chunks
        .map((c) => c.text)
        .join("")
        .replace(/\s/g, ""),
    ).toContain("x".repeat(700));
  });

  it("gives nothing for empty text", () => {
    expect(chunkText("", options)).toEqual([]);
    expect(chunkText("\n\n   \n", options)).toEqual([]);
  });
});
