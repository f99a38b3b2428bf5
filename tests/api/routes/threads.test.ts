import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { estimateTokens } from "../../../api/ai/ai-usage";
import { aiEnvironment } from "../../../api/ai/config";
import { defaultMaxOutputTokens } from "../../../api/ai/response-limits";
import { aiUsage, threadMessages, threads } from "../../../api/db/schema";
import { purgeDeleted } from "../../../api/purge";
import { createLocalStorage } from "../../../api/storage/local";
import { contextCharacters } from "../../../api/threads/thread-context";
import { type FakeAiServer, startFakeAiServer } from "../../support/fake-ai-server";
import {
  createTestApi,
  memberWithSession,
  ownerWithSession,
  type SignedInUser,
  type TestApi,
} from "../helpers";
import { organizationEvents } from "../realtime/socket-server";

let fake: FakeAiServer;
/** The environment's chat model is the fake's; organizations may point at it too (loopback). */
let t: TestApi;
/** No chat model in the environment, and answers that may take 1.5 seconds at most. */
let bare: TestApi;

const deadlineMs = 1_500;

beforeAll(async () => {
  fake = await startFakeAiServer();
  const environment = aiEnvironment({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: fake.apiKey,
    AI_CHAT_MODEL: "environment-chat",
    // The other models the tests name: a thread's own, and those the fake server fails with.
    AI_CHAT_MODELS: "gpt-4o-mini, other-model, rate-limited, missing-model, refusing, malformed",
  });
  [t, bare] = await Promise.all([
    createTestApi({ ai: { environment, allowPrivateNetwork: true, offlineVoice: false } }),
    createTestApi({
      ai: { allowPrivateNetwork: true, offlineVoice: false, chatDeadlineMs: deadlineMs },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), bare.close(), fake.close()]);
});
beforeEach(() => fake.reset());

type Session = { token: string };
// biome-ignore lint/suspicious/noExplicitAny: chunks of every shape
type Chunk = any;

const newThread = async (session: Session, json: Record<string, unknown> = {}, api = t) => {
  const response = await api.request("POST", "/threads", { token: session.token, json });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number; title: string };
};

const getThread = (session: Session, id: number | string, api = t) =>
  api.request("GET", `/threads/${id}`, { token: session.token });

/** The chunks of a UI message stream, `[DONE]` included, read as they come. */
async function readChunks(
  body: ReadableStream<Uint8Array>,
  onChunk?: (chunk: Chunk) => void,
  cancelAfter?: (chunk: Chunk) => boolean,
): Promise<Chunk[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const chunks: Chunk[] = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of event.split("\n")) {
        if (!line.startsWith("data: ")) continue;
        const data = line.slice("data: ".length);
        const chunk = data === "[DONE]" ? "[DONE]" : JSON.parse(data);
        chunks.push(chunk);
        onChunk?.(chunk);
        if (cancelAfter?.(chunk)) {
          await reader.cancel();
          return chunks;
        }
      }
    }
  }
  return chunks;
}

type Asked = {
  status: number;
  headers: Headers;
  /** The error body of a refusal. */
  body?: { error: { code: string; message: string; fieldCodes?: Record<string, string> } };
  chunks: Chunk[];
  /** The text of the `text-delta` chunks, in order. */
  deltas: string[];
  start?: Chunk;
  finish?: Chunk;
};

/** Posts to a streaming route and reads the answer to its end. */
async function stream(
  session: Session,
  path: string,
  json?: unknown,
  options: {
    api?: TestApi;
    signal?: AbortSignal;
    onChunk?: (chunk: Chunk) => void;
    /** Stops reading, cancelling the body, after the chunk for which it is true. */
    cancelAfter?: (chunk: Chunk) => boolean;
  } = {},
): Promise<Asked> {
  const api = options.api ?? t;
  const headers = new Headers({ authorization: `Bearer ${session.token}` });
  if (json !== undefined) headers.set("content-type", "application/json");
  const response = await api.api.fetch(
    new Request(`http://qalam.test/api/v1${path}`, {
      method: "POST",
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: options.signal,
    }),
  );
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
    return {
      status: response.status,
      headers: response.headers,
      body: await response.json(),
      chunks: [],
      deltas: [],
    };
  }
  const chunks = await readChunks(
    response.body as ReadableStream<Uint8Array>,
    options.onChunk,
    options.cancelAfter,
  );
  return {
    status: response.status,
    headers: response.headers,
    chunks,
    deltas: chunks.filter((chunk) => chunk.type === "text-delta").map((chunk) => chunk.delta),
    start: chunks.find((chunk) => chunk.type === "start"),
    finish: chunks.find((chunk) => chunk.type === "finish"),
  };
}

const ask = (
  session: Session,
  threadId: number,
  json: Record<string, unknown>,
  options?: Parameters<typeof stream>[3],
) => stream(session, `/threads/${threadId}/messages`, json, options);

const regenerate = (session: Session, threadId: number, messageId: number) =>
  stream(session, `/threads/${threadId}/messages/${messageId}/regenerate`);

const messagesOf = async (threadId: number, api = t) =>
  api.db
    .select()
    .from(threadMessages)
    .where(eq(threadMessages.threadId, threadId))
    .orderBy(threadMessages.id);

/** The words of the fake's reply as it streams them: each with the space before it. */
const tokensOf = (reply: string) => reply.split(/(?= )/);

/** The chat messages the fake was sent by its `index`th chat call. */
function sentMessages(index = 0) {
  const calls = fake.requests.filter((request) => request.path === "/chat/completions");
  const body = calls[index]?.body as { messages: { role: string; content: string }[] } | undefined;
  if (!body) throw new Error(`No chat call ${index}`);
  return body.messages;
}

async function waitFor(condition: () => Promise<boolean> | boolean, what: string) {
  const until = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("threads", () => {
  it("start empty and private, with numeric ids, and are read back with their settings", async () => {
    const owner = await ownerWithSession(t);
    const created = await t.request("POST", "/threads", {
      token: owner.token,
      json: { systemPrompt: "Answer briefly.", temperature: 0.5, model: "gpt-4o-mini" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      title: "",
      visibility: "private",
      pinned: false,
      archived: false,
      model: "gpt-4o-mini",
      temperature: 0.5,
      systemPrompt: "Answer briefly.",
      currentMessageId: null,
      messages: [],
      mine: true,
      author: { id: owner.id, name: "Test User" },
      deletedAt: null,
    });
    const read = await getThread(owner, created.body.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it.each([
    ["a title of 201 characters", { title: "x".repeat(201) }, "title", "TOO_LONG"],
    ["a temperature above 2", { temperature: 2.5 }, "temperature", "TOO_BIG"],
    ["a temperature that is not a number", { temperature: "hot" }, "temperature", "INVALID_TYPE"],
    ["an unknown visibility", { visibility: "public" }, "visibility", "INVALID_VALUE"],
    ["a model id with spaces", { model: "my model" }, "model", "INVALID_FORMAT"],
    [
      "a system prompt over 20,000 characters",
      { systemPrompt: "x".repeat(20_001) },
      "systemPrompt",
      "TOO_LONG",
    ],
  ])("refuse %s on its field, adding nothing", async (_, json, field, code) => {
    const owner = await ownerWithSession(t);
    const response = await t.request("POST", "/threads", { token: owner.token, json });
    expect(response.status).toBe(422);
    expect(response.body.error.fieldCodes[field]).toBe(code);
    expect((await t.request("GET", "/threads", { token: owner.token })).body.total).toBe(0);
  });

  it("take digits only as ids: anything else is 422, an unknown number 404", async () => {
    const owner = await ownerWithSession(t);
    for (const id of ["abc", "12ab", "1.5", "-1", "1e3", "9".repeat(16)]) {
      const response = await getThread(owner, encodeURIComponent(id));
      expect(response.status, id).toBe(422);
      expect(response.body.error.fields.id).toBe("Not a thread id");
    }
    for (const id of ["0", "999999999"]) {
      expect((await getThread(owner, id)).status, id).toBe(404);
    }
    const thread = await newThread(owner);
    const bad = await stream(owner, `/threads/${thread.id}/messages/x1/regenerate`);
    expect(bad.status).toBe(422);
  });

  it("are their author's alone while private, readable by the organization once shared", async () => {
    const owner = await ownerWithSession(t);
    const member = await memberWithSession(t, owner.organizationId, "member");
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const stranger = await ownerWithSession(t);
    const secret = await newThread(owner, { title: "Secret" });
    const shared = await newThread(owner, { title: "Shared", visibility: "organization" });

    for (const session of [member, viewer, stranger]) {
      expect((await getThread(session, secret.id)).status).toBe(404);
      expect(
        (await t.request("GET", `/threads/${secret.id}/export?format=md`, session)).status,
      ).toBe(404);
      const patched = await t.request("PATCH", `/threads/${secret.id}`, {
        token: session.token,
        json: { title: "Mine now" },
      });
      expect(patched.status).toBe(session === viewer ? 403 : 404);
    }
    expect((await getThread(stranger, shared.id)).status).toBe(404);
    expect((await ask(stranger, shared.id, { content: "Hi" })).status).toBe(404);
    expect(
      (await t.request("DELETE", `/threads/${shared.id}`, { token: stranger.token })).status,
    ).toBe(404);

    const read = await getThread(viewer, shared.id);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ title: "Shared", mine: false });
    const listed = await t.request("GET", "/threads", { token: member.token });
    expect(listed.body.items.map((item: { title: string }) => item.title)).toEqual(["Shared"]);

    // Only the author writes in a shared thread.
    expect((await ask(member, shared.id, { content: "Hi" })).status).toBe(403);
    expect(
      (
        await t.request("PATCH", `/threads/${shared.id}`, {
          token: member.token,
          json: { pinned: true },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.request("DELETE", `/threads/${shared.id}`, { token: member.token })).status,
    ).toBe(403);
    expect(fake.requests).toHaveLength(0);
  });

  it("follow the role matrix: viewers read, members and up write", async () => {
    const owner = await ownerWithSession(t);
    const roles = await Promise.all(
      (["admin", "member", "viewer"] as const).map(async (role) => ({
        role,
        session: await memberWithSession(t, owner.organizationId, role),
      })),
    );
    for (const { role, session } of roles) {
      const created = await t.request("POST", "/threads", { token: session.token, json: {} });
      expect(created.status, role).toBe(role === "viewer" ? 403 : 201);
      expect((await t.request("GET", "/threads", { token: session.token })).status, role).toBe(200);
    }
    const viewer = roles.find((entry) => entry.role === "viewer")?.session as SignedInUser;
    const shared = await newThread(owner, { visibility: "organization" });
    const refused = await ask(viewer, shared.id, { content: "Hello" });
    expect(refused.status).toBe(403);
    expect(fake.requests).toHaveLength(0);
  });

  it("are listed pinned first, then by last activity; archived ones apart; paged", async () => {
    const owner = await ownerWithSession(t);
    const colleague = await memberWithSession(t, owner.organizationId, "member");
    const first = await newThread(owner, { title: "First" });
    const second = await newThread(owner, { title: "Second" });
    const third = await newThread(owner, { title: "Third" });
    const theirs = await newThread(colleague, { title: "Theirs", visibility: "organization" });
    await t.request("PATCH", `/threads/${theirs.id}`, {
      token: colleague.token,
      json: { pinned: true },
    });
    await t.request("PATCH", `/threads/${first.id}`, {
      token: owner.token,
      json: { pinned: true },
    });
    await t.request("PATCH", `/threads/${third.id}`, {
      token: owner.token,
      json: { archived: true },
    });
    await ask(owner, second.id, { content: "Wake up" });

    const titles = async (query: string) =>
      (await t.request("GET", `/threads${query}`, { token: owner.token })).body.items.map(
        (item: { title: string }) => item.title,
      );
    // Another's pin is theirs: their shared thread is listed by its activity.
    expect(await titles("")).toEqual(["First", "Second", "Theirs"]);
    expect(await titles("?archived=true")).toEqual(["Third"]);
    const page = await t.request("GET", "/threads?page=2&pageSize=2", { token: owner.token });
    expect(page.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.body.items.map((item: { title: string }) => item.title)).toEqual(["Theirs"]);
    // One to a page: the pin first, then the others in order, none twice and none missed.
    const oneByOne = await Promise.all([1, 2, 3, 4].map((n) => titles(`?page=${n}&pageSize=1`)));
    expect(oneByOne).toEqual([["First"], ["Second"], ["Theirs"], []]);
    expect((await t.request("GET", "/threads?archived=maybe", owner)).status).toBe(422);
  });

  it("change their title, pin, archive, visibility and settings; only with valid values", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner);
    const changed = await t.request("PATCH", `/threads/${thread.id}`, {
      token: owner.token,
      json: {
        title: "Plans",
        pinned: true,
        archived: true,
        visibility: "organization",
        model: "other-model",
        temperature: 1.5,
        systemPrompt: "Be kind.",
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      title: "Plans",
      pinned: true,
      archived: true,
      visibility: "organization",
      model: "other-model",
      temperature: 1.5,
      systemPrompt: "Be kind.",
    });
    const back = await t.request("PATCH", `/threads/${thread.id}`, {
      token: owner.token,
      json: { archived: false, model: null, temperature: null },
    });
    expect(back.body).toMatchObject({ archived: false, model: null, temperature: null });
    for (const json of [
      { pinned: "yes" },
      { temperature: -1 },
      { currentMessageId: "1" },
      { title: "a\u0000b" },
    ]) {
      const bad = await t.request("PATCH", `/threads/${thread.id}`, { token: owner.token, json });
      expect(bad.status, JSON.stringify(json)).toBe(422);
    }
    const unknown = await t.request("PATCH", `/threads/${thread.id}`, {
      token: owner.token,
      json: { currentMessageId: 999_999_999 },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fieldCodes.currentMessageId).toBe("UNKNOWN_MESSAGE");
  });

  it("are deleted for 30 days, restored by their author, and purged after", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { title: "Old" });
    const kept = await newThread(owner, { title: "Kept" });
    await ask(owner, thread.id, { content: "Something to remember" });
    expect((await t.request("DELETE", `/threads/${thread.id}`, owner)).status).toBe(204);
    const list = await t.request("GET", "/threads", owner);
    expect(list.body.items.map((item: { title: string }) => item.title)).toEqual(["Kept"]);
    const bin = await t.request("GET", "/threads?deleted=true", owner);
    expect(bin.body.items.map((item: { title: string }) => item.title)).toEqual(["Old"]);
    expect((await getThread(owner, thread.id)).body.deletedAt).not.toBeNull();
    const refused = await ask(owner, thread.id, { content: "Still there?" });
    expect(refused.status).toBe(409);
    expect(refused.body?.error.code).toBe("THREAD_DELETED");

    const restored = await t.request("POST", `/threads/${thread.id}/restore`, owner);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: "Old", deletedAt: null });
    expect(restored.body.messages).toHaveLength(2);

    await t.request("DELETE", `/threads/${thread.id}`, owner);
    await t.db
      .update(threads)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(threads.id, thread.id));
    expect((await t.request("POST", `/threads/${thread.id}/restore`, owner)).status).toBe(404);
    const storage = createLocalStorage(mkdtempSync(join(tmpdir(), "qalam-purge-")));
    expect((await purgeDeleted(t.db, storage)).threads).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(threads).where(eq(threads.id, thread.id))).toEqual([]);
    expect(await messagesOf(thread.id)).toEqual([]);
    expect((await getThread(owner, kept.id)).status).toBe(200);
  });
});

describe("asking", () => {
  it("streams the answer token by token and stores it as it was sent", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { systemPrompt: "You are terse.", temperature: 0.2 });
    fake.reply = "Paris is the capital of France.";
    const asked = await ask(owner, thread.id, { content: "What is the capital of France?" });

    expect(asked.status).toBe(200);
    expect(asked.headers.get("content-type")).toBe("text/event-stream");
    expect(asked.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    expect(asked.headers.get("cache-control")).toBe("no-store");
    expect(asked.deltas).toEqual(tokensOf(fake.reply));
    expect(asked.chunks.map((chunk) => chunk.type ?? chunk)).toEqual([
      "start",
      "text-start",
      ...asked.deltas.map(() => "text-delta"),
      "text-end",
      "data-title",
      "finish",
      "[DONE]",
    ]);
    const { userMessageId, assistantMessageId } = asked.start.messageMetadata;
    expect(asked.start).toMatchObject({
      messageId: String(assistantMessageId),
      messageMetadata: { threadId: thread.id, contextOmitted: 0, status: "streaming" },
    });
    expect(asked.finish.messageMetadata).toMatchObject({ status: "complete", error: null });

    const read = await getThread(owner, thread.id);
    expect(read.body.currentMessageId).toBe(assistantMessageId);
    expect(read.body.messages).toMatchObject([
      {
        id: userMessageId,
        role: "user",
        content: "What is the capital of France?",
        status: "complete",
        parentId: null,
        feedback: null,
        variants: { index: 0, count: 1, ids: [userMessageId] },
      },
      {
        id: assistantMessageId,
        role: "assistant",
        parentId: userMessageId,
        content: asked.deltas.join(""),
        status: "complete",
        error: null,
        model: "environment-chat",
        usage: { inputTokens: 12, outputTokens: asked.deltas.length },
        variants: { index: 0, count: 1, ids: [assistantMessageId] },
      },
    ]);

    // The model read the system prompt, then the question, at the thread's temperature.
    const request = fake.requests[0]?.body as Record<string, unknown>;
    expect(request).toMatchObject({ model: "environment-chat", temperature: 0.2, stream: true });
    expect(sentMessages()).toEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: "What is the capital of France?" },
    ]);
    const usage = await t.db
      .select()
      .from(aiUsage)
      .where(eq(aiUsage.organizationId, owner.organizationId));
    expect(usage.map((row) => [row.purpose, row.outcome]).sort()).toEqual([
      ["thread", "ok"],
      ["thread-title", "ok"],
    ]);
  });

  it("gives an untitled thread the model's title after its first answer, and keeps it after", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner);
    fake.reply = '"Capital of France."';
    const asked = await ask(owner, thread.id, { content: "What is the capital of France?" });
    expect(asked.chunks.find((chunk) => chunk.type === "data-title")).toEqual({
      type: "data-title",
      data: { title: "Capital of France" },
    });
    expect((await getThread(owner, thread.id)).body.title).toBe("Capital of France");
    fake.reset();
    await ask(owner, thread.id, { content: "And of Spain?" });
    expect(fake.requests).toHaveLength(1);
    expect((await getThread(owner, thread.id)).body.title).toBe("Capital of France");

    // A title given by its author is never replaced.
    const named = await newThread(owner, { title: "Named" });
    fake.reset();
    const second = await ask(owner, named.id, { content: "Hello" });
    expect(second.chunks.some((chunk) => chunk.type === "data-title")).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it("falls back to the first words of the question when the title call is refused", async () => {
    const owner = await ownerWithSession(t);
    // The answer's reservation (its prompt and its most) fits the limit; the long answer it
    // writes leaves too little for the title call's.
    await t.request("PUT", `/organizations/${owner.organizationId}/ai/quotas/chat`, {
      token: owner.token,
      json: { monthlyLimit: defaultMaxOutputTokens.chat + 200 },
    });
    fake.reply = "word ".repeat(defaultMaxOutputTokens.chat + 100).trim();
    const thread = await newThread(owner);
    const asked = await ask(owner, thread.id, {
      content: "Plan a week of lessons about the water cycle for ten-year-olds",
    });
    expect(asked.finish.messageMetadata.status).toBe("complete");
    const title = "Plan a week of lessons about the water cycle for…";
    expect(asked.chunks.find((chunk) => chunk.type === "data-title")?.data).toEqual({ title });
    expect((await getThread(owner, thread.id)).body.title).toBe(title);
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ["no content", {}, "REQUIRED"],
    ["blank content", { content: "  \n " }, "REQUIRED"],
    ["content that is not text", { content: 5 }, "INVALID_TYPE"],
    ["content over 100,000 characters", { content: "x".repeat(100_001) }, "TOO_LONG"],
    ["control characters", { content: "a\u0000b" }, "INVALID_CHARACTERS"],
  ])("refuses %s, adding nothing", async (_, json, code) => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner);
    const refused = await ask(owner, thread.id, json);
    expect(refused.status).toBe(422);
    expect(refused.body?.error).toMatchObject({ fieldCodes: { content: code } });
    expect(await messagesOf(thread.id)).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("takes 100,000 characters and a parent of the thread only", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { title: "Long" });
    const other = await newThread(owner, { title: "Other" });
    const long = await ask(owner, thread.id, { content: `${"word ".repeat(19_999)}last!` });
    expect(long.finish.messageMetadata.status).toBe("complete");
    const [question] = await messagesOf(thread.id);
    expect(question?.content).toHaveLength(100_000);
    const elsewhere = long.start.messageMetadata.assistantMessageId;
    const unknown = await ask(owner, other.id, { content: "Hi", parentId: elsewhere });
    expect(unknown.status).toBe(422);
    expect(unknown.body?.error.fieldCodes).toEqual({ parentId: "UNKNOWN_MESSAGE" });
    for (const parentId of ["1", 0, 1.5]) {
      const refused = await ask(owner, other.id, { content: "Hi", parentId });
      expect(refused.status, String(parentId)).toBe(422);
    }
    expect(await messagesOf(other.id)).toEqual([]);
  });

  it.each([
    ["the request is aborted", "abort"],
    ["the reader cancels the stream", "cancel"],
  ] as const)("stops the model when %s, keeping the text so far as stopped", async (_, how) => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { title: "Stopped" });
    fake.reply = "one two three four five six seven eight nine ten eleven twelve";
    fake.tokenDelayMs = 150;
    const controller = new AbortController();
    const asked = await ask(
      owner,
      thread.id,
      { content: "Count to twelve" },
      {
        signal: controller.signal,
        cancelAfter: how === "cancel" ? (chunk) => chunk.delta === " three" : undefined,
        onChunk: (chunk) => {
          if (how === "abort" && chunk.delta === " three") controller.abort();
        },
      },
    );
    expect(asked.deltas.slice(0, 3)).toEqual(["one", " two", " three"]);
    await waitFor(() => fake.openRequests() === 0, "the provider's request to close");
    await waitFor(
      async () => (await messagesOf(thread.id)).some((message) => message.status === "stopped"),
      "the answer to be stopped",
    );
    const [, answer] = await messagesOf(thread.id);
    expect(answer?.content.startsWith("one two three")).toBe(true);
    expect(answer?.content.length).toBeLessThan(fake.reply.length);
    expect(answer?.errorCode).toBeNull();
    if (how === "abort") {
      expect(asked.finish.messageMetadata).toMatchObject({ status: "stopped", error: null });
    }
    const read = await getThread(owner, thread.id);
    expect(read.body.messages[1]).toMatchObject({ status: "stopped", error: null });
    const [usage] = await t.db
      .select()
      .from(aiUsage)
      .where(eq(aiUsage.organizationId, owner.organizationId));
    expect(usage?.outcome).toBe("AI_CANCELLED");
    // The provider sent no count before the stop: what it wrote is counted from the text, and
    // what it read from the prompt.
    expect(usage?.outputTokens).toBe(estimateTokens(answer?.content ?? ""));
    expect(usage?.outputTokens).toBeGreaterThan(0);
    expect(usage?.inputTokens).toBeGreaterThan(0);
    expect(usage?.units).toBe((usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0));

    // The thread takes the next question at once.
    fake.tokenDelayMs = 0;
    expect((await ask(owner, thread.id, { content: "Again" })).status).toBe(200);
  });

  it("writes one answer at a time in a thread: 409 ANSWER_IN_PROGRESS meanwhile", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { title: "Busy" });
    fake.reply = "a b c d e f";
    fake.tokenDelayMs = 100;
    const first = ask(owner, thread.id, { content: "Slowly" });
    await waitFor(() => fake.openRequests() === 1, "the first answer to start");
    const second = await ask(owner, thread.id, { content: "Quickly" });
    expect(second.status).toBe(409);
    expect(second.body?.error.code).toBe("ANSWER_IN_PROGRESS");
    expect((await first).finish.messageMetadata.status).toBe("complete");
    expect(await messagesOf(thread.id)).toHaveLength(2);
  });

  it("stores a provider's refusal of the key as a failed answer with its code; the question stays", async () => {
    const owner = await ownerWithSession(t);
    await t.request("PUT", `/organizations/${owner.organizationId}/ai/chat`, {
      token: owner.token,
      json: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        model: "own-model",
        apiKey: "sk-not-the-right-key",
      },
    });
    const thread = await newThread(owner);
    const asked = await ask(owner, thread.id, { content: "Hello?" });
    expect(asked.status).toBe(200);
    expect(asked.chunks.find((chunk) => chunk.type === "error")).toMatchObject({
      errorText: expect.stringContaining("Incorrect API key"),
    });
    expect(asked.finish.messageMetadata).toMatchObject({
      status: "failed",
      error: { code: "AI_BAD_KEY" },
    });
    const read = await getThread(owner, thread.id);
    expect(read.body.title).toBe("");
    expect(read.body.messages).toMatchObject([
      { role: "user", content: "Hello?", status: "complete" },
      {
        role: "assistant",
        content: "",
        status: "failed",
        model: "own-model",
        error: { code: "AI_BAD_KEY", message: expect.stringContaining("Incorrect API key") },
      },
    ]);
  });

  it.each([
    ["rate-limited", "AI_PROVIDER_QUOTA"],
    ["missing-model", "AI_UNKNOWN_MODEL"],
    ["refusing", "AI_REFUSED"],
    ["malformed", "AI_BAD_RESPONSE"],
  ])("stores the failure of model %s as %s", async (model, code) => {
    const owner = await ownerWithSession(t);
    fake.rateLimitedTimes = 10;
    const thread = await newThread(owner, { model });
    const asked = await ask(owner, thread.id, { content: "Hello?" });
    expect(asked.finish.messageMetadata.error.code).toBe(code);
    const [question, answer] = await messagesOf(thread.id);
    expect(question).toMatchObject({ role: "user", content: "Hello?" });
    expect(answer).toMatchObject({ status: "failed", errorCode: code, model });
    // The failed answer is no context for the next question.
    fake.reset();
    await t.request("PATCH", `/threads/${thread.id}`, {
      token: owner.token,
      json: { model: null },
    });
    await ask(owner, thread.id, { content: "Again?" });
    expect(sentMessages().map((message) => message.content)).toEqual(["Hello?", "Again?"]);
  });

  it("ends an answer at its deadline when the model stalls, keeping what came", async () => {
    const owner = await ownerWithSession(bare);
    await bare.request("PUT", `/organizations/${owner.organizationId}/ai/chat`, {
      token: owner.token,
      json: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        model: "stalled",
        apiKey: fake.apiKey,
      },
    });
    fake.reply = "Half an answer";
    const thread = await newThread(owner, {}, bare);
    const started = Date.now();
    const asked = await ask(owner, thread.id, { content: "Go on" }, { api: bare });
    expect(Date.now() - started).toBeGreaterThanOrEqual(deadlineMs - 50);
    expect(asked.deltas).toEqual(["Half"]);
    expect(asked.finish.messageMetadata.error.code).toBe("AI_TIMEOUT");
    const [, answer] = await messagesOf(thread.id, bare);
    expect(answer).toMatchObject({ status: "failed", errorCode: "AI_TIMEOUT", content: "Half" });
    const [usage] = await bare.db
      .select()
      .from(aiUsage)
      .where(eq(aiUsage.organizationId, owner.organizationId));
    expect(usage).toMatchObject({ outcome: "AI_TIMEOUT", outputTokens: estimateTokens("Half") });
    await waitFor(() => fake.openRequests() === 0, "the stalled request to close");
  });

  it("counts an answer by its text when the provider sends no usage", async () => {
    const owner = await ownerWithSession(t);
    await t.request("PUT", `/organizations/${owner.organizationId}/ai/chat`, {
      token: owner.token,
      json: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        model: "no-usage",
        apiKey: fake.apiKey,
      },
    });
    fake.reply = "An answer that nobody counted";
    const thread = await newThread(owner, { title: "Uncounted" }, t);
    const asked = await ask(owner, thread.id, { content: "Count this" }, { api: t });
    expect(asked.finish.messageMetadata.status).toBe("complete");
    const [usage] = await t.db
      .select()
      .from(aiUsage)
      .where(eq(aiUsage.organizationId, owner.organizationId));
    expect(usage).toMatchObject({ outcome: "ok", outputTokens: estimateTokens(fake.reply) });
    expect(usage?.units).toBe((usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0));
    expect(usage?.inputTokens).toBeGreaterThan(0);
  });

  it("is refused with 409 AI_NOT_CONFIGURED without a chat model, adding nothing", async () => {
    const owner = await ownerWithSession(bare);
    const thread = await newThread(owner, {}, bare);
    const refused = await ask(owner, thread.id, { content: "Anyone there?" }, { api: bare });
    expect(refused.status).toBe(409);
    expect(refused.body?.error.code).toBe("AI_NOT_CONFIGURED");
    expect(await messagesOf(thread.id, bare)).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ["past the month's quota", 0],
    ["when what is left cannot hold the answer's reservation", 100],
  ])("is refused with 429 QUOTA_EXCEEDED %s, adding nothing", async (_, monthlyLimit) => {
    const owner = await ownerWithSession(t);
    await t.request("PUT", `/organizations/${owner.organizationId}/ai/quotas/chat`, {
      token: owner.token,
      json: { monthlyLimit },
    });
    const thread = await newThread(owner);
    const refused = await ask(owner, thread.id, { content: "One more?" });
    expect(refused.status).toBe(429);
    expect(refused.body?.error.code).toBe("QUOTA_EXCEEDED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await messagesOf(thread.id)).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("sends the newest messages that fit the context, and says how many were left out", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { title: "Long talk" });
    const long = (letter: string) => letter.repeat(Math.floor(contextCharacters * 0.4));
    fake.reply = "Noted.";
    await ask(owner, thread.id, { content: long("a") });
    await ask(owner, thread.id, { content: long("b") });
    const third = await ask(owner, thread.id, { content: long("c") });
    expect(third.start.messageMetadata.contextOmitted).toBe(1);
    expect(sentMessages(2).map((message) => message.content.slice(0, 6))).toEqual([
      "Noted.",
      "bbbbbb",
      "Noted.",
      "cccccc",
    ]);
    const read = await getThread(owner, thread.id);
    expect(read.body.messages.at(-1).contextOmitted).toBe(1);
  });
});

describe("asking in a new thread", () => {
  const threadsOf = async (session: Session, api = t) =>
    (await api.request("GET", "/threads", { token: session.token })).body.total as number;

  it("starts the thread with the question and streams the answer, naming the thread", async () => {
    const owner = await ownerWithSession(t);
    fake.reply = "Hello there";
    const asked = await stream(owner, "/threads/messages", { content: "Hi" });
    expect(asked.status).toBe(200);
    const threadId = asked.start.messageMetadata.threadId;
    expect(typeof threadId).toBe("number");
    expect(asked.finish.messageMetadata.status).toBe("complete");
    const messages = await messagesOf(threadId);
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ["user", "Hi"],
      ["assistant", "Hello there"],
    ]);
    expect(await threadsOf(owner)).toBe(1);
  });

  it("leaves no thread behind without a chat model (409 AI_NOT_CONFIGURED)", async () => {
    const owner = await ownerWithSession(bare);
    const refused = await stream(owner, "/threads/messages", { content: "Anyone?" }, { api: bare });
    expect(refused.status).toBe(409);
    expect(refused.body?.error.code).toBe("AI_NOT_CONFIGURED");
    expect(await threadsOf(owner, bare)).toBe(0);
    const [left] = await bare.db
      .select({ total: count() })
      .from(threads)
      .where(eq(threads.organizationId, owner.organizationId));
    expect(left?.total).toBe(0);
  });

  it("leaves no thread behind past the month's quota (429 QUOTA_EXCEEDED)", async () => {
    const owner = await ownerWithSession(t);
    await t.request("PUT", `/organizations/${owner.organizationId}/ai/quotas/chat`, {
      token: owner.token,
      json: { monthlyLimit: 0 },
    });
    const refused = await stream(owner, "/threads/messages", { content: "One more?" });
    expect(refused.status).toBe(429);
    expect(refused.body?.error.code).toBe("QUOTA_EXCEEDED");
    expect(await threadsOf(owner)).toBe(0);
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses an empty question and a viewer, making nothing", async () => {
    const owner = await ownerWithSession(t);
    const empty = await stream(owner, "/threads/messages", { content: "  " });
    expect(empty.status).toBe(422);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const refused = await stream(viewer, "/threads/messages", { content: "Hi" });
    expect(refused.status).toBe(403);
    expect(await threadsOf(owner)).toBe(0);
  });
});

describe("variants and branches", () => {
  it("write an answer again beside the first, and show either", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { title: "Variants" });
    fake.reply = "First answer.";
    const first = await ask(owner, thread.id, { content: "Tell me something" });
    const firstId = first.start.messageMetadata.assistantMessageId;
    const questionId = first.start.messageMetadata.userMessageId;
    fake.reply = "Second answer.";
    const again = await regenerate(owner, thread.id, firstId);
    expect(again.status).toBe(200);
    expect(again.deltas.join("")).toBe("Second answer.");
    const secondId = again.start.messageMetadata.assistantMessageId;
    expect(again.start.messageMetadata.userMessageId).toBe(questionId);
    // The model read the question alone, not the first answer.
    expect(sentMessages(1)).toEqual([{ role: "user", content: "Tell me something" }]);

    const read = await getThread(owner, thread.id);
    expect(read.body.currentMessageId).toBe(secondId);
    expect(read.body.messages.map((message: { content: string }) => message.content)).toEqual([
      "Tell me something",
      "Second answer.",
    ]);
    expect(read.body.messages[1]).toMatchObject({
      parentId: questionId,
      variants: { index: 1, count: 2, ids: [firstId, secondId] },
    });

    const picked = await t.request("PATCH", `/threads/${thread.id}`, {
      token: owner.token,
      json: { currentMessageId: firstId },
    });
    expect(picked.body.messages[1]).toMatchObject({
      content: "First answer.",
      variants: { index: 0, count: 2 },
    });

    const ofQuestion = await regenerate(owner, thread.id, questionId);
    expect(ofQuestion.status).toBe(422);
    expect(ofQuestion.body?.error.code).toBe("NOT_AN_ANSWER");
    expect((await regenerate(owner, thread.id, 999_999_999)).status).toBe(404);
  });

  it("branch from an earlier question: an edit is a sibling, and each branch keeps its answers", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { title: "Branches" });
    fake.reply = "A1";
    const one = await ask(owner, thread.id, { content: "Q1" });
    fake.reply = "A2";
    const two = await ask(owner, thread.id, { content: "Q2" });
    const a1 = one.start.messageMetadata.assistantMessageId;
    const q2 = two.start.messageMetadata.userMessageId;

    fake.reply = "A2 edited";
    const edited = await ask(owner, thread.id, { content: "Q2 edited", parentId: a1 });
    expect(sentMessages(2)).toEqual([
      { role: "user", content: "Q1" },
      { role: "assistant", content: "A1" },
      { role: "user", content: "Q2 edited" },
    ]);
    const read = await getThread(owner, thread.id);
    expect(read.body.messages.map((message: { content: string }) => message.content)).toEqual([
      "Q1",
      "A1",
      "Q2 edited",
      "A2 edited",
    ]);
    expect(read.body.messages[2].variants).toEqual({
      index: 1,
      count: 2,
      ids: [q2, edited.start.messageMetadata.userMessageId],
    });

    // Back to the first version of the question: its branch, down to its answer.
    const back = await t.request("PATCH", `/threads/${thread.id}`, {
      token: owner.token,
      json: { currentMessageId: q2 },
    });
    expect(back.body.messages.map((message: { content: string }) => message.content)).toEqual([
      "Q1",
      "A1",
      "Q2",
      "A2",
    ]);

    // From the start: a new first question.
    fake.reply = "Fresh";
    await ask(owner, thread.id, { content: "Q1 again", parentId: null });
    expect(sentMessages(3)).toEqual([{ role: "user", content: "Q1 again" }]);
    const fresh = await getThread(owner, thread.id);
    expect(fresh.body.messages).toHaveLength(2);
    expect(fresh.body.messages[0].variants).toMatchObject({ index: 1, count: 2 });
  });
});

describe("feedback", () => {
  it("rates an answer by its thread's author, and takes the rating back", async () => {
    const owner = await ownerWithSession(t);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const thread = await newThread(owner, { title: "Rated", visibility: "organization" });
    const asked = await ask(owner, thread.id, { content: "Hi" });
    const { userMessageId, assistantMessageId } = asked.start.messageMetadata;
    const path = `/threads/${thread.id}/messages/${assistantMessageId}/feedback`;
    const rated = await t.request("PUT", path, {
      token: owner.token,
      json: { rating: "down", note: "Too short" },
    });
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({
      id: assistantMessageId,
      feedback: { rating: "down", note: "Too short" },
    });
    const cleared = await t.request("PUT", path, { token: owner.token, json: { rating: null } });
    expect(cleared.body.feedback).toEqual({ rating: null, note: "" });

    const byViewer = await t.request("PUT", path, { token: viewer.token, json: { rating: "up" } });
    expect(byViewer.status).toBe(403);
    for (const json of [{}, { rating: "meh" }, { rating: "up", note: "x".repeat(2_001) }]) {
      const bad = await t.request("PUT", path, { token: owner.token, json });
      expect(bad.status, JSON.stringify(json)).toBe(422);
    }
    const ofQuestion = await t.request(
      "PUT",
      `/threads/${thread.id}/messages/${userMessageId}/feedback`,
      { token: owner.token, json: { rating: "up" } },
    );
    expect(ofQuestion.status).toBe(422);
    expect(ofQuestion.body.error.code).toBe("NOT_AN_ANSWER");
    const elsewhere = await newThread(owner);
    const wrongThread = await t.request(
      "PUT",
      `/threads/${elsewhere.id}/messages/${assistantMessageId}/feedback`,
      { token: owner.token, json: { rating: "up" } },
    );
    expect(wrongThread.status).toBe(404);
  });
});

describe("search", () => {
  it("finds threads by title and by their messages, in Arabic and English, through the indexes", async () => {
    const owner = await ownerWithSession(t);
    const colleague = await memberWithSession(t, owner.organizationId, "member");
    const school = await newThread(owner, { title: "زيارة" });
    fake.reply = "Sure.";
    await ask(owner, school.id, { content: "نخطط لزيارة المدرسة يوم الأحد" });
    await newThread(owner, { title: "Printing reports" });
    const hidden = await newThread(colleague, { title: "Private school notes" });
    await ask(colleague, hidden.id, { content: "المدرسة" });

    const arabic = await t.request("GET", `/threads?q=${encodeURIComponent("مدرسه")}`, owner);
    expect(arabic.body.items.map((item: { id: number }) => item.id)).toEqual([school.id]);
    expect(arabic.body.items[0].highlights.message).toContainEqual({
      text: "المدرسة",
      match: true,
    });
    const english = await t.request("GET", "/threads?q=report", owner);
    expect(english.body.items.map((item: { title: string }) => item.title)).toEqual([
      "Printing reports",
    ]);
    expect(english.body.items[0].highlights).toEqual({
      title: [
        { text: "Printing ", match: false },
        { text: "reports", match: true },
      ],
      message: null,
    });

    const plan = async (query: ReturnType<typeof sql>) =>
      JSON.stringify(
        await t.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          return tx.execute(query);
        }),
      );
    expect(
      await plan(
        sql`explain select thread_id from ${threadMessages} where ${threadMessages.search} @@ qalam_search_query(${"مدرسه"})`,
      ),
    ).toContain("thread_messages_search_idx");
    expect(
      await plan(
        sql`explain select id from ${threads} where ${threads.search} @@ qalam_search_query(${"report"})`,
      ),
    ).toContain("threads_search_idx");
  });
});

describe("export", () => {
  it("gives the current branch as Markdown, and every message as JSON", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { title: "خطة الأسبوع", systemPrompt: "Be brief." });
    fake.reply = "First.";
    const first = await ask(owner, thread.id, { content: "Plan?" });
    fake.reply = "Second.";
    await regenerate(owner, thread.id, first.start.messageMetadata.assistantMessageId);

    const md = await t.request("GET", `/threads/${thread.id}/export?format=md`, owner);
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.headers.get("content-disposition")).toContain(
      `filename*=UTF-8''${encodeURIComponent("خطة الأسبوع.md")}`,
    );
    expect(md.text).toBe(
      "# خطة الأسبوع\n\n**System prompt**\n\nBe brief.\n\n## You\n\nPlan?\n\n" +
        "## Assistant (environment-chat)\n\nSecond.\n",
    );

    const json = await t.request("GET", `/threads/${thread.id}/export?format=json`, owner);
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(json.body.thread).toMatchObject({ id: thread.id, title: "خطة الأسبوع" });
    expect(json.body.thread.messages).toBeUndefined();
    expect(json.body.messages.map((message: { content: string }) => message.content)).toEqual([
      "Plan?",
      "First.",
      "Second.",
    ]);
    expect((await t.request("GET", `/threads/${thread.id}/export?format=pdf`, owner)).status).toBe(
      422,
    );
  });
});

describe("events", () => {
  it("tell the organization of a shared thread's changes, and keep a private one's to its author", async () => {
    const owner = await ownerWithSession(t);
    const events = await organizationEvents(t.api, owner.token, owner.organizationId);
    try {
      await newThread(owner, { title: "Private" });
      const shared = await newThread(owner, { visibility: "organization" });
      await ask(owner, shared.id, { content: "Hello" });
      const received = [];
      for (let index = 0; index < 4; index++) received.push(await events.next());
      expect(received.map((event) => [event.type, event.id])).toEqual([
        ["thread.created", String(shared.id)],
        ["message.created", String(shared.id)],
        ["message.completed", String(shared.id)],
        ["thread.updated", String(shared.id)],
      ]);
    } finally {
      await events.close();
    }
  });
});

describe("answers left by a writer that is gone", () => {
  it("count as stopped once untouched for a minute, and do not block the thread", async () => {
    const owner = await ownerWithSession(t);
    const thread = await newThread(owner, { title: "Crashed" });
    await ask(owner, thread.id, { content: "Hi" });
    const [, answer] = await messagesOf(thread.id);
    await t.db
      .update(threadMessages)
      .set({ status: "streaming", updatedAt: sql`now() - interval '2 minutes'` })
      .where(and(eq(threadMessages.id, answer?.id as number)));
    const read = await getThread(owner, thread.id);
    expect(read.body.messages[1].status).toBe("stopped");
    expect((await ask(owner, thread.id, { content: "Still there?" })).status).toBe(200);
  });
});
