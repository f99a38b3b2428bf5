import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { threadAttachments } from "../../../api/db/schema";
import { maxFileBytes } from "../../../api/threads/file-text";
import { attachmentCharacters, contextCharacters } from "../../../api/threads/thread-context";
import { type FakeAiServer, onePixelPng } from "../../support/fake-ai-server";
import { startFakeChatApi } from "../fake-chat-api";
import { memberWithSession, ownerWithSession, type TestApi } from "../helpers";
import { organizationEvents } from "../realtime/socket-server";
import { textPdf, wordFile } from "../test-documents";

let fake: FakeAiServer;
let t: TestApi;

let close: () => Promise<void>;
beforeAll(async () => {
  ({ fake, t, close } = await startFakeChatApi());
});
afterAll(() => close());
beforeEach(() => fake.reset());

type Session = { token: string };
// biome-ignore lint/suspicious/noExplicitAny: chunks of every shape
type Chunk = any;

const newThread = async (session: Session, json: Record<string, unknown> = {}) => {
  const response = await t.request("POST", "/threads", {
    token: session.token,
    json: { title: "Context", ...json },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number };
};

const newDocument = async (session: Session, title: string, markdown: string) => {
  const response = await t.request("POST", "/documents", {
    token: session.token,
    json: { title, markdown },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; version: number };
};

const attachDocument = (session: Session, threadId: number, documentId: string) =>
  t.request("POST", `/threads/${threadId}/attachments`, {
    token: session.token,
    json: { documentId },
  });

function attachFile(session: Session, threadId: number, name: string, bytes: Uint8Array | string) {
  const form = new FormData();
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : new Uint8Array(bytes);
  form.set("file", new File([data], name));
  return t.request("POST", `/threads/${threadId}/attachments`, {
    token: session.token,
    body: form,
  });
}

const storedAttachments = async (threadId: number) => {
  const [row] = await t.db
    .select({ count: count() })
    .from(threadAttachments)
    .where(eq(threadAttachments.threadId, threadId));
  return row?.count ?? 0;
};

/** Asks in a thread and reads the streamed answer to its end. */
async function ask(session: Session, threadId: number, content: string) {
  const response = await t.api.fetch(
    new Request(`http://qalam.test/api/v1/threads/${threadId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json" },
      body: JSON.stringify({ content }),
    }),
  );
  expect(response.status).toBe(200);
  const chunks: Chunk[] = (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice("data: ".length)));
  return {
    start: chunks.find((chunk) => chunk.type === "start"),
    finish: chunks.find((chunk) => chunk.type === "finish"),
  };
}

type SentMessage = { role: string; content: string };

/** The messages of the last streamed answer the fake was asked for (not a title's call). */
function lastAnswerRequest(): SentMessage[] {
  const answers = fake.requests.filter(
    (request) =>
      request.path === "/chat/completions" && (request.body as { stream?: boolean }).stream,
  );
  const body = answers.at(-1)?.body as { messages: SentMessage[] } | undefined;
  if (!body) throw new Error("No answer was asked for");
  return body.messages;
}

const systemText = (messages: SentMessage[]) =>
  messages
    .filter((message) => message.role === "system")
    .map((message) => message.content)
    .join("\n");

describe("attachments", () => {
  it("take a document and .txt, .md, .pdf and .docx files, which the model reads after the system prompt", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { systemPrompt: "Answer from the attachments." });
    const document = await newDocument(owner, "Brief", "The launch is on **Tuesday**.");

    const fromDocument = await attachDocument(owner, thread.id, document.id);
    expect(fromDocument.status, fromDocument.text).toBe(201);
    expect(fromDocument.body).toMatchObject({
      kind: "document",
      name: "Brief",
      documentId: document.id,
      mediaType: null,
      size: null,
      characters: "The launch is on Tuesday.".length,
      available: true,
    });

    const text = await attachFile(owner, thread.id, "notes.txt", "Budget: 4,000 riyals.\n");
    const markdown = await attachFile(owner, thread.id, "plan.md", "# Plan\n\n- Visit *Doha*");
    const pdf = await attachFile(owner, thread.id, "report.pdf", textPdf(["Sales rose by 12%."]));
    const word = await attachFile(
      owner,
      thread.id,
      "letter.docx",
      await wordFile(["Dear team,", "خطة المدرسة جاهزة"]),
    );
    for (const response of [text, markdown, pdf, word]) {
      expect(response.status, response.text).toBe(201);
    }
    expect(text.body).toMatchObject({
      kind: "file",
      name: "notes.txt",
      documentId: null,
      mediaType: "text/plain",
      size: 22,
      characters: "Budget: 4,000 riyals.".length,
    });
    expect(markdown.body.mediaType).toBe("text/markdown");
    expect(pdf.body.mediaType).toBe("application/pdf");
    expect(word.body.mediaType).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );

    const listed = await t.request("GET", `/threads/${thread.id}/attachments`, owner);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 5, page: 1 });
    const names = ["Brief", "notes.txt", "plan.md", "report.pdf", "letter.docx"];
    expect(listed.body.items.map((item: { name: string }) => item.name)).toEqual(names);
    const read = await t.request("GET", `/threads/${thread.id}`, owner);
    expect(read.body.attachments.map((item: { name: string }) => item.name)).toEqual(names);

    const answer = await ask(owner, thread.id, "What do they say?");
    const sent = lastAnswerRequest();
    expect(sent[0]).toEqual({ role: "system", content: "Answer from the attachments." });
    expect(sent.at(-1)).toEqual({ role: "user", content: "What do they say?" });
    const context = systemText(sent.slice(1));
    for (const words of [
      "The launch is on Tuesday.",
      "Budget: 4,000 riyals.",
      "# Plan\n\n- Visit *Doha*",
      "Sales rose by 12%.",
      "Dear team,",
      "خطة المدرسة جاهزة",
    ]) {
      expect(context).toContain(words);
    }
    // In the order of attachment.
    expect(context.indexOf("Budget")).toBeLessThan(context.indexOf("Sales rose"));
    const readWhole = answer.finish.messageMetadata.contextAttachments;
    expect(readWhole).toHaveLength(5);
    for (const entry of readWhole) expect(entry.included).toBe(entry.total);
    expect(answer.start.messageMetadata.contextAttachments).toEqual(readWhole);
  });

  it("read a document as it is at each answer, and leave out a deleted one, shown as such", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner);
    const document = await newDocument(owner, "Menu", "Soup of the day: lentil.");
    const attached = await attachDocument(owner, thread.id, document.id);
    expect(attached.status).toBe(201);

    const edited = await t.request("PATCH", `/documents/${document.id}`, {
      token: owner.token,
      json: {
        version: document.version,
        title: "Menu (new)",
        markdown: "Soup of the day: tomato.",
      },
    });
    expect(edited.status, edited.text).toBe(200);
    await ask(owner, thread.id, "Which soup?");
    expect(systemText(lastAnswerRequest())).toContain("tomato");
    expect(systemText(lastAnswerRequest())).not.toContain("lentil");
    expect(
      (await t.request("GET", `/threads/${thread.id}`, owner)).body.attachments[0],
    ).toMatchObject({ name: "Menu (new)", available: true });

    expect((await t.request("DELETE", `/documents/${document.id}`, owner)).status).toBe(204);
    const read = await t.request("GET", `/threads/${thread.id}`, owner);
    expect(read.body.attachments[0]).toMatchObject({
      id: attached.body.id,
      documentId: document.id,
      available: false,
      characters: 0,
    });
    const answer = await ask(owner, thread.id, "And now?");
    expect(systemText(lastAnswerRequest())).not.toContain("Soup of the day");
    expect(answer.finish.messageMetadata.contextAttachments).toEqual([
      { attachmentId: attached.body.id, name: "Menu (new)", included: 0, total: 0 },
    ]);
  });

  it("share at most half the context, cut at the end in order of attachment, and the thread says what was left out", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { systemPrompt: "Be brief." });
    const first = await attachFile(owner, thread.id, "first.txt", `F${"f".repeat(24_999)}`);
    const second = await attachFile(owner, thread.id, "second.txt", `S${"s".repeat(9_999)}`);
    const document = await newDocument(owner, "Third", "Third in line.");
    const third = await attachDocument(owner, thread.id, document.id);
    for (const response of [first, second, third]) expect(response.status).toBe(201);

    await ask(owner, thread.id, "q".repeat(20_000));
    const answer = await ask(owner, thread.id, "r".repeat(15_000));
    const expected = [
      { attachmentId: first.body.id, name: "first.txt", included: 25_000, total: 25_000 },
      {
        attachmentId: second.body.id,
        name: "second.txt",
        included: attachmentCharacters - 25_000,
        total: 10_000,
      },
      { attachmentId: third.body.id, name: "Third", included: 0, total: "Third in line.".length },
    ];
    expect(answer.start.messageMetadata.contextAttachments).toEqual(expected);
    expect(answer.finish.messageMetadata.contextAttachments).toEqual(expected);
    // The messages had what the attachments left: the first question did not fit.
    expect(answer.finish.messageMetadata.contextOmitted).toBe(1);

    const sent = lastAnswerRequest();
    const context = systemText(sent);
    expect(context).toContain(`S${"s".repeat(attachmentCharacters - 25_000 - 1)}\n[`);
    expect(context).not.toContain("s".repeat(attachmentCharacters - 25_000));
    expect(context).not.toContain("Third in line.");
    expect(sent.filter((message) => message.role !== "system").map((m) => m.content[0])).toEqual([
      "H",
      "r",
    ]);
    const total = sent.reduce((sum, message) => sum + message.content.length, 0);
    expect(total).toBeLessThanOrEqual(contextCharacters + 1_000);

    const read = await t.request("GET", `/threads/${thread.id}`, owner);
    const last = read.body.messages.at(-1);
    expect(last).toMatchObject({ role: "assistant", contextOmitted: 1 });
    expect(last.contextAttachments).toEqual(expected);
  });

  it("are taken off by the thread's author, and later answers no longer read them", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { visibility: "organization" });
    const kept = await attachFile(owner, thread.id, "kept.txt", "Kept words.");
    const removed = await attachFile(owner, thread.id, "removed.txt", "Removed words.");
    const events = await organizationEvents(t.api, owner.token, owner.organizationId);
    try {
      const deleted = await t.request(
        "DELETE",
        `/threads/${thread.id}/attachments/${removed.body.id}`,
        owner,
      );
      expect(deleted.status).toBe(204);
      expect(await events.next()).toMatchObject({ type: "thread.updated", id: String(thread.id) });
    } finally {
      await events.close();
    }
    const listed = await t.request("GET", `/threads/${thread.id}/attachments`, owner);
    expect(listed.body.items.map((item: { id: number }) => item.id)).toEqual([kept.body.id]);
    await ask(owner, thread.id, "Go on");
    expect(systemText(lastAnswerRequest())).toContain("Kept words.");
    expect(systemText(lastAnswerRequest())).not.toContain("Removed words.");
    const again = await t.request(
      "DELETE",
      `/threads/${thread.id}/attachments/${removed.body.id}`,
      owner,
    );
    expect(again.status).toBe(404);
  });
});

describe("attachments refused", () => {
  it("refuse files that are not what they say, too large, or without text, storing nothing", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner);
    const cases: [string, Uint8Array | string, number, string][] = [
      ["report.pdf", "Not a PDF at all", 422, "INVALID_PDF"],
      ["broken.pdf", "%PDF-1.4\nnothing else", 422, "INVALID_PDF"],
      ["letter.docx", "Plain text", 422, "INVALID_DOCX"],
      ["picture.png", onePixelPng, 422, "UNSUPPORTED_FILE"],
      ["notes", "No extension", 422, "UNSUPPORTED_FILE"],
      ["image.txt", onePixelPng, 422, "INVALID_TEXT"],
      ["latin1.txt", new Uint8Array([0x63, 0x61, 0x66, 0xe9]), 422, "INVALID_TEXT"],
      ["empty.md", "  \n\n ", 422, "NO_TEXT"],
      ["huge.txt", "a".repeat(maxFileBytes + 1), 413, "FILE_TOO_LARGE"],
    ];
    for (const [name, bytes, status, code] of cases) {
      const response = await attachFile(owner, thread.id, name, bytes);
      expect([name, response.status, response.body.error?.code]).toEqual([name, status, code]);
      expect(response.body.error.fieldCodes).toEqual({ file: code });
    }
    const missing = await t.request("POST", `/threads/${thread.id}/attachments`, {
      token: owner.token,
      json: {},
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fieldCodes).toEqual({ documentId: "REQUIRED" });
    expect(await storedAttachments(thread.id)).toBe(0);
  });

  it("refuse unknown, deleted and other organizations' documents, and a document twice", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const thread = await newThread(owner);
    const theirs = await newDocument(stranger, "Theirs", "Secret plans.");
    const gone = await newDocument(owner, "Gone", "Old.");
    await t.request("DELETE", `/documents/${gone.id}`, owner);
    for (const documentId of [randomUUID(), theirs.id, gone.id]) {
      const response = await attachDocument(owner, thread.id, documentId);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("UNKNOWN_DOCUMENT");
    }
    expect(await storedAttachments(thread.id)).toBe(0);

    const mine = await newDocument(owner, "Mine", "Words.");
    expect((await attachDocument(owner, thread.id, mine.id)).status).toBe(201);
    const twice = await attachDocument(owner, thread.id, mine.id);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("ALREADY_ATTACHED");
    expect(await storedAttachments(thread.id)).toBe(1);
  });

  it("keep another organization out (404), and let members read a shared thread's but not change them (403)", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { visibility: "organization" });
    const privateThread = await newThread(owner);
    const attached = await attachFile(owner, thread.id, "notes.txt", "Shared notes.");
    expect(attached.status).toBe(201);

    const member = await memberWithSession(t, owner.organizationId, "member");
    const memberDocument = await newDocument(member, "Member's", "Words.");
    const listed = await t.request("GET", `/threads/${thread.id}/attachments`, member);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(1);
    expect((await attachDocument(member, thread.id, memberDocument.id)).status).toBe(403);
    expect((await attachFile(member, thread.id, "mine.txt", "Mine.")).status).toBe(403);
    const path = `/threads/${thread.id}/attachments/${attached.body.id}`;
    expect((await t.request("DELETE", path, member)).status).toBe(403);
    expect(
      (await t.request("GET", `/threads/${privateThread.id}/attachments`, member)).status,
    ).toBe(404);
    expect((await attachFile(member, privateThread.id, "mine.txt", "Mine.")).status).toBe(404);

    const stranger = await ownerWithSession(t);
    const strangerDocument = await newDocument(stranger, "Stranger's", "Words.");
    expect((await t.request("GET", `/threads/${thread.id}/attachments`, stranger)).status).toBe(
      404,
    );
    expect((await attachDocument(stranger, thread.id, strangerDocument.id)).status).toBe(404);
    expect((await attachFile(stranger, thread.id, "theirs.txt", "Theirs.")).status).toBe(404);
    expect((await t.request("DELETE", path, stranger)).status).toBe(404);

    expect(await storedAttachments(thread.id)).toBe(1);
    expect(await storedAttachments(privateThread.id)).toBe(0);
  });
});

describe("a character's lorebook", () => {
  it("puts the entries the last messages call for after the system prompt, in insertion order, within its budget", async () => {
    const owner = await ownerWithSession(t, { firstName: "Mona" });
    const entry = (fields: Record<string, unknown>) => ({
      extensions: {},
      enabled: true,
      insertion_order: 50,
      ...fields,
    });
    const created = await t.request("POST", "/characters", {
      token: owner.token,
      json: {
        name: "Guide",
        systemPrompt: "You are {{char}}.",
        characterBook: {
          scan_depth: 2,
          token_budget: 100,
          extensions: {},
          entries: [
            entry({ keys: ["dragon"], content: "LORE-DRAGON breathes fire.", insertion_order: 20 }),
            entry({ keys: ["castle"], content: "LORE-CASTLE stands on the hill." }),
            entry({ keys: ["المدرسة"], content: "LORE-SCHOOL for {{user}}.", insertion_order: 30 }),
            entry({
              keys: [],
              content: "LORE-ALWAYS about {{char}}.",
              constant: true,
              insertion_order: 10,
            }),
            entry({ keys: ["dragon"], content: "LORE-OFF", enabled: false }),
            entry({
              keys: ["dragon"],
              secondary_keys: ["moon"],
              selective: true,
              content: "LORE-MOON",
            }),
            entry({ keys: ["Dragon"], content: "LORE-CASED", case_sensitive: true }),
            // First in line, but the lowest priority: the first left out past the budget.
            entry({
              keys: ["dragon"],
              content: `LORE-LONG ${"y".repeat(340)}`,
              priority: -1,
              insertion_order: 5,
            }),
          ],
        },
      },
    });
    expect(created.status, created.text).toBe(201);
    const chat = await t.request("POST", `/characters/${created.body.id}/chat`, owner);
    expect(chat.status).toBe(201);
    const threadId = chat.body.threadId as number;

    await ask(owner, threadId, "Is there a castle?");
    expect(systemText(lastAnswerRequest())).toContain("LORE-CASTLE");

    await ask(owner, threadId, "Tell me about the dragon near مدرسة القرية.");
    const sent = lastAnswerRequest();
    expect(sent[0]?.content).toContain("You are Guide.");
    const lore = sent[1];
    expect(lore?.role).toBe("system");
    expect(lore?.content).toBe(
      ["LORE-ALWAYS about Guide.", "LORE-DRAGON breathes fire.", "LORE-SCHOOL for Mona."].join(
        "\n\n",
      ),
    );
    // Beyond the scan depth, switched off, without its secondary key, of another case, over budget.
    for (const absent of ["LORE-CASTLE", "LORE-OFF", "LORE-MOON", "LORE-CASED", "LORE-LONG"]) {
      expect(systemText(sent)).not.toContain(absent);
    }
  });
});
