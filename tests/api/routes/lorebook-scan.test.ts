/**
 * A character's lorebook is scanned for every answer, in the process that serves everyone: the
 * largest book a card may hold, over a long message, must not hold the server (docs/threads.md,
 * "What the model reads"). The message is 40,000 characters, twice what the scan reads: one of
 * 100,000 holds the server for its search index alone (PGlite computes it in this process), with
 * or without a character; tests/api/services/character-lore.test.ts reads such a message.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxLoreCharacters, maxLoreKeys } from "../../../api/characters/character-lore";
import type { FakeAiServer } from "../../support/fake-ai-server";
import { startFakeChatApi } from "../fake-chat-api";
import { whileHealthIsWatched } from "../health-watch";
import { ownerWithSession, type TestApi } from "../helpers";

let fake: FakeAiServer;
let t: TestApi;

let close: () => Promise<void>;
beforeAll(async () => {
  ({ fake, t, close } = await startFakeChatApi());
});
afterAll(() => close());

/** 1,000 entries (as many as a card holds) of two keys each: 2,000 keys, as many as a book holds. */
const entries = Array.from({ length: 1_000 }, (_, index) => ({
  keys: [`moon${index}x`, `قمر${index}ن`],
  content: `LORE-${index}: ${"a line of lore ".repeat(6)}`,
  extensions: {},
  enabled: true,
  insertion_order: index,
}));

/** The messages of the last streamed answer the fake was asked for (not a title's call). */
function lastAnswerRequest(): { role: string; content: string }[] {
  const answers = fake.requests.filter(
    (request) =>
      request.path === "/chat/completions" && (request.body as { stream?: boolean }).stream,
  );
  const body = answers.at(-1)?.body as { messages: { role: string; content: string }[] };
  return body.messages;
}

describe("a character's lorebook", () => {
  it("of 1,000 entries, over a message of 40,000 characters, is read without holding the server", async () => {
    const owner = await ownerWithSession(t);
    const created = await t.request("POST", "/characters", {
      token: owner.token,
      json: {
        name: "Archivist",
        systemPrompt: "You are {{char}}.",
        characterBook: { extensions: {}, recursive_scanning: true, entries },
      },
    });
    expect(created.status, created.text).toBe(201);
    const chat = await t.request("POST", `/characters/${created.body.id}/chat`, owner);
    expect(chat.status).toBe(201);

    // Every key of the book early on, which the scan no longer reaches, and ten of them last.
    const everyKey = entries.flatMap((entry) => entry.keys).join(" ");
    const lastWords = Array.from({ length: 10 }, (_, index) => `moon${index * 100}x`).join(" ");
    const content = `${everyKey} ${"x".repeat(40_000)}`.slice(0, 40_000 - lastWords.length - 1);
    const message = `${content} ${lastWords}`;
    expect(message).toHaveLength(40_000);

    const watched = await whileHealthIsWatched(t, async () => {
      const response = await t.api.fetch(
        new Request(`http://qalam.test/api/v1/threads/${chat.body.threadId}/messages`, {
          method: "POST",
          headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
          body: JSON.stringify({ content: message }),
        }),
      );
      return { status: response.status, text: await response.text() };
    });
    expect(watched.result.status).toBe(200);
    expect(watched.result.text).toContain('"type":"finish"');
    expect(watched.answers).toBeGreaterThan(0);
    expect(watched.failures).toEqual([]);
    expect(watched.slowest).toBeLessThan(250);

    const loreSent = () => {
      const lore = lastAnswerRequest()[1];
      expect(lore?.role).toBe("system");
      expect(lore?.content.length).toBeLessThanOrEqual(maxLoreCharacters);
      return [...(lore?.content ?? "").matchAll(/LORE-(\d+):/g)].map((match) => match[1]);
    };
    const expected = Array.from({ length: 10 }, (_, index) => String(index * 100));
    expect(loreSent()).toEqual(expected);

    // Another answer to the same message reads the same entries.
    const answerId = /"assistantMessageId":(\d+)/.exec(watched.result.text)?.[1];
    const again = await t.api.fetch(
      new Request(
        `http://qalam.test/api/v1/threads/${chat.body.threadId}/messages/${answerId}/regenerate`,
        { method: "POST", headers: { authorization: `Bearer ${owner.token}` } },
      ),
    );
    expect(again.status).toBe(200);
    await again.text();
    expect(loreSent()).toEqual(expected);
  }, 120_000);

  it("of more than 2,000 keys is refused when saved", async () => {
    const owner = await ownerWithSession(t);
    const crowded = entries.map((entry, index) =>
      index === 0 ? { ...entry, secondary_keys: ["one too many"] } : entry,
    );
    const refused = await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "Crowded", characterBook: { extensions: {}, entries: crowded } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldCodes).toEqual({ "characterBook.entries": "TOO_BIG" });
    expect(refused.body.error.fields["characterBook.entries"]).toContain(
      maxLoreKeys.toLocaleString("en"),
    );
  });
});
