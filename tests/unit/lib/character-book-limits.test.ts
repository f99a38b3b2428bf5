import { describe, expect, it } from "vitest";
import { maxLoreKeys } from "../../../api/characters/character-lore";
import { CharacterFields, characterLimits } from "../../../app/lib/characters";

describe("the character form's lorebook", () => {
  it("takes as many keys in all as the API, and says so past them", () => {
    expect(characterLimits.bookKeys).toBe(maxLoreKeys);
    const book = (keysEach: number) =>
      Array.from({ length: 10 }, (_, entry) => ({
        keys: Array.from({ length: keysEach }, (_, key) => `k${entry}-${key}`).join(", "),
        content: "Lore",
      }));
    const form = { name: "Guide", visibility: "private" };
    expect(CharacterFields.safeParse({ ...form, book: book(200) }).success).toBe(true);
    const refused = CharacterFields.safeParse({ ...form, book: [...book(200), ...book(1)] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(["book"]);
    expect(refused.error?.issues[0]?.message).toContain("characters:errors.tooManyKeys");
  });
});
