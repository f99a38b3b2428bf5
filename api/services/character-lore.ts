import type { CharacterBook } from "../db/schema";
import { normalizeForSearch } from "../db/search";

/**
 * A character's lorebook (the Character Card V2 `character_book`) read into a chat's context:
 * the entries whose keys the last messages mention, as the spec describes them
 * (docs/threads.md, "What the model reads").
 */

/** How many of the last messages are scanned when the book does not say (`scan_depth`). */
export const defaultScanDepth = 4;
/** The most of a lorebook a context holds, in characters, whatever its `token_budget`. */
export const maxLoreCharacters = 15_000;
/** Characters per token, as the budget counts them. */
const charactersPerToken = 4;

type Entry = CharacterBook["entries"][number];

/** A key as compared: as the search reads text (case and Arabic spelling aside), or as typed. */
function keyMatcher(caseSensitive: boolean) {
  const prepare = caseSensitive
    ? (text: string) => text
    : (text: string) => normalizeForSearch(text).value;
  return (scanned: string) => {
    const haystack = prepare(scanned);
    return (keys: string[] | undefined) =>
      (keys ?? []).some((key) => {
        const needle = prepare(key.trim());
        return needle !== "" && haystack.includes(needle);
      });
  };
}

function fires(entry: Entry, scanned: string): boolean {
  const mentions = keyMatcher(entry.case_sensitive === true)(scanned);
  if (!mentions(entry.keys)) return false;
  const secondary = (entry.secondary_keys ?? []).filter((key) => key.trim() !== "");
  // Selective: one of the keys and one of the secondary keys.
  return !entry.selective || secondary.length === 0 || mentions(secondary);
}

export type LoreSelection = {
  /** The entries' text in the order they are inserted (`insertion_order`, lowest first). */
  entries: string[];
  /** How many entries fired but did not fit the budget. */
  dropped: number;
};

/**
 * The entries to insert, given the branch's messages oldest first: those enabled and `constant`,
 * and those whose keys (and, for a `selective` entry, one of its `secondary_keys`) appear in the
 * last `scan_depth` messages; with `recursive_scanning`, also those that the inserted entries
 * mention. Within the book's `token_budget` (a token counted as four characters, at most
 * `maxLoreCharacters`), the entries of lowest `priority` are left out first; the rest are
 * ordered by `insertion_order`. `fill` writes the names into an entry (`{{char}}`, `{{user}}`).
 */
export function selectLore(
  book: CharacterBook | null,
  messages: string[],
  fill: (text: string) => string = (text) => text,
): LoreSelection {
  if (!book || book.entries.length === 0) return { entries: [], dropped: 0 };
  const depth = Math.max(1, Math.floor(book.scan_depth ?? defaultScanDepth));
  const enabled = book.entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.enabled !== false && entry.content.trim() !== "");
  const active = new Set<number>();
  let scanned = messages.slice(-depth).join("\n");
  for (;;) {
    const found = enabled.filter(
      ({ entry, index }) =>
        !active.has(index) && (entry.constant === true || fires(entry, scanned)),
    );
    for (const { index } of found) active.add(index);
    if (!book.recursive_scanning || found.length === 0) break;
    // The entries just found may mention others.
    scanned = found.map(({ entry }) => entry.content).join("\n");
  }
  const budget = Math.min(
    maxLoreCharacters,
    book.token_budget !== undefined && book.token_budget > 0
      ? Math.floor(book.token_budget * charactersPerToken)
      : maxLoreCharacters,
  );
  const candidates = enabled
    .filter(({ index }) => active.has(index))
    .map(({ entry, index }) => ({ entry, index, text: fill(entry.content.trim()) }));
  // The highest priority is kept first; the lowest is the first left out.
  const byPriority = [...candidates].sort(
    (a, b) =>
      (b.entry.priority ?? 0) - (a.entry.priority ?? 0) ||
      a.entry.insertion_order - b.entry.insertion_order ||
      a.index - b.index,
  );
  let left = budget;
  const kept = new Set<number>();
  for (const candidate of byPriority) {
    if (candidate.text.length > left) continue;
    kept.add(candidate.index);
    left -= candidate.text.length;
  }
  const entries = candidates
    .filter(({ index }) => kept.has(index))
    .sort((a, b) => a.entry.insertion_order - b.entry.insertion_order || a.index - b.index)
    .map(({ text }) => text);
  return { entries, dropped: candidates.length - entries.length };
}
