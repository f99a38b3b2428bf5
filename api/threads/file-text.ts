import { AppError, errorOnFields } from "../errors";
import { checkUnpackedSize, extractInWorker, UnreadableContentError } from "./file-extraction";

/**
 * The text of a file a member gives a model to read: plain text (.txt), Markdown (.md), PDF (.pdf)
 * or Word (.docx). The name says which it claims to be, the content must agree (a PDF starts with
 * `%PDF-`, a .docx is a ZIP that mammoth reads, text is UTF-8 without NUL); the file is not kept.
 */

/** The largest file read, in bytes. */
export const maxFileBytes = 10 * 1024 * 1024;
/** The most text kept of a file, in characters: past it the file is refused. */
export const maxFileText = 200_000;
/** The most pages of a PDF read. */
const maxPdfPages = 1_000;

export const fileMediaTypes = {
  txt: "text/plain",
  md: "text/markdown",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;

export type FileKind = keyof typeof fileMediaTypes;

export type FileText = { kind: FileKind; mediaType: string; text: string };

const extensions: Record<string, FileKind> = {
  txt: "txt",
  text: "txt",
  md: "md",
  markdown: "md",
  pdf: "pdf",
  docx: "docx",
};

const refuse = (code: string, message: string, field: string) =>
  errorOnFields("invalid", code, message, { file: field });

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** The text as it is kept: control characters but tabs and line breaks removed, lines joined by \n. */
export function cleanText(text: string): string {
  return text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(controlCharacters, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

export const pdfMagic = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
export const zipMagic = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4

const tooManyPages = () =>
  refuse("TOO_MANY_PAGES", "The PDF has too many pages.", `At most ${maxPdfPages} pages`);

/**
 * The text of a file, or 422 on `file`: UNSUPPORTED_FILE (another kind of file), INVALID_PDF,
 * INVALID_DOCX, INVALID_TEXT (content that is not what the name says), NO_TEXT (nothing to
 * read, as in a scanned PDF), TEXT_TOO_LONG (more than `maxFileText` characters), TOO_MANY_PAGES,
 * FILE_UNREADABLE (a PDF or .docx that takes too long or too much memory to read); 413
 * FILE_TOO_LARGE past `maxFileBytes`, UNPACKED_TOO_LARGE for a .docx that unpacks past its cap.
 * PDF and Word files are read in a worker thread (file-extraction.ts).
 */
export async function readFileText(name: string, bytes: Uint8Array): Promise<FileText> {
  if (bytes.byteLength > maxFileBytes) {
    throw new AppError("too_large", "FILE_TOO_LARGE", "The file is larger than 10 MB.", {
      file: { code: "FILE_TOO_LARGE", message: "At most 10 MB" },
    });
  }
  const extension = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase() ?? "";
  const kind = extensions[extension];
  if (!kind) {
    throw refuse(
      "UNSUPPORTED_FILE",
      "Attach a text (.txt), Markdown (.md), PDF (.pdf) or Word (.docx) file.",
      "Must be .txt, .md, .pdf or .docx",
    );
  }
  let raw: string;
  if (kind === "pdf") {
    const invalid = () => refuse("INVALID_PDF", "The file is not a PDF.", "Not a PDF");
    if (!startsWith(bytes, pdfMagic)) throw invalid();
    try {
      raw = (await extractInWorker({ kind: "pdf-text", bytes, maxPages: maxPdfPages })).text;
    } catch (error) {
      if (error instanceof UnreadableContentError) {
        throw error.code === "TOO_MANY_PAGES" ? tooManyPages() : invalid();
      }
      throw error;
    }
  } else if (kind === "docx") {
    const invalid = () =>
      refuse("INVALID_DOCX", "The file is not a Word document (.docx).", "Not a .docx");
    if (!startsWith(bytes, zipMagic)) throw invalid();
    checkUnpackedSize(bytes);
    try {
      raw = (await extractInWorker({ kind: "docx-text", bytes })).text;
    } catch (error) {
      if (error instanceof UnreadableContentError) throw invalid();
      throw error;
    }
  } else {
    const invalid = () => refuse("INVALID_TEXT", "The file is not UTF-8 text.", "Not UTF-8 text");
    // A text file has no NUL byte; a PDF or an image renamed .txt has some.
    if (bytes.includes(0)) throw invalid();
    try {
      raw = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw invalid();
    }
  }
  const text = cleanText(raw);
  if (!text) {
    throw refuse(
      "NO_TEXT",
      "The file has no text to read (a scanned PDF is pictures of text).",
      "No text in the file",
    );
  }
  if (text.length > maxFileText) {
    throw refuse(
      "TEXT_TOO_LONG",
      `The file's text is longer than ${maxFileText.toLocaleString("en")} characters.`,
      `At most ${maxFileText.toLocaleString("en")} characters of text`,
    );
  }
  return { kind, mediaType: fileMediaTypes[kind], text };
}
