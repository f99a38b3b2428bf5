import { describe, expect, it } from "vitest";
import { fillCardNames, fillSegmentNames } from "../../../app/lib/characters";
import { readerName } from "../../../app/lib/user";

const names = { char: "Nour", user: "you" };

describe("a card's text outside a chat", () => {
  it("writes the character's name and the reader instead of the placeholders", () => {
    expect(fillCardNames("{{char}} is a guide who greets {{user}}.", names)).toBe(
      "Nour is a guide who greets you.",
    );
    expect(fillCardNames("<BOT> talks to <USER>; {{Char}} again", names)).toBe(
      "Nour talks to you; Nour again",
    );
    expect(fillCardNames("{{char}} ترحّب بـ{{user}}", { char: "نور", user: "أنت" })).toBe(
      "نور ترحّب بـأنت",
    );
  });

  it("fills the names in each piece a search marked", () => {
    const segments = [
      { text: "{{char}} is a ", match: false },
      { text: "guide", match: true },
    ];
    expect(fillSegmentNames(segments, names)).toEqual([
      { text: "Nour is a ", match: false },
      { text: "guide", match: true },
    ]);
    expect(fillSegmentNames(null, names)).toBeUndefined();
  });
});

describe("the reader's name in a card", () => {
  it("is their first name, else their email address's local part", () => {
    expect(readerName({ firstName: "Sara", email: "sara.a@example.com" })).toBe("Sara");
    expect(readerName({ firstName: "  ", email: "sara.a@example.com" })).toBe("sara.a");
    expect(readerName({ firstName: "", email: null })).toBe("");
    expect(
      fillCardNames("Hello {{user}}", {
        char: "Nour",
        user: readerName({ firstName: "", email: "omar@x.test" }),
      }),
    ).toBe("Hello omar");
  });
});
