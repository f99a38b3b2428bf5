/**
 * Reads a Word document or a PDF in a worker thread, so that a file built to be expensive (a
 * zip bomb, a PDF of deeply nested objects) costs this thread's memory and time, which the
 * parent caps (file-extraction.ts), and never the server's event loop.
 *
 * Plain JavaScript that imports only JavaScript packages: the worker runs the same under
 * `tsx server.ts` and under vitest, with no TypeScript loader.
 *
 * In: `workerData` = { kind: "docx-text" | "docx-html" | "pdf-text", bytes: Uint8Array, maxPages,
 * imageSource }.
 * Out: one message, { ok: true, text } or { ok: true, html, images } (docx-html: each image is
 * `src="<imageSource><index>"` in the HTML, its bytes at that index), or { ok: false, code }.
 */
import { parentPort, workerData } from "node:worker_threads";
import { unzipSync, zipSync } from "fflate";

/** Where the parent puts each stored image's address; mammoth escapes any such text in the file. */
const { imageSource } = workerData;

/**
 * The .docx unpacked into no more than the sizes its central directory declares (which the
 * parent capped), and packed again without compression for mammoth. JSZip, which mammoth reads
 * with, inflates an entry to its end before it compares the size: an entry that declares 1 kB
 * and holds 10 GB would take 10 GB. fflate writes into a buffer of the declared size and drops
 * the rest, so a lying entry comes out cut short (and fails to parse) in bounded memory.
 */
function repacked(bytes) {
  return Buffer.from(zipSync(unzipSync(bytes), { level: 0 }));
}

async function docxText(bytes) {
  const { default: mammoth } = await import("mammoth");
  return { text: (await mammoth.extractRawText({ buffer: repacked(bytes) })).value };
}

async function docxHtml(bytes) {
  const { default: mammoth } = await import("mammoth");
  const images = [];
  const result = await mammoth.convertToHtml(
    { buffer: repacked(bytes) },
    {
      convertImage: mammoth.images.imgElement(async (image) => {
        images.push(new Uint8Array(await image.readAsBuffer()));
        return { src: `${imageSource}${images.length - 1}` };
      }),
    },
  );
  return { html: result.value, images };
}

async function pdfText(bytes, maxPages) {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const document = await getDocumentProxy(bytes, {
    verbosity: 0,
    disableFontFace: true,
    useSystemFonts: false,
  });
  try {
    if (document.numPages > maxPages) return { code: "TOO_MANY_PAGES" };
    const { text } = await extractText(document, { mergePages: false });
    return { text: text.join("\n\n") };
  } finally {
    await document.loadingTask.destroy();
  }
}

async function read({ kind, bytes, maxPages }) {
  if (kind === "docx-text") return docxText(bytes);
  if (kind === "docx-html") return docxHtml(bytes);
  if (kind === "pdf-text") return pdfText(bytes, maxPages);
  throw new Error(`Unknown kind of file: ${kind}`);
}

try {
  const result = await read(workerData);
  if ("code" in result) {
    parentPort.postMessage({ ok: false, code: result.code });
  } else {
    const transfer = (result.images ?? []).map((image) => image.buffer);
    parentPort.postMessage({ ok: true, ...result }, transfer);
  }
} catch {
  // A file the libraries cannot read is not what its name says; the parent names the error.
  parentPort.postMessage({ ok: false, code: "INVALID" });
}
