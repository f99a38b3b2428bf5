import { parse as parseCsv } from "csv-parse/sync";
import { markdownTitle } from "../crm/document-content";
import { AppError } from "../errors";
import {
  type ExtractionLimits,
  extractInWorker,
  UnreadableContentError,
  zipEntries,
} from "../threads/file-extraction";
import { cleanText, pdfMagic, startsWith, zipMagic } from "../threads/file-text";

/**
 * The text of a file a bot is taught from, as Markdown that keeps the file's structure for the
 * chunker (chunking.ts): headings as `#` lines, paragraphs apart, lists, tables as pipe tables.
 * The extension says what a file is, and its content must agree where it can (a PDF starts with
 * `%PDF-`, a .docx is a ZIP with word/document.xml). PDF, Word and HTML files are read in the
 * worker thread that attachments use (threads/file-extraction.ts), within a deadline and a heap;
 * the route reads the upload with `readUploadCapped`.
 */

export const knowledgeFileTypes = ["txt", "md", "html", "pdf", "docx", "csv", "json"] as const;
export type KnowledgeFileType = (typeof knowledgeFileTypes)[number];

/** The largest file taught from, in bytes. */
export const knowledgeFileMaxBytes = 20 * 1024 * 1024;
/** The most a .docx may unpack to, all its entries together. */
export const maxDocxUnpackedBytes = 100 * 1024 * 1024;
/** The most a .docx may unpack to per byte it weighs, once it unpacks past `ratioCheckedFrom`. */
export const maxDocxRatio = 100;
/** Below this, a .docx is too small to harm whatever its ratio (tiny XML parts pack well). */
const ratioCheckedFrom = 10 * 1024 * 1024;
/** The most pages of a PDF read. */
export const maxPdfPages = 2_000;
/** A CSV of more columns is written as "column: value" lines, a pipe table that wide reads badly. */
export const maxCsvTableColumns = 20;

/**
 * How long and how much memory a PDF, a .docx or a page may take to read, in the worker: more
 * than an attachment, as ingestion runs in the background.
 */
export const knowledgeExtractionLimits: ExtractionLimits = {
  deadlineMs: 60_000,
  maxMemoryMb: 1024,
};

export const knowledgeFileErrorCodes = [
  "UNSUPPORTED_FILE_TYPE",
  "FILE_TOO_LARGE",
  "FILE_TOO_LARGE_UNPACKED",
  "ENCRYPTED_FILE",
  "UNREADABLE_FILE",
  "EMPTY_FILE",
] as const;
export type KnowledgeFileErrorCode = (typeof knowledgeFileErrorCodes)[number];

/** Why a file cannot be taught from: a stable code, and a message that says it in plain English. */
export class KnowledgeFileError extends Error {
  override readonly name = "KnowledgeFileError";
  constructor(
    readonly code: KnowledgeFileErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type KnowledgeFile = { name: string; type: string; bytes: Uint8Array };

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const fileTooLarge = (max: number) =>
  new KnowledgeFileError("FILE_TOO_LARGE", `The file is larger than ${megabytes(max)}.`);

/**
 * The bytes of an upload, refused (FILE_TOO_LARGE) as soon as they pass `max`: the stream is
 * cancelled there, and nothing past it is read or kept.
 */
export async function readUploadCapped(
  stream: ReadableStream<Uint8Array>,
  max: number = knowledgeFileMaxBytes,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > max) {
        void reader.cancel().catch(() => {});
        throw fileTooLarge(max);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const extensions: Record<string, KnowledgeFileType> = {
  txt: "txt",
  text: "txt",
  md: "md",
  markdown: "md",
  html: "html",
  htm: "html",
  pdf: "pdf",
  docx: "docx",
  csv: "csv",
  json: "json",
};

const mediaTypes: Record<string, KnowledgeFileType> = {
  "text/plain": "txt",
  "text/markdown": "md",
  "text/html": "html",
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "text/csv": "csv",
  "application/json": "json",
};

/** The type by the name's extension; by the media type only for a name without one. */
function fileType(file: KnowledgeFile): KnowledgeFileType {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const type = extension
    ? extensions[extension]
    : mediaTypes[file.type.split(";")[0]?.trim().toLowerCase() ?? ""];
  if (!type) {
    throw new KnowledgeFileError(
      "UNSUPPORTED_FILE_TYPE",
      "This type of file is not supported: upload a text (.txt), Markdown (.md), HTML (.html), PDF (.pdf), Word (.docx), CSV (.csv) or JSON (.json) file.",
    );
  }
  return type;
}

/**
 * The text of a knowledge file as Markdown, and its title: the document's own (a PDF's or a Word
 * document's properties, a page's <title> or first <h1>, a Markdown file's leading `# ` heading),
 * else the file's name without its extension. Throws a KnowledgeFileError.
 */
export async function extractKnowledgeText(
  file: KnowledgeFile,
  limits: ExtractionLimits = knowledgeExtractionLimits,
): Promise<{ title: string; text: string }> {
  if (file.bytes.byteLength > knowledgeFileMaxBytes) throw fileTooLarge(knowledgeFileMaxBytes);
  const type = fileType(file);
  const extracted = await read(type, file.bytes, limits);
  const text = cleanText(extracted.text);
  if (!text) {
    throw new KnowledgeFileError(
      "EMPTY_FILE",
      type === "pdf"
        ? "The PDF has no text to read: a scanned PDF is pictures of text."
        : "The file has no text to read.",
    );
  }
  const stem = file.name.replace(/\.[a-z0-9]+$/i, "").trim() || "Untitled";
  const title = oneLine(extracted.title ?? "") || stem;
  return { title: title.slice(0, 200), text };
}

type Extracted = { title?: string; text: string };

/** The reader of the type; a file nested deeper than a reader's recursion reaches is unreadable. */
async function read(
  type: KnowledgeFileType,
  bytes: Uint8Array,
  limits: ExtractionLimits,
): Promise<Extracted> {
  try {
    return await readers[type](bytes, limits);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new KnowledgeFileError("UNREADABLE_FILE", "The file is nested too deeply to read.", {
      cause: error,
    });
  }
}

type Reader = (bytes: Uint8Array, limits: ExtractionLimits) => Promise<Extracted> | Extracted;

const readers: Record<KnowledgeFileType, Reader> = {
  txt: (bytes) => ({ text: decodeText(bytes) }),
  md: readMarkdown,
  html: readHtml,
  pdf: readPdf,
  docx: readDocx,
  csv: (bytes) => ({ text: csvToMarkdown(decodeText(bytes)) }),
  json: readJson,
};

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

// --- Text --------------------------------------------------------------------------------------

const notText = () =>
  new KnowledgeFileError(
    "UNREADABLE_FILE",
    "The file is not text in UTF-8: save it as UTF-8 text and upload it again.",
  );

/**
 * Bytes as text: UTF-8, or UTF-16 when a byte order mark says so; `label` is the encoding an
 * HTML page declares. A NUL byte, or bytes that are not UTF-8, say the file is not text.
 */
function decodeText(bytes: Uint8Array, label?: string): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder("utf-16le").decode(bytes);
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder("utf-16be").decode(bytes);
  if (bytes.includes(0)) throw notText();
  if (label && !startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    try {
      const decoder = new TextDecoder(label);
      if (decoder.encoding !== "utf-8") return decoder.decode(bytes);
    } catch {
      // An encoding TextDecoder does not know: read as UTF-8.
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw notText();
  }
}

function readMarkdown(bytes: Uint8Array): Extracted {
  const text = decodeText(bytes).replace(/\r\n?/g, "\n");
  return { title: markdownTitle(text.trimStart())?.title, text };
}

// --- HTML --------------------------------------------------------------------------------------

/** The encoding a page declares in its first kilobyte (<meta charset>), as browsers look for it. */
function htmlCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
}

const notHtml = () =>
  new KnowledgeFileError("UNREADABLE_FILE", "The file could not be read as an HTML page.");

/**
 * A page as Markdown, read in the worker (html-markdown.mjs: its <main> or <article>, without
 * scripts, navigation, headers and footers), as UTF-8 whatever the encoding it came in.
 */
function readHtml(bytes: Uint8Array, limits: ExtractionLimits): Promise<Extracted> {
  const html = new TextEncoder().encode(decodeText(bytes, htmlCharset(bytes)));
  return inWorker({ kind: "html-markdown", bytes: html, page: true }, notHtml, limits);
}

// --- Word --------------------------------------------------------------------------------------

const notWord = () =>
  new KnowledgeFileError(
    "UNREADABLE_FILE",
    "The file could not be read as a Word document (.docx): it is damaged or not a .docx.",
  );

/** An OLE2 compound file: an older Word document (.doc), or a .docx locked with a password. */
const compoundFileMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream a password-locked Office file keeps its content in, named in UTF-16. */
const encryptedPackage = Buffer.from("EncryptedPackage", "utf16le");

async function readDocx(bytes: Uint8Array, limits: ExtractionLimits): Promise<Extracted> {
  if (startsWith(bytes, compoundFileMagic)) {
    if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(encryptedPackage)) {
      throw new KnowledgeFileError(
        "ENCRYPTED_FILE",
        "The Word document is protected with a password: remove the password and upload it again.",
      );
    }
    throw new KnowledgeFileError(
      "UNSUPPORTED_FILE_TYPE",
      "This is an older Word document (.doc): save it as .docx and upload it again.",
    );
  }
  const entries = startsWith(bytes, zipMagic) ? zipEntries(bytes) : null;
  if (!entries?.some((entry) => entry.name === "word/document.xml")) throw notWord();
  // A zip bomb is refused on what its central directory declares, before anything is unpacked;
  // one whose directory lies comes out cut short in the worker (file-extraction-worker.mjs).
  const unpacked = entries.reduce((sum, entry) => sum + entry.originalSize, 0);
  if (
    unpacked > maxDocxUnpackedBytes ||
    (unpacked > ratioCheckedFrom && unpacked / bytes.byteLength > maxDocxRatio)
  ) {
    throw new KnowledgeFileError(
      "FILE_TOO_LARGE_UNPACKED",
      `The Word document unpacks to ${megabytes(unpacked)}, past the limits of ${megabytes(maxDocxUnpackedBytes)} and of ${maxDocxRatio} times its own size.`,
    );
  }
  return inWorker({ kind: "docx-markdown", bytes }, notWord, limits);
}

// --- PDF ---------------------------------------------------------------------------------------

const notPdf = () =>
  new KnowledgeFileError(
    "UNREADABLE_FILE",
    "The file could not be read as a PDF: it is damaged or not a PDF.",
  );

async function readPdf(bytes: Uint8Array, limits: ExtractionLimits): Promise<Extracted> {
  if (!startsWith(bytes, pdfMagic)) throw notPdf();
  const read = await inWorker({ kind: "pdf-text", bytes, maxPages: maxPdfPages }, notPdf, limits);
  // Word's PDFs are often titled with the file they came from ("Microsoft Word - plan.docx").
  const named = /^Microsoft Word - |\.(docx?|pdf|odt|rtf|pages)$/i.test(read.title);
  return { title: named ? "" : read.title, text: read.text };
}

/** A worker's reading, its refusals as KnowledgeFileErrors (`invalid` for a file it cannot read). */
async function inWorker<T extends Parameters<typeof extractInWorker>[0]>(
  task: T,
  invalid: () => KnowledgeFileError,
  limits: ExtractionLimits,
) {
  try {
    return await extractInWorker(task, limits);
  } catch (error) {
    if (error instanceof UnreadableContentError) {
      if (error.code === "ENCRYPTED") {
        throw new KnowledgeFileError(
          "ENCRYPTED_FILE",
          "The PDF is protected with a password: remove the password and upload it again.",
        );
      }
      if (error.code === "TOO_MANY_PAGES") {
        throw new KnowledgeFileError(
          "FILE_TOO_LARGE",
          `The PDF has more than ${maxPdfPages.toLocaleString("en")} pages.`,
        );
      }
      throw invalid();
    }
    if (error instanceof AppError && error.code === "FILE_UNREADABLE") {
      throw new KnowledgeFileError(
        "UNREADABLE_FILE",
        "The file could not be read: it takes too long or too much memory to open.",
        { cause: error },
      );
    }
    throw error;
  }
}

// --- CSV ---------------------------------------------------------------------------------------

/** The separator of a CSV's first line: a comma, or the semicolon or tab that some exports use. */
function csvDelimiter(source: string): string {
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, "");
  let best = ",";
  for (const candidate of [";", "\t"]) {
    if (outsideQuotes.split(candidate).length > outsideQuotes.split(best).length) best = candidate;
  }
  return best;
}

/**
 * A CSV as a pipe table whose header is its first row, or, past `maxCsvTableColumns` columns,
 * as one paragraph per row of "column: value" lines (empty values left out).
 */
export function csvToMarkdown(source: string): string {
  let rows: string[][];
  try {
    rows = parseCsv(source, {
      bom: true,
      delimiter: csvDelimiter(source),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    throw new KnowledgeFileError(
      "UNREADABLE_FILE",
      `The CSV file could not be read: ${error instanceof Error ? error.message : "it is malformed"}.`,
      { cause: error },
    );
  }
  const cell = (value: string | undefined) => oneLine(value ?? "");
  rows = rows.map((row) => row.map(cell)).filter((row) => row.some(Boolean));
  const [header, ...body] = rows;
  if (!header) return "";
  const width = Math.max(...rows.map((row) => row.length));
  const columns = Array.from(
    { length: width },
    (_, index) => header[index] || `Column ${index + 1}`,
  );
  if (width > maxCsvTableColumns) {
    return body
      .map((row) =>
        row
          .map((value, index) => (value ? `${columns[index]}: ${value}` : ""))
          .filter(Boolean)
          .join("\n"),
      )
      .join("\n\n");
  }
  const line = (values: string[]) =>
    `| ${columns.map((_, index) => (values[index] ?? "").replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(columns), `| ${columns.map(() => "---").join(" | ")} |`, ...body.map(line)].join(
    "\n",
  );
}

// --- JSON --------------------------------------------------------------------------------------

function readJson(bytes: Uint8Array): Extracted {
  let value: unknown;
  try {
    value = JSON.parse(decodeText(bytes));
  } catch (error) {
    if (error instanceof KnowledgeFileError) throw error;
    throw new KnowledgeFileError("UNREADABLE_FILE", "The file is not valid JSON.", {
      cause: error,
    });
  }
  return { text: jsonToMarkdown(value) };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isRecord = (value: unknown): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * JSON as paragraphs of "path: value" lines: an object's values each on its line, nested keys
 * joined by dots ("address.city: Riyadh"), a list of plain values on one line ("tags: a, b");
 * each object of an array is a paragraph of its own, its path numbered ("items[2].name"), the
 * top level's without a path. Null and empty values are left out.
 */
export function jsonToMarkdown(value: unknown): string {
  const paragraphs: string[][] = [];
  const paragraph = () => {
    const lines: string[] = [];
    paragraphs.push(lines);
    return lines;
  };
  const scalar = (item: Json) => (typeof item === "string" ? oneParagraph(item) : String(item));
  const walk = (item: Json, path: string, into: string[]) => {
    if (item === null || item === "") return;
    if (Array.isArray(item)) {
      const values = item.filter((entry) => entry !== null && entry !== "");
      if (path && values.every((entry) => typeof entry !== "object")) {
        if (values.length) into.push(`${path}: ${values.map(scalar).join(", ")}`);
        return;
      }
      // Each object (or, at the top level, each value) of the array is a paragraph of its own.
      values.forEach((entry, index) => {
        const itemPath = path ? `${path}[${index}]` : "";
        walk(entry, itemPath, typeof entry === "object" || !path ? paragraph() : into);
      });
      return;
    }
    if (isRecord(item)) {
      for (const [key, entry] of Object.entries(item)) {
        walk(entry, path ? `${path}.${key}` : key, into);
      }
      return;
    }
    into.push(path ? `${path}: ${scalar(item)}` : scalar(item));
  };
  walk(value as Json, "", paragraph());
  return paragraphs
    .filter((lines) => lines.length)
    .map((lines) => lines.join("\n"))
    .join("\n\n");
}

/** A text value within a paragraph: its blank lines closed up, so that it does not end one. */
const oneParagraph = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .replace(/\n\s*\n+/g, "\n")
    .trim();

// --- Web pages ---------------------------------------------------------------------------------

/**
 * A page of a website a bot is taught from: HTML as Markdown (its main content, as an uploaded
 * page is read) with its title and the addresses of its links, or plain text as it is. Read in the
 * worker, within the ingestion's deadline.
 */
export async function readWebPage(
  bytes: Uint8Array,
  contentType: string,
): Promise<{ title: string; text: string; links: string[] }> {
  const declared = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1];
  if (!/html/i.test(contentType)) {
    return { title: "", text: cleanText(decodeText(bytes, declared)), links: [] };
  }
  const html = new TextEncoder().encode(decodeText(bytes, declared ?? htmlCharset(bytes)));
  const read = await inWorker(
    { kind: "html-markdown", bytes: html, page: true },
    notHtml,
    knowledgeExtractionLimits,
  );
  return { title: read.title, text: read.text, links: read.links };
}
