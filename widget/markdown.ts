import { safeUrl } from "./theme";

/**
 * A small, safe Markdown subset for the bot's answers: paragraphs with line breaks, headings,
 * lists, quotes, code, emphasis, strike-through and links. The text is parsed into a tree and
 * the tree is built with `createElement` and text nodes, never `innerHTML`: HTML in an answer is
 * shown as the text it is, and a link keeps only an http or https address.
 */

export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "br" }
  | { type: "strong" | "em" | "del"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

export type Block =
  | { type: "paragraph"; children: Inline[] }
  | { type: "heading"; level: number; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "quote"; children: Block[] }
  | { type: "list"; ordered: boolean; start: number; items: Inline[][] }
  | { type: "rule" };

const fence = /^\s{0,3}(`{3,}|~{3,})/;
const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const quote = /^\s{0,3}>\s?(.*)$/;
const listItem = /^\s{0,3}([-*+]|(\d{1,9})[.)])\s+(.*)$/;
const rule = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const maxDepth = 6;

/** Parses an answer (possibly cut mid-stream) into blocks. */
export function parseMarkdown(source: string, depth = 0): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  const starts = (line: string) =>
    fence.test(line) ||
    heading.test(line) ||
    quote.test(line) ||
    listItem.test(line) ||
    rule.test(line);

  while (i < lines.length) {
    const line = lines[i] as string;
    if (line.trim() === "") {
      i += 1;
      continue;
    }
    const opened = fence.exec(line);
    if (opened) {
      const marker = opened[1] as string;
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !(lines[i] as string).trim().startsWith(marker)) {
        code.push(lines[i] as string);
        i += 1;
      }
      i += 1;
      blocks.push({ type: "code", text: code.join("\n") });
      continue;
    }
    if (rule.test(line)) {
      blocks.push({ type: "rule" });
      i += 1;
      continue;
    }
    const title = heading.exec(line);
    if (title) {
      blocks.push({
        type: "heading",
        level: (title[1] as string).length,
        children: parseInline(title[2] as string, depth),
      });
      i += 1;
      continue;
    }
    if (quote.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && quote.test(lines[i] as string)) {
        quoted.push((quote.exec(lines[i] as string) as RegExpExecArray)[1] as string);
        i += 1;
      }
      const inner = quoted.join("\n");
      blocks.push({
        type: "quote",
        children:
          depth < maxDepth
            ? parseMarkdown(inner, depth + 1)
            : [{ type: "paragraph", children: [{ type: "text", text: inner }] }],
      });
      continue;
    }
    const first = listItem.exec(line);
    if (first) {
      const ordered = first[2] !== undefined;
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i] as string;
        const item = listItem.exec(current);
        if (item && (item[2] !== undefined) === ordered) {
          items.push(item[3] as string);
        } else if (current.trim() !== "" && /^\s/.test(current) && items.length > 0) {
          // An indented line continues the item above it.
          items[items.length - 1] += `\n${current.trim()}`;
        } else {
          break;
        }
        i += 1;
      }
      blocks.push({
        type: "list",
        ordered,
        start: ordered ? Number(first[2]) : 1,
        items: items.map((item) => parseInline(item, depth)),
      });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length) {
      const current = lines[i] as string;
      if (current.trim() === "" || (paragraph.length > 0 && starts(current))) break;
      paragraph.push(current.trim());
      i += 1;
    }
    blocks.push({ type: "paragraph", children: parseInline(paragraph.join("\n"), depth) });
  }
  return blocks;
}

// Spans are at most 1,000 characters, so that text with many unclosed markers parses in
// linear time rather than scanning to its end from each of them.
const inlinePattern = new RegExp(
  [
    /(`+)([^`]|[^`][\s\S]{0,1000}?[^`])\1(?!`)/, // 1, 2: code
    /\*\*(?=\S)([\s\S]{0,1000}?\S)\*\*/, // 3: strong
    /__(?=\S)([\s\S]{0,1000}?\S)__/, // 4: strong
    /~~(?=\S)([\s\S]{0,1000}?\S)~~/, // 5: del
    /\*(?=[^\s*])([\s\S]{0,1000}?[^\s*])\*/, // 6: em
    /_(?=[^\s_])([\s\S]{0,1000}?[^\s_])_(?!\w)/, // 7: em
    /\[([^\]\n]{1,500})\]\(\s*<?([^\s<>()]*(?:\([^\s<>()]*\)[^\s<>()]*)*)>?(?:\s+"[^"\n]*")?\s*\)/, // 8, 9: link
    /\bhttps?:\/\/[^\s<>"]*[^\s<>".,:;'!?)\]]/, // autolink
    /\n/, // line break
  ]
    .map((part) => part.source)
    .join("|"),
  "g",
);

/** Parses emphasis, code, links and line breaks; anything else is text. */
export function parseInline(source: string, depth = 0): Inline[] {
  const nodes: Inline[] = [];
  let text = "";
  const flush = () => {
    if (text) nodes.push({ type: "text", text });
    text = "";
  };
  const inner = (value: string) =>
    depth < maxDepth ? parseInline(value, depth + 1) : [{ type: "text" as const, text: value }];

  const pattern = new RegExp(inlinePattern.source, "g");
  let at = 0;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const [whole, , code, strong, strongUnderscore, del, em, emUnderscore, label, href] = match;
    // Intra-word underscores (snake_case) are text, as in CommonMark.
    if (emUnderscore !== undefined || strongUnderscore !== undefined) {
      const before = source[match.index - 1];
      if (before && /\w/.test(before)) {
        pattern.lastIndex = match.index + 1;
        continue;
      }
    }
    text += source.slice(at, match.index);
    at = match.index + whole.length;
    if (code !== undefined) {
      flush();
      const trimmed = /^ .* $/.test(code) && code.trim() ? code.slice(1, -1) : code;
      nodes.push({ type: "code", text: trimmed });
    } else if (strong !== undefined || strongUnderscore !== undefined) {
      flush();
      nodes.push({ type: "strong", children: inner((strong ?? strongUnderscore) as string) });
    } else if (del !== undefined) {
      flush();
      nodes.push({ type: "del", children: inner(del) });
    } else if (em !== undefined || emUnderscore !== undefined) {
      flush();
      nodes.push({ type: "em", children: inner((em ?? emUnderscore) as string) });
    } else if (label !== undefined) {
      const safe = safeUrl(href);
      flush();
      if (safe) nodes.push({ type: "link", href: safe, children: unlinked(inner(label)) });
      // A link to anything but http or https keeps its words, not its address.
      else nodes.push(...inner(label));
    } else if (whole === "\n") {
      flush();
      nodes.push({ type: "br" });
    } else {
      const safe = safeUrl(whole);
      flush();
      if (safe) nodes.push({ type: "link", href: safe, children: [{ type: "text", text: whole }] });
      else text += whole;
    }
  }
  text += source.slice(at);
  flush();
  return nodes;
}

/** A link's words: a link inside them (an address as its label) becomes its words. */
function unlinked(nodes: Inline[]): Inline[] {
  return nodes.flatMap((node) => {
    if (node.type === "link") return unlinked(node.children);
    if ("children" in node) return [{ ...node, children: unlinked(node.children) }];
    return [node];
  });
}

/** The part of a DOM `Document` the renderer uses, so that a test can pass its own. */
export type DocumentLike = Pick<
  Document,
  "createElement" | "createTextNode" | "createDocumentFragment"
>;

/** A link opens in a new tab, tells nothing of the page, and vouches for nothing. */
const linkRel = "noopener noreferrer nofollow";

/** Builds the blocks as DOM nodes in a fragment. */
export function renderMarkdown(source: string, doc: DocumentLike): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  for (const block of parseMarkdown(source)) fragment.append(renderBlock(block, doc));
  return fragment;
}

function renderBlock(block: Block, doc: DocumentLike): Node {
  switch (block.type) {
    case "paragraph":
      return withInlines(doc.createElement("p"), block.children, doc);
    case "heading": {
      // Headings inside an answer are not the page's outline: strong paragraphs.
      const element = withInlines(doc.createElement("p"), block.children, doc);
      element.className = `heading h${block.level}`;
      return element;
    }
    case "code": {
      const pre = doc.createElement("pre");
      const code = doc.createElement("code");
      code.append(doc.createTextNode(block.text));
      pre.append(code);
      return pre;
    }
    case "quote": {
      const element = doc.createElement("blockquote");
      for (const child of block.children) element.append(renderBlock(child, doc));
      return element;
    }
    case "list": {
      const list = doc.createElement(block.ordered ? "ol" : "ul");
      if (block.ordered && block.start !== 1) list.setAttribute("start", String(block.start));
      for (const item of block.items) list.append(withInlines(doc.createElement("li"), item, doc));
      return list;
    }
    case "rule":
      return doc.createElement("hr");
  }
}

function withInlines<T extends HTMLElement>(element: T, nodes: Inline[], doc: DocumentLike): T {
  for (const node of nodes) element.append(renderInline(node, doc));
  return element;
}

function renderInline(node: Inline, doc: DocumentLike): Node {
  switch (node.type) {
    case "text":
      return doc.createTextNode(node.text);
    case "code": {
      const code = doc.createElement("code");
      code.append(doc.createTextNode(node.text));
      return code;
    }
    case "br":
      return doc.createElement("br");
    case "strong":
    case "em":
    case "del":
      return withInlines(doc.createElement(node.type), node.children, doc);
    case "link": {
      const link = withInlines(doc.createElement("a"), node.children, doc);
      link.setAttribute("href", node.href);
      link.setAttribute("target", "_blank");
      link.setAttribute("rel", linkRel);
      return link;
    }
  }
}
