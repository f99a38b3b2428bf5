/**
 * Word documents and PDFs are read in a worker thread within a memory limit and a deadline,
 * after the sizes a .docx's ZIP declares are checked against their caps.
 */
import { describe, expect, it } from "vitest";
import { AppError } from "../../../api/errors";
import {
  checkUnpackedSize,
  extractInWorker,
  UnreadableContentError,
} from "../../../api/threads/file-extraction";
import { textPdf, wordBomb, wordFile } from "../test-documents";

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("the sizes a .docx declares", () => {
  it("refuses a ZIP that unpacks past the cap, without unpacking it", () => {
    const bomb = wordBomb({ unpackedMb: 60 });
    expect(bomb.byteLength).toBeLessThan(512 * 1024);
    let error: unknown;
    try {
      checkUnpackedSize(bomb);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe("too_large");
    expect((error as AppError).code).toBe("UNPACKED_TOO_LARGE");
  });

  it("refuses one entry past its own cap", () => {
    expect(() => checkUnpackedSize(wordBomb({ unpackedMb: 20 }))).toThrow(/unpacks/);
  });

  it("lets a real document through", async () => {
    expect(() => checkUnpackedSize(wordBomb({ unpackedMb: 1 }))).not.toThrow();
    expect(() => checkUnpackedSize(new Uint8Array([1, 2, 3]))).not.toThrow();
  });
});

describe("reading in a worker", () => {
  it("reads the text of a .docx and a PDF, and the HTML and images of a .docx", async () => {
    const word = await wordFile(["First line", "Second line"]);
    const fromWord = await extractInWorker({ kind: "docx-text", bytes: word });
    expect(fromWord.text).toContain("Second line");
    const html = await extractInWorker({ kind: "docx-html", bytes: word });
    expect(html.html).toContain("<p>First line</p>");
    expect(html.images).toEqual([]);
    const pdf = await extractInWorker({
      kind: "pdf-text",
      bytes: textPdf(["A PDF line"]),
      maxPages: 5,
    });
    expect(pdf.text).toContain("A PDF line");
    // The caller's bytes stay readable: the worker had a copy.
    expect(word.byteLength).toBeGreaterThan(0);
  });

  it("says which files it refuses", async () => {
    const notWord = extractInWorker({
      kind: "docx-text",
      bytes: new Uint8Array([0x50, 0x4b, 3, 4]),
    });
    await expect(notWord).rejects.toEqual(new UnreadableContentError("INVALID"));
    const pages = extractInWorker({ kind: "pdf-text", bytes: textPdf(["one"]), maxPages: 0 });
    await expect(pages).rejects.toEqual(new UnreadableContentError("TOO_MANY_PAGES"));
  });

  it("ends a worker that passes its deadline: 422 FILE_UNREADABLE", async () => {
    const error = await refusal(
      extractInWorker(
        { kind: "pdf-text", bytes: textPdf(["slow"]), maxPages: 5 },
        { deadlineMs: 1, maxMemoryMb: 256 },
      ),
    );
    expect(error.code).toBe("FILE_UNREADABLE");
    expect(error.kind).toBe("invalid");
    expect(error.cause).toBe("deadline");
  });

  it("ends a worker that passes its memory: 422 FILE_UNREADABLE, and the process goes on", async () => {
    const error = await refusal(
      extractInWorker(
        { kind: "docx-text", bytes: wordBomb({ unpackedMb: 8 }) },
        { deadlineMs: 120_000, maxMemoryMb: 32 },
      ),
    );
    expect(error.code).toBe("FILE_UNREADABLE");
    expect(error.cause).toBe("memory");
    // The next file is read as usual.
    const next = await extractInWorker({ kind: "docx-text", bytes: await wordFile(["After"]) });
    expect(next.text).toContain("After");
  });

  it("reads no more of an entry than it declares: a ZIP that lies about its sizes is refused", async () => {
    // 40 MB of XML that the ZIP says is 100 kB: the check lets it through, the reader does not.
    const liar = wordBomb({ unpackedMb: 40, declaredBytes: 100_000 });
    expect(() => checkUnpackedSize(liar)).not.toThrow();
    const error = await extractInWorker(
      { kind: "docx-text", bytes: liar },
      { deadlineMs: 10_000, maxMemoryMb: 128 },
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(error).not.toBeNull();
  });
});
