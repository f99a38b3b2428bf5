import { strikethrough, tables } from "@joplin/turndown-plugin-gfm";
import { diffLines, diffWords } from "diff";
import { convert as htmlToPlainText } from "html-to-text";
import { Marked, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import TurndownService from "turndown";
import { errorOnFields } from "../errors";
import { storedFilesPath } from "../storage/avatars";
import {
  checkUnpackedSize,
  extractedImageSource,
  extractInWorker,
  UnreadableContentError,
} from "../threads/file-extraction";

/**
 * A document's text is HTML in the shape the editor (Tiptap) writes it. Whatever arrives, from the
 * editor, an import or a Markdown form, is reduced to that shape here before it is stored, so that
 * what is shown, exported and searched is only ever these tags and attributes.
 */

/** Documents are at most this many characters of HTML. */
export const maxDocumentHtml = 1_000_000;

const documentImagePattern = new RegExp(
  `^${storedFilesPath}/documents/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.webp$`,
);

const blockTags = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "li", "td", "th", "pre"];

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    ...blockTags,
    "ul",
    "ol",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "del",
    "code",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "hr",
    "br",
    "label",
    "input",
    "div",
    "span",
  ],
  allowedAttributes: {
    "*": ["dir"],
    a: ["href", "target", "rel"],
    img: ["src", "alt", "title"],
    ul: ["data-type"],
    ol: ["start"],
    li: ["data-type", "data-checked"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
    code: ["class"],
    input: ["type", "checked"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  allowedSchemesByTag: {},
  exclusiveFilter: (frame) =>
    (frame.tag === "img" && !documentImagePattern.test(frame.attribs.src ?? "")) ||
    (frame.tag === "input" && frame.attribs.type !== "checkbox"),
  transformTags: {
    b: "strong",
    i: "em",
    del: "s",
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" },
    }),
  },
};

/** The HTML reduced to the document's tags and attributes. */
export function sanitizeDocumentHtml(html: string): string {
  return sanitizeHtml(html, sanitizeOptions).trim();
}

/** The words of a document, as search and previews read them. */
export function documentText(html: string): string {
  return htmlToPlainText(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "h3", options: { uppercase: false } },
      { selector: "h4", options: { uppercase: false } },
      { selector: "h5", options: { uppercase: false } },
      { selector: "h6", options: { uppercase: false } },
      { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
    ],
  })
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

// --- Markdown in -------------------------------------------------------------------------------

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

const markdown = new Marked({
  gfm: true,
  renderer: {
    // Task lists in the editor's shape: <ul data-type="taskList"><li data-type="taskItem" …>.
    list(token: Tokens.List) {
      if (!token.items.some((item) => item.task)) return false;
      const items = token.items.map((item) => {
        const body = this.parser.parse(item.tokens.filter((part) => part.type !== "checkbox"));
        const content = item.loose ? body : `<p>${body}</p>`;
        return `<li data-type="taskItem" data-checked="${item.checked ? "true" : "false"}">${content}</li>`;
      });
      return `<ul data-type="taskList">${items.join("")}</ul>\n`;
    },
    image({ href, text }: Tokens.Image) {
      return `<img src="${escapeAttribute(href)}" alt="${escapeAttribute(text)}">`;
    },
  },
});

/** Markdown (GitHub's flavour) as document HTML. */
export function markdownToHtml(source: string): string {
  return sanitizeDocumentHtml(markdown.parse(source, { async: false }));
}

// --- Markdown out ------------------------------------------------------------------------------

const turndown = new TurndownService({
  headingStyle: "atx",
  codeBlockStyle: "fenced",
  bulletListMarker: "-",
  emDelimiter: "*",
});
turndown.use([tables, strikethrough]);
turndown.addRule("taskItem", {
  filter: (node) => node.nodeName === "LI" && node.getAttribute("data-type") === "taskItem",
  replacement(content, node) {
    const checked = (node as HTMLElement).getAttribute("data-checked") === "true";
    const text = content.replace(/^\n+/, "").replace(/\n+$/, "\n").replace(/\n/gm, "\n    ");
    return `- [${checked ? "x" : " "}] ${text.trimEnd()}\n`;
  },
});
turndown.addRule("checkbox", {
  filter: (node) => node.nodeName === "INPUT",
  replacement: () => "",
});
turndown.addRule("image", {
  filter: "img",
  replacement(_content, node) {
    const image = node as HTMLImageElement;
    const alt = (image.getAttribute("alt") ?? "").replace(/[[\]]/g, "");
    return `![${alt}](${image.getAttribute("src") ?? ""})`;
  },
});

/** The document as Markdown, a heading with its title first. */
export function documentToMarkdown(title: string, html: string): string {
  const body = turndown.turndown(html || "<p></p>").trim();
  return `# ${turndown.escape(title)}\n\n${body}\n`;
}

// --- HTML out ----------------------------------------------------------------------------------

const escapeText = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The document as a page of its own: readable offline, printable, each paragraph's direction its own. */
export function documentToHtmlPage(title: string, html: string, origin: string): string {
  // Stored images are addressed from the site's root; the saved page must find them from anywhere.
  const body = html.replace(/src="\//g, `src="${origin}/`);
  return `<!doctype html>
<html dir="auto">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}</title>
<style>
body { font-family: system-ui, "Segoe UI", "Noto Sans Arabic", sans-serif; line-height: 1.6; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
table { border-collapse: collapse; } td, th { border: 1px solid #d0d7de; padding: 0.25rem 0.5rem; }
pre { background: #f6f8fa; padding: 0.75rem; overflow-x: auto; } blockquote { border-inline-start: 3px solid #d0d7de; margin-inline: 0; padding-inline-start: 1rem; color: #57606a; }
ul[data-type="taskList"] { list-style: none; padding-inline-start: 0.25rem; } ul[data-type="taskList"] li { display: flex; gap: 0.5rem; }
img { max-width: 100%; }
</style>
</head>
<body>
<h1 dir="auto">${escapeText(title)}</h1>
${body}
</body>
</html>
`;
}

// --- Imports -----------------------------------------------------------------------------------

/** An imported file: Markdown or Word, told apart by its content, not its name. */
export type ImportedFile = { name: string; bytes: Uint8Array };

export const maxImportBytes = 10 * 1024 * 1024;

const importError = (code: string, message: string, field: string) =>
  errorOnFields("invalid", code, message, { file: field });

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * A Markdown (.md, .markdown) or Word (.docx) file as a title and document HTML; images in a
 * .docx are handed to `storeImage`, which answers with their URL (or null to leave one out).
 */
export async function importDocumentFile(
  file: ImportedFile,
  storeImage: (bytes: Uint8Array) => Promise<string | null>,
): Promise<{ title: string; content: string }> {
  if (file.bytes.byteLength > maxImportBytes) {
    throw errorOnFields("too_large", "PAYLOAD_TOO_LARGE", "The file is larger than 10 MB.", {
      file: "At most 10 MB",
    });
  }
  const extension = /\.([a-z]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";
  const stem = file.name.replace(/\.[a-z]+$/i, "").trim() || "Untitled";
  if (extension === "docx") {
    if (!isZip(file.bytes)) {
      throw importError("INVALID_DOCX", "The file is not a Word document (.docx).", "Not a .docx");
    }
    checkUnpackedSize(file.bytes);
    let read: { html: string; images: Uint8Array[] };
    try {
      read = await extractInWorker({ kind: "docx-html", bytes: file.bytes });
    } catch (error) {
      if (!(error instanceof UnreadableContentError)) throw error;
      throw importError("INVALID_DOCX", "The file is not a Word document (.docx).", "Not a .docx");
    }
    // The worker only reads; the images are stored here, in the document's order.
    const sources: string[] = [];
    for (const image of read.images) sources.push((await storeImage(image)) ?? "");
    const html = read.html.replace(
      new RegExp(`src="${extractedImageSource}(\\d+)"`, "g"),
      (_, index: string) => `src="${escapeAttribute(sources[Number(index)] ?? "")}"`,
    );
    return { title: stem, content: checkSize(sanitizeDocumentHtml(html)) };
  }
  if (extension === "md" || extension === "markdown") {
    let source: string;
    try {
      source = new TextDecoder("utf-8", { fatal: true }).decode(file.bytes).replace(/^\uFEFF/, "");
    } catch {
      throw importError("INVALID_TEXT", "The file is not UTF-8 text.", "Not UTF-8 text");
    }
    const heading = markdownTitle(source);
    const title = heading?.title || stem;
    const rest = heading ? heading.rest : source;
    return { title: title.slice(0, 200), content: checkSize(markdownToHtml(rest)) };
  }
  throw importError(
    "UNSUPPORTED_FILE",
    "Import a Markdown (.md) or Word (.docx) file.",
    "Must be .md or .docx",
  );
}

/**
 * A leading "# Title" line: its text, without the closing #s that Markdown allows ("# Title #"),
 * and the source after it. Null when the first line is not such a heading. Read by hand, without
 * a regular expression: a pattern that looks for the title's end backtracked over the spaces of a
 * long line ("# a", 2,000 spaces and a word took 3 to 12 s, the server held all along).
 */
export function markdownTitle(source: string): { title: string; rest: string } | null {
  const end = source.indexOf("\n");
  const line = end === -1 ? source : source.slice(0, end);
  if (line[0] !== "#" || (line.length > 1 && !isSpace(line[1] as string))) return null;
  let title = line.slice(1).trim();
  let closing = title.length;
  while (closing > 0 && title[closing - 1] === "#") closing--;
  // "C#" keeps its #: a closing sequence stands apart, or is all there is.
  if (closing === 0 || isSpace(title[closing - 1] as string))
    title = title.slice(0, closing).trim();
  return { title, rest: end === -1 ? "" : source.slice(end + 1) };
}

const isSpace = (character: string) => character.trim() === "";

export function checkSize(html: string): string {
  if (html.length > maxDocumentHtml) {
    throw errorOnFields("invalid", "DOCUMENT_TOO_LARGE", "The document is too long.", {
      content: "At most 1,000,000 characters",
    });
  }
  return html;
}

// --- Comparing -------------------------------------------------------------------------------

export type TextChange = { text: string; change: "same" | "added" | "removed" };

/** Past this many edits, texts are compared line by line: word by word would take too long. */
const maxWordEdits = 2_000;

/** What changed from `before` to `after`: by word, or by line when they are far apart. */
export function compareTexts(before: string, after: string): TextChange[] {
  const parts =
    diffWords(before, after, { maxEditLength: maxWordEdits }) ?? diffLines(before, after);
  return parts.map((part) => ({
    text: part.value,
    change: part.added ? "added" : part.removed ? "removed" : "same",
  }));
}
