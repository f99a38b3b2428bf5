import { describe, expect, it } from "vitest";
import { sentenceEncoderModelId } from "../../../api/ai/embedded/sentence-encoder";
import { searchWords } from "../../../api/knowledge/retrieval";
import { mostlyArabic, readsOf } from "../../../api/knowledge/vectors";

describe("a question's words for the search", () => {
  it("leaves out the Arabic words that only ask, whatever their spelling", () => {
    expect(searchWords("هل في رسوم إذا سددت القرض قبل موعده؟")).toBe("رسوم سددت القرض قبل موعده؟");
    expect(searchWords("شو بصير بالكهربا الزايدة؟")).toBe("بصير بالكهربا الزايدة؟");
    expect(searchWords("متى؟ أين؟ اذا")).toBe("");
  });

  it("keeps English as it is: its stop words are PostgreSQL's to drop", () => {
    expect(searchWords("How long is the warranty of the Max 450?")).toBe(
      "How long is the warranty of the Max 450?",
    );
  });
});

describe("what an embedding model reads", () => {
  it("tells Arabic text from Latin by its letters", () => {
    expect(mostlyArabic("كم سنة ضمان اللوح Lite 400؟")).toBe(true);
    expect(mostlyArabic("The Falak app في")).toBe(false);
    expect(mostlyArabic("2025")).toBe(false);
  });

  it("the embedded sentence encoder reads English only; other models read everything", () => {
    const encoder = readsOf(sentenceEncoderModelId, true);
    expect(encoder("How long is the warranty?")).toBe(true);
    expect(encoder("كم مدة الضمان؟")).toBe(false);
    const provider = readsOf("text-embedding-3-small", false);
    expect(provider("كم مدة الضمان؟")).toBe(true);
    // A provider's model of the same name is not the embedded one.
    expect(readsOf(sentenceEncoderModelId, false)("كم مدة الضمان؟")).toBe(true);
  });
});
