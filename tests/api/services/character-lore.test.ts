import { describe, expect, it } from "vitest";
import { CharacterBookSchema } from "../../../api/characters/character-cards";
import {
  loreReader,
  maxLoreCharacters,
  maxLoreKeys,
  maxScanDepth,
  maxScannedCharacters,
  maxScanRounds,
  selectLore,
} from "../../../api/characters/character-lore";
import type { CharacterBook } from "../../../api/db/schema";

type Entry = CharacterBook["entries"][number];

const entry = (content: string, fields: Partial<Entry> = {}): Entry => ({
  keys: [],
  content,
  extensions: {},
  enabled: true,
  insertion_order: 0,
  ...fields,
});

const book = (entries: Entry[], fields: Partial<CharacterBook> = {}): CharacterBook => ({
  extensions: {},
  entries,
  ...fields,
});

describe("a lorebook in a chat's context", () => {
  it("matches keys whatever their case, and Arabic keys in Arabic text spelt another way", () => {
    const selected = selectLore(
      book([
        entry("ewer", { keys: ["EWER"] }),
        entry("school", { keys: ["المدرسة"] }),
        entry("tea", { keys: ["شاي"] }),
      ]),
      ["Show me the ewer", "أين مدرسة البنات؟"],
    );
    expect(selected.entries).toEqual(["ewer", "school"]);
  });

  it("scans the last four messages unless the book says otherwise", () => {
    const messages = ["castle", "one", "two", "three", "four"];
    const castle = [entry("castle", { keys: ["castle"] })];
    expect(selectLore(book(castle), messages).entries).toEqual([]);
    expect(selectLore(book(castle), ["castle", "one", "two", "three"]).entries).toEqual(["castle"]);
    expect(selectLore(book(castle, { scan_depth: 5 }), messages).entries).toEqual(["castle"]);
  });

  it("needs a secondary key for a selective entry, and none for a selective entry without them", () => {
    const entries = [
      entry("both", { keys: ["sea"], secondary_keys: ["storm"], selective: true }),
      entry("bare", { keys: ["sea"], secondary_keys: [], selective: true }),
      entry("ignored", { keys: ["sea"], secondary_keys: ["storm"], selective: false }),
    ];
    expect(selectLore(book(entries), ["the sea is calm"]).entries).toEqual(["bare", "ignored"]);
    expect(selectLore(book(entries), ["a storm at sea"]).entries).toEqual([
      "both",
      "bare",
      "ignored",
    ]);
  });

  it("follows the entries that others mention only when the book scans recursively", () => {
    const entries = [
      entry("The queen lives in the tower.", { keys: ["queen"] }),
      entry("The tower has 300 steps.", { keys: ["tower"], insertion_order: 1 }),
    ];
    expect(selectLore(book(entries), ["Who is the queen?"]).entries).toHaveLength(1);
    expect(
      selectLore(book(entries, { recursive_scanning: true }), ["Who is the queen?"]).entries,
    ).toHaveLength(2);
  });

  it("keeps the highest priorities within the token budget, at most its own cap", () => {
    const long = "x".repeat(300);
    const entries = [
      entry(`low ${long}`, { constant: true, priority: 1, insertion_order: 0 }),
      entry(`high ${long}`, { constant: true, priority: 5, insertion_order: 9 }),
    ];
    const selected = selectLore(book(entries, { token_budget: 100 }), []);
    expect(selected.entries).toEqual([`high ${long}`]);
    expect(selected.dropped).toBe(1);
    const huge = [entry("y".repeat(maxLoreCharacters + 1), { constant: true })];
    expect(selectLore(book(huge, { token_budget: 1_000_000 }), []).entries).toEqual([]);
  });

  it("fills in the names and leaves out empty and switched-off entries", () => {
    const entries = [
      entry("{{char}} knows {{user}}.", { constant: true }),
      entry("   ", { constant: true }),
      entry("off", { constant: true, enabled: false }),
    ];
    const fill = (text: string) => text.replace("{{char}}", "Layla").replace("{{user}}", "Omar");
    expect(selectLore(book(entries), [], fill).entries).toEqual(["Layla knows Omar."]);
  });
});

describe("what a lorebook's scan reads, bounded", () => {
  const castle = [entry("castle", { keys: ["castle"] })];

  it("scans at most the last 20 messages, whatever the book's scan_depth", () => {
    const quiet = Array.from({ length: maxScanDepth - 1 }, () => "nothing here");
    const deep = book(castle, { scan_depth: 1_000_000 });
    expect(selectLore(deep, ["castle", ...quiet]).entries).toEqual(["castle"]);
    expect(selectLore(deep, ["castle", "one more", ...quiet]).entries).toEqual([]);
  });

  it("reads the newest 20,000 characters of the messages", () => {
    const filler = "x".repeat(maxScannedCharacters - "castle".length);
    expect(selectLore(book(castle), [`castle ${filler}`]).entries).toEqual([]);
    expect(selectLore(book(castle), [`${filler}castle`]).entries).toEqual(["castle"]);
    expect(selectLore(book(castle), ["castle", filler]).entries).toEqual([]);
  });

  it("follows the entries that others mention for two rounds after the messages", () => {
    const chain = Array.from({ length: maxScanRounds + 2 }, (_, level) =>
      entry(`link${level} leads to link${level + 1}.`, {
        keys: [`link${level}`],
        insertion_order: level,
      }),
    );
    const selected = selectLore(book(chain, { recursive_scanning: true }), ["Start at link0."]);
    expect(selected.entries).toHaveLength(maxScanRounds);
    expect(selected.entries.at(-1)).toContain(`link${maxScanRounds - 1} leads`);
  });

  it("looks for the keys of the first 2,000 only, in a book stored before the limit", () => {
    const keys = Array.from({ length: maxLoreKeys }, (_, index) => `key${index}`);
    const entries = [
      entry("first", { keys }),
      entry("past the limit", { keys: ["castle"] }),
      entry("constant past the limit", { keys: ["castle"], constant: true }),
    ];
    expect(selectLore(book(entries), ["key7 and the castle"]).entries).toEqual([
      "first",
      "constant past the limit",
    ]);
  });

  it("refuses a book of more than 2,000 keys when it is saved", () => {
    const entries = Array.from({ length: 1_000 }, (_, index) =>
      entry(`entry ${index}`, { keys: [`a${index}`, `b${index}`] }),
    );
    expect(CharacterBookSchema.safeParse(book(entries)).success).toBe(true);
    entries[0]?.keys.push("one too many");
    const refused = CharacterBookSchema.safeParse(book(entries));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["entries"],
      params: { code: "TOO_BIG" },
    });
  });

  it("answers the same messages again without scanning them again", () => {
    const read = loreReader(book(castle));
    const first = read(["Is there a castle?"]);
    expect(first.entries).toEqual(["castle"]);
    // The same scanned text: the selection already made, not a new one.
    expect(read(["older, beyond the depth", "Is there a castle?"].slice(-1))).toBe(first);
    const other = read(["No."]);
    expect(other).not.toBe(first);
    expect(other.entries).toEqual([]);
  });

  it("reads a 1,000-entry book over a 100,000-character message, its newest part", () => {
    const entries = Array.from({ length: 1_000 }, (_, index) =>
      entry(`LORE-${index}`, { keys: [`word${index}x`, `أمير${index}ن`], insertion_order: index }),
    );
    // Words for the first 500 entries early in the message, for the rest in its last 20,000 characters.
    const early = Array.from({ length: 500 }, (_, index) => `word${index}x`).join(" ");
    const late = Array.from({ length: 500 }, (_, index) => `الأمير${index + 500}ن`).join(" ");
    const message = `${early} ${"filler ".repeat(12_000)}${late}`.padStart(100_000, ".");
    expect(message.length).toBeGreaterThanOrEqual(100_000);
    expect(late.length).toBeLessThan(maxScannedCharacters);
    const selected = selectLore(book(entries, { token_budget: 1_000_000 }), [message]);
    expect(selected.entries).toEqual(
      Array.from({ length: 500 }, (_, index) => `LORE-${index + 500}`),
    );
  });
});
