/**
 * An ILIKE pattern that finds `search` anywhere, as typed: `%`, `_` and `\` match themselves.
 * Null for an empty search.
 */
export function containsPattern(search: string | undefined): string | null {
  const trimmed = search?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
}

// --- Full-text search in English and Arabic (migration 0012, docs/search.md) ------------------

const arabicMarks = /[\u064B-\u065F\u0670\u0640]/;
const letterMap: Record<string, string> = {
  أ: "ا",
  إ: "ا",
  آ: "ا",
  ٱ: "ا",
  ؤ: "و",
  ئ: "ي",
  ة: "ه",
  ى: "ي",
};
const arabicLetter = /[\u0621-\u064A]/;

/**
 * The text as the database's `qalam_normalize` reads it, with the index in `text` of each of its
 * characters, so that a match found in the normalised text can be marked in the original.
 */
export function normalizeForSearch(text: string): { value: string; origin: number[] } {
  const chars: string[] = [];
  const origin: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (arabicMarks.test(char)) continue;
    chars.push(letterMap[char] ?? char.toLowerCase());
    origin.push(i);
  }
  // The article (after an optional waw) at the start of a word of three letters or more.
  const keep = chars.map(() => true);
  for (let i = 0; i < chars.length; i++) {
    const startsWord = i === 0 || !arabicLetter.test(chars[i - 1] as string);
    if (!startsWord) continue;
    const at = chars[i] === "و" ? i + 1 : i;
    if (
      chars[at] === "ا" &&
      chars[at + 1] === "ل" &&
      arabicLetter.test(chars[at + 2] ?? "") &&
      arabicLetter.test(chars[at + 3] ?? "")
    ) {
      keep[at] = false;
      keep[at + 1] = false;
    }
  }
  return {
    value: chars.filter((_, i) => keep[i]).join(""),
    origin: origin.filter((_, i) => keep[i]),
  };
}

const arabicMarksEverywhere = new RegExp(arabicMarks.source, "g");
const foldedLetters = new RegExp(`[${Object.keys(letterMap).join("")}]`, "g");
// "ال" after the start of a word (and an optional waw), before two more letters.
const arabicArticle = /(?<![\u0621-\u064A])(و?)ال(?=[\u0621-\u064A]{2})/g;

/**
 * `normalizeForSearch(text).value` in a few passes of native string functions, without the
 * index of each character: for comparing long texts, as a lorebook's scan does (a tenth of the
 * time on 100,000 characters). Case is folded over the whole text at once, which differs from
 * the character-by-character fold only where a language's case depends on context (a final
 * Greek sigma): compare texts that were both folded here.
 */
export function foldForSearch(text: string): string {
  return text
    .replace(arabicMarksEverywhere, "")
    .replace(foldedLetters, (letter) => letterMap[letter] as string)
    .toLowerCase()
    .replace(arabicArticle, "$1");
}

/** The words of a search as `websearch_to_tsquery` takes them, without its operators. */
export function searchTerms(query: string): string[] {
  return query
    .split(/[\s"]+/)
    .filter((word) => word && word.toLowerCase() !== "or" && !word.startsWith("-"))
    .map((word) => normalizeForSearch(word.replace(/[^\p{L}\p{N}]+/gu, "")).value)
    .filter((word) => word.length >= 2);
}

const wordCharacter = /[\p{L}\p{M}\p{N}]/u;

/**
 * The range widened to the whole word it is in: "reports" for "report", and "المدرسة" for
 * "مدرسة", so that a mark never cuts a word (and Arabic letters stay joined).
 */
function wholeWord(text: string, start: number, end: number): [number, number] {
  let from = start;
  let to = end;
  while (from > 0 && wordCharacter.test(text[from - 1] as string)) from--;
  while (to < text.length && wordCharacter.test(text[to] as string)) to++;
  return [from, to];
}

/** A piece of text, marked where it matches the search. */
export type TextSegment = { text: string; match: boolean };

/**
 * `text` in pieces, the words that match a word of `query` marked whole (Arabic compared as
 * normalised, so "مدرسه" marks "المدرسة"); around the first match, at most `window` characters, with "…"
 * where it was cut. Null when nothing matches.
 */
export function highlightMatches(
  text: string,
  query: string,
  window = Number.POSITIVE_INFINITY,
): TextSegment[] | null {
  const terms = searchTerms(query);
  if (terms.length === 0 || !text) return null;
  const { value, origin } = normalizeForSearch(text);
  const ranges: [number, number][] = [];
  for (const term of terms) {
    for (let at = value.indexOf(term); at >= 0; at = value.indexOf(term, at + term.length)) {
      ranges.push(
        wholeWord(text, origin[at] as number, (origin[at + term.length - 1] as number) + 1),
      );
    }
  }
  if (ranges.length === 0) return null;
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  const first = merged[0] as [number, number];
  const start = text.length <= window ? 0 : Math.max(0, first[0] - Math.floor(window / 3));
  const end = Math.min(text.length, start + window);
  const segments: TextSegment[] = [];
  let cursor = start;
  for (const [from, to] of merged) {
    if (to <= start || from >= end) continue;
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    if (a > cursor) segments.push({ text: text.slice(cursor, a), match: false });
    segments.push({ text: text.slice(a, b), match: true });
    cursor = b;
  }
  if (cursor < end) segments.push({ text: text.slice(cursor, end), match: false });
  if (start > 0) segments.unshift({ text: "…", match: false });
  if (end < text.length) segments.push({ text: "…", match: false });
  return segments;
}
