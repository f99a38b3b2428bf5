import { describe, expect, it } from "vitest";
import type { CharacterBook } from "../../../api/db/schema";
import { maxLoreCharacters, selectLore } from "../../../api/services/character-lore";

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
