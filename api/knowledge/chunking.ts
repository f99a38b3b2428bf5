import { marked, type Token, type Tokens } from "marked";

/** How a source's text is cut: the longest chunk and what each repeats of the one before, in characters. */
export type ChunkOptions = { size: number; overlap: number };

export const chunkLimits = {
  size: { min: 200, max: 4000, default: 1000 },
  overlap: { min: 0, max: 1000, default: 150 },
} as const;

/** A piece of a source: its text and the headings it stands under ("Pricing › Refunds"). */
export type TextChunk = { heading: string; text: string };

type Block = { text: string; table: boolean };

const sentences = new Intl.Segmenter(undefined, { granularity: "sentence" });
const words = new Intl.Segmenter(undefined, { granularity: "word" });

/**
 * Cuts Markdown (every source's text is Markdown by then: knowledge/extract.ts) along its
 * structure: a heading starts a chunk and names the chunks under it; paragraphs, lists, code and
 * tables are kept whole while they fit, and gathered up to `size` characters. A block longer
 * than `size` is cut between sentences (a table between rows, its header repeated), and each of
 * its pieces after the first begins with the last `overlap` characters of the one before, so a
 * sentence's context is not lost at the cut.
 */
export function chunkText(markdown: string, options: ChunkOptions): TextChunk[] {
  const size = Math.max(chunkLimits.size.min, options.size);
  const overlap = Math.min(Math.max(0, options.overlap), Math.floor(size / 2));
  const chunks: TextChunk[] = [];
  const headings: string[] = [];
  let blocks: Block[] = [];

  const flush = () => {
    const heading = headings.filter(Boolean).join(" › ");
    for (const text of gather(blocks, size, overlap)) chunks.push({ heading, text });
    blocks = [];
  };

  for (const token of marked.lexer(markdown.replace(/\r\n?/g, "\n"))) {
    if (token.type === "heading") {
      flush();
      const level = (token as Tokens.Heading).depth;
      headings.length = Math.min(headings.length, level - 1);
      while (headings.length < level - 1) headings.push("");
      headings.push(plain(token as Tokens.Heading));
      continue;
    }
    if (token.type === "space" || token.type === "hr" || token.type === "def") continue;
    const text = token.raw.trim();
    if (text) blocks.push({ text, table: token.type === "table" });
  }
  flush();
  return chunks;
}

/** A heading's words without its Markdown (links, emphasis, code). */
function plain(token: Tokens.Heading): string {
  const walk = (tokens: Token[] | undefined): string =>
    (tokens ?? [])
      .map((t) => ("tokens" in t && t.tokens ? walk(t.tokens) : "text" in t ? t.text : ""))
      .join("");
  return walk(token.tokens).replace(/\s+/g, " ").trim();
}

/** Gathers a section's blocks into chunks of at most `size`, cutting the blocks that do not fit. */
function gather(blocks: Block[], size: number, overlap: number): string[] {
  const out: string[] = [];
  let current = "";
  const push = () => {
    if (current.trim()) out.push(current.trim());
    current = "";
  };
  for (const block of blocks) {
    if (block.text.length > size) {
      push();
      const pieces = block.table ? tableRows(block.text, size) : cut(block.text, size, overlap);
      out.push(...pieces);
      continue;
    }
    if (current && current.length + 2 + block.text.length > size) push();
    current = current ? `${current}\n\n${block.text}` : block.text;
  }
  push();
  return out;
}

/** A long paragraph in pieces of at most `size`, cut after a sentence, each with the last `overlap` of the one before. */
function cut(text: string, size: number, overlap: number): string[] {
  const parts = [...sentences.segment(text)].flatMap(({ segment }) =>
    segment.length > size ? byWords(segment, size) : [segment],
  );
  const out: string[] = [];
  let current = "";
  for (const part of parts) {
    if (current && current.length + part.length > size) {
      out.push(current.trim());
      current = tail(current, overlap);
    }
    current += part;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** A sentence longer than a chunk, cut between words (or anywhere, for a word that long). */
function byWords(text: string, size: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const { segment } of words.segment(text)) {
    if (current.length + segment.length > size) {
      if (current) out.push(current);
      current = "";
      let rest = segment;
      while (rest.length > size) {
        out.push(rest.slice(0, size));
        rest = rest.slice(size);
      }
      current = rest;
      continue;
    }
    current += segment;
  }
  if (current) out.push(current);
  return out;
}

/** The end of a piece that the next one repeats: at most `overlap` characters, from a word's start. */
function tail(text: string, overlap: number): string {
  if (overlap === 0) return "";
  const end = text.slice(-overlap);
  const space = end.search(/\s/);
  return space > 0 ? end.slice(space).trimStart() : end;
}

/** A table too long for one chunk, cut between rows, each piece with the header again. */
function tableRows(table: string, size: number): string[] {
  const lines = table.split("\n");
  const header = lines.slice(0, 2).join("\n");
  const out: string[] = [];
  let current = header;
  for (const row of lines.slice(2)) {
    if (current !== header && current.length + 1 + row.length > size) {
      out.push(current);
      current = header;
    }
    current = `${current}\n${row}`;
  }
  if (current !== header) out.push(current);
  return out;
}
