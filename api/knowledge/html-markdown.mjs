/**
 * HTML as the Markdown a bot's knowledge is kept in (extract.ts): headings as `#` lines,
 * paragraphs apart, lists, tables as pipe tables. Run in the extraction worker
 * (threads/file-extraction-worker.mjs), never on the server's thread: parsing HTML costs time
 * that grows with the square of its nesting (20,000 nested <div>s took 5 s), so a page is read
 * within the worker's deadline. Plain JavaScript, as the worker needs; the Markdown is written
 * with the options documents use (crm/document-content.ts).
 */
import { strikethrough, tables } from "@joplin/turndown-plugin-gfm";
import domino from "@mixmark-io/domino";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import TurndownService from "turndown";

/** What a page holds besides its content: scripts, styles, navigation, asides. */
const droppedTags = [
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "aside",
  "svg",
  "iframe",
  "object",
  "embed",
];

const turndown = new TurndownService({
  headingStyle: "atx",
  codeBlockStyle: "fenced",
  bulletListMarker: "-",
  emDelimiter: "*",
});
turndown.use([tables, strikethrough]);
turndown.remove(droppedTags);
// Pictures carry no text to teach.
turndown.addRule("image", { filter: "img", replacement: () => "" });
// A link keeps its address only where it leads somewhere from anywhere (not "/pricing", "#top").
turndown.addRule("link", {
  filter: "a",
  replacement(content, node) {
    const href = node.getAttribute("href")?.trim() ?? "";
    if (!/^(https?:|mailto:)/i.test(href) || !content.trim()) return content;
    return content.trim() === href ? href : `[${content}](${href})`;
  },
});

const oneLine = (text) => text.replace(/\s+/g, " ").trim();

/**
 * A web page (`page`) or a Word document's HTML as Markdown, and its title.
 * A page: its <main> or <article> when it has one, else its body, without what `droppedTags`
 * names, nor a header or footer of the page (an article's own header, with its heading, is
 * kept); titled by its <title>, else its first <h1>. A Word document: titled by its paragraph in
 * Word's Title style (mammoth writes it as <h1 class="title">), else "".
 * A table without a header row (as Word's are) takes its first row as one, so that it comes out
 * as a pipe table with column names rather than with an empty header.
 *
 * A page also gives the addresses of its links (`links`, as written, before anything is dropped:
 * a site's navigation is how a crawl finds its pages). A page that marks no main content is read
 * from what Mozilla's Readability takes for it, when it finds enough.
 * @param {string} html
 * @param {{ page: boolean }} options
 * @returns {{ title: string, text: string, links: string[] }}
 */
export function htmlToMarkdown(html, { page }) {
  const document = domino.createDocument(page ? html : `<body>${html}</body>`);
  let title;
  let content = document.body;
  const links = [];
  if (page) {
    for (const anchor of Array.from(document.querySelectorAll("a[href]"))) {
      const href = anchor.getAttribute("href");
      if (href && links.length < 2_000) links.push(href);
    }
    title =
      oneLine(document.title ?? "") || oneLine(document.querySelector("h1")?.textContent ?? "");
    const dropped = document.querySelectorAll([...droppedTags, "header", "footer"].join(","));
    for (const element of Array.from(dropped)) {
      const name = element.localName;
      if ((name === "header" || name === "footer") && element.parentElement?.closest("article")) {
        continue;
      }
      element.remove();
    }
    const marked = document.querySelector("main") ?? document.querySelector("article");
    const readable = marked ? null : readableContent(html);
    if (readable) {
      // A page that marks no main content: Readability's guess at it, read as a fragment.
      return fragmentToMarkdown(readable, title, links);
    }
    content = marked ?? document.body;
  } else {
    title = oneLine(document.querySelector("h1.title")?.textContent ?? "");
  }
  return contentToMarkdown(document, content, title, links);
}

/**
 * The main content of a page that marks none (no <main>, no <article>), as Mozilla's Readability
 * finds it on a DOM of linkedom's (domino's node lists are not iterable, as Readability needs);
 * null when it finds too little to call content.
 * @param {string} html
 * @returns {string | null}
 */
function readableContent(html) {
  const { document } = parseHTML(html);
  const article = new Readability(document, { charThreshold: 200 }).parse();
  return article?.content ? article.content : null;
}

/**
 * @param {string} html
 * @param {string} title
 * @param {string[]} links
 */
function fragmentToMarkdown(html, title, links) {
  const document = domino.createDocument(`<body>${html}</body>`);
  return contentToMarkdown(document, document.body, title, links);
}

/**
 * @param {Document} document
 * @param {Element | null} content
 * @param {string} title
 * @param {string[]} links
 */
function contentToMarkdown(document, content, title, links) {
  if (!content) return { title, text: "", links };
  for (const table of Array.from(content.querySelectorAll("table"))) {
    if (table.querySelector("th")) continue;
    const firstRow = table.querySelector("tr");
    for (const cell of firstRow ? Array.from(firstRow.children) : []) {
      const heading = document.createElement("th");
      for (const attribute of ["colspan", "rowspan"]) {
        const value = cell.getAttribute(attribute);
        if (value) heading.setAttribute(attribute, value);
      }
      while (cell.firstChild) heading.appendChild(cell.firstChild);
      cell.replaceWith(heading);
    }
  }
  return { title, text: turndown.turndown(content), links };
}
