/**
 * Reads a Word document or a PDF in a worker thread, so that a file built to be expensive (a
 * zip bomb, a PDF of deeply nested objects) costs this thread's memory and time, which the
 * parent caps (file-extraction.ts), and never the server's event loop.
 *
 * Plain JavaScript that imports only JavaScript packages: the worker runs the same under
 * `tsx server.ts` and under vitest, with no TypeScript loader.
 *
 * In: `workerData` = { kind: "docx-text" | "docx-html" | "pdf-text" | "docx-markdown" |
 * "html-markdown", bytes: Uint8Array, maxPages, imageSource, page }.
 * Out: one message, { ok: true, text } (pdf-text also the title its metadata gives, or ""),
 * { ok: true, html, images } (docx-html: each image is `src="<imageSource><index>"` in the HTML,
 * its bytes at that index), { ok: true, text, title } (the Markdown of a .docx or of UTF-8 HTML,
 * a whole page when `page`: knowledge/html-markdown.mjs), or { ok: false, code } (INVALID,
 * TOO_MANY_PAGES, ENCRYPTED: a PDF that asks for a password).
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

/** The dc:title of a .docx's core properties (docProps/core.xml), or "". */
function coreTitle(bytes) {
  const core = unzipSync(bytes, { filter: (entry) => entry.name === "docProps/core.xml" })[
    "docProps/core.xml"
  ];
  if (!core) return "";
  const title = /<dc:title>([^<]*)<\/dc:title>/.exec(Buffer.from(core).toString("utf8"))?.[1] ?? "";
  return title
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();
}

async function docxText(bytes) {
  const { default: mammoth } = await import("mammoth");
  return { text: (await mammoth.extractRawText({ buffer: repacked(bytes) })).value };
}

async function docxHtml(bytes, { withImages = true, styleMap } = {}) {
  const { default: mammoth } = await import("mammoth");
  const images = [];
  const result = await mammoth.convertToHtml(
    { buffer: repacked(bytes) },
    {
      styleMap,
      convertImage: mammoth.images.imgElement(async (image) => {
        if (!withImages) return { src: "" };
        images.push(new Uint8Array(await image.readAsBuffer()));
        return { src: `${imageSource}${images.length - 1}` };
      }),
    },
  );
  return { html: result.value, images };
}

/** A .docx as Markdown, titled by its core properties, else by its paragraph in the Title style. */
async function docxMarkdown(bytes) {
  const { htmlToMarkdown } = await import("../knowledge/html-markdown.mjs");
  const { html } = await docxHtml(bytes, {
    withImages: false,
    styleMap: ["p[style-name='Title'] => h1.title:fresh", "p.Title => h1.title:fresh"],
  });
  const { title, text } = htmlToMarkdown(html, { page: false });
  return { text, title: coreTitle(bytes) || title };
}

async function htmlMarkdown(bytes, page) {
  const { htmlToMarkdown } = await import("../knowledge/html-markdown.mjs");
  return htmlToMarkdown(Buffer.from(bytes).toString("utf8"), { page });
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
    const { info } = await document.getMetadata().catch(() => ({ info: {} }));
    const title = typeof info?.Title === "string" ? info.Title.trim() : "";
    return { text: text.join("\n\n"), title };
  } finally {
    await document.loadingTask.destroy();
  }
}

async function read({ kind, bytes, maxPages, page }) {
  if (kind === "docx-text") return docxText(bytes);
  if (kind === "docx-html") return docxHtml(bytes);
  if (kind === "docx-markdown") return docxMarkdown(bytes);
  if (kind === "html-markdown") return htmlMarkdown(bytes, page);
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
} catch (error) {
  // A file the libraries cannot read is not what its name says, unless pdf.js asked for the
  // password it is locked with; the parent names the error.
  const encrypted = error?.name === "PasswordException";
  parentPort.postMessage({ ok: false, code: encrypted ? "ENCRYPTED" : "INVALID" });
}
