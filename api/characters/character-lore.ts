import type { CharacterBook } from "../db/schema";
import { foldForSearch } from "../db/search";

/**
 * A character's lorebook (the Character Card V2 `character_book`) read into a chat's context:
 * the entries whose keys the last messages mention, as the spec describes them
 * (docs/threads.md, "What the model reads").
 *
 * The scan runs in the process that serves every request, so what it reads is bounded: the keys
 * are prepared once per book, the text once per round, and each key is looked for once in it.
 */

/** How many of the last messages are scanned when the book does not say (`scan_depth`). */
export const defaultScanDepth = 4;
/** How many of the last messages are scanned at most, whatever the book's `scan_depth`. */
export const maxScanDepth = 20;
/**
 * The most characters one round of the scan reads: the newest of the messages', the first of
 * the entries' found in the round before.
 */
export const maxScannedCharacters = 20_000;
/** The rounds at most: the messages, then, with `recursive_scanning`, twice the entries found. */
export const maxScanRounds = 3;
/**
 * The most keys of a book, `keys` and `secondary_keys` of all its entries together: a book with
 * more is refused when saved (422); of a book stored before, the entries past the first 2,000 keys
 * are inserted only when `constant`.
 */
export const maxLoreKeys = 2_000;
/** The most of a lorebook a context holds, in characters, whatever its `token_budget`. */
export const maxLoreCharacters = 15_000;
/** Characters per token, as the budget counts them. */
const charactersPerToken = 4;

type Entry = CharacterBook["entries"][number];

/** How many keys a book has, `keys` and `secondary_keys` of all its entries together. */
export function countLoreKeys(book: Pick<CharacterBook, "entries">): number {
  return book.entries.reduce(
    (sum, entry) => sum + entry.keys.length + (entry.secondary_keys?.length ?? 0),
    0,
  );
}

/** An entry that may be inserted, with its keys as numbers into the book's distinct keys. */
type PreparedEntry = { entry: Entry; index: number; keys: number[]; secondary: number[] };

/** A book ready to be scanned: its keys read once, however many rounds and answers scan it. */
export type PreparedBook = {
  book: CharacterBook;
  entries: PreparedEntry[];
  /**
   * The distinct keys as they are looked for: as the search reads text (case and Arabic spelling
   * aside), or, for an entry with `case_sensitive`, as typed.
   */
  keys: { needle: string; caseSensitive: boolean }[];
  /** How many messages are scanned (`scan_depth`, within its bounds). */
  depth: number;
};

export function prepareBook(book: CharacterBook): PreparedBook {
  const keys: PreparedBook["keys"] = [];
  const known = new Map<string, number>();
  const keyNumbers = (texts: string[] | undefined, caseSensitive: boolean) => {
    const numbers: number[] = [];
    for (const text of texts ?? []) {
      const needle = caseSensitive ? text.trim() : foldForSearch(text.trim());
      if (needle === "") continue;
      const id = `${caseSensitive ? "=" : "~"}${needle}`;
      let number = known.get(id);
      if (number === undefined) {
        number = keys.push({ needle, caseSensitive }) - 1;
        known.set(id, number);
      }
      numbers.push(number);
    }
    return numbers;
  };
  const entries: PreparedEntry[] = [];
  let counted = 0;
  book.entries.forEach((entry, index) => {
    counted += entry.keys.length + (entry.secondary_keys?.length ?? 0);
    if (entry.enabled === false || entry.content.trim() === "") return;
    // Past `maxLoreKeys` (a book stored before the limit), an entry is inserted only if constant.
    if (counted > maxLoreKeys) {
      if (entry.constant === true) entries.push({ entry, index, keys: [], secondary: [] });
      return;
    }
    const caseSensitive = entry.case_sensitive === true;
    entries.push({
      entry,
      index,
      keys: keyNumbers(entry.keys, caseSensitive),
      secondary: keyNumbers(entry.secondary_keys, caseSensitive),
    });
  });
  const depth = Math.min(
    maxScanDepth,
    Math.max(1, Math.floor(book.scan_depth ?? defaultScanDepth)),
  );
  return { book, entries, keys, depth: Number.isFinite(depth) ? depth : defaultScanDepth };
}

/** What the first round reads: the last `scan_depth` messages, their newest characters. */
export function scannedText(prepared: PreparedBook, messages: string[]): string {
  return messages.slice(-prepared.depth).join("\n").slice(-maxScannedCharacters);
}

/** Which of the book's keys the text holds, each looked for once. */
function keysIn(prepared: PreparedBook, scanned: string): boolean[] {
  let folded: string | undefined;
  return prepared.keys.map(({ needle, caseSensitive }) => {
    if (caseSensitive) return scanned.includes(needle);
    folded ??= foldForSearch(scanned);
    return folded.includes(needle);
  });
}

export type LoreSelection = {
  /** The entries' text in the order they are inserted (`insertion_order`, lowest first). */
  entries: string[];
  /** How many entries fired but did not fit the budget. */
  dropped: number;
};

/**
 * The entries to insert, given the text of the first round (`scannedText`): those `constant`,
 * and those whose keys (and, for a `selective` entry, one of its `secondary_keys`) the text holds;
 * with `recursive_scanning`, also those that the inserted entries mention. Within the book's
 * `token_budget` (a token counted as four characters, at most `maxLoreCharacters`), the entries of
 * lowest `priority` are left out first; the rest are ordered by `insertion_order`. `fill` writes
 * the names into an entry (`{{char}}`, `{{user}}`).
 */
export function selectPreparedLore(
  prepared: PreparedBook,
  firstRound: string,
  fill: (text: string) => string = (text) => text,
): LoreSelection {
  const { book } = prepared;
  const active = new Set<number>();
  let scanned = firstRound;
  for (let round = 1; ; round++) {
    const found = keysIn(prepared, scanned);
    const mentioned = (numbers: number[]) => numbers.some((number) => found[number]);
    const fired = prepared.entries.filter(
      ({ entry, index, keys, secondary }) =>
        !active.has(index) &&
        (entry.constant === true ||
          // Selective: one of the keys and one of the secondary keys.
          (mentioned(keys) &&
            (!entry.selective || secondary.length === 0 || mentioned(secondary)))),
    );
    for (const { index } of fired) active.add(index);
    if (!book.recursive_scanning || fired.length === 0 || round >= maxScanRounds) break;
    // The entries just found may mention others.
    scanned = fired
      .map(({ entry }) => entry.content)
      .join("\n")
      .slice(0, maxScannedCharacters);
  }
  const budget = Math.min(
    maxLoreCharacters,
    book.token_budget !== undefined && book.token_budget > 0
      ? Math.floor(book.token_budget * charactersPerToken)
      : maxLoreCharacters,
  );
  const candidates = prepared.entries
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

/**
 * The entries to insert, given the branch's messages oldest first: the book's `constant`
 * entries, and those that the last `scan_depth` messages call for (`selectPreparedLore`).
 */
export function selectLore(
  book: CharacterBook | null,
  messages: string[],
  fill: (text: string) => string = (text) => text,
): LoreSelection {
  if (!book || book.entries.length === 0) return { entries: [], dropped: 0 };
  const prepared = prepareBook(book);
  return selectPreparedLore(prepared, scannedText(prepared, messages), fill);
}

/**
 * A book's reader for one answer: prepared once, it scans the messages it is given, and given
 * messages whose scanned text is the same as the last time, answers as it did without scanning
 * again. So the scan can run before a lock, over the messages as they were, and the lock only
 * compares.
 */
export function loreReader(
  book: CharacterBook,
  fill: (text: string) => string = (text) => text,
): (messages: string[]) => LoreSelection {
  const prepared = prepareBook(book);
  let last: { scanned: string; selection: LoreSelection } | undefined;
  return (messages) => {
    const scanned = scannedText(prepared, messages);
    if (last?.scanned !== scanned) {
      last = { scanned, selection: selectPreparedLore(prepared, scanned, fill) };
    }
    return last.selection;
  };
}
