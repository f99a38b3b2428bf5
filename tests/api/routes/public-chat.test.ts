import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { purgeExpiredConversations } from "../../../api/bots/bot-retention";
import { aiUsage, botCards, botConversations, botMessages, media } from "../../../api/db/schema";
import type { FakeAiServer } from "../../support/fake-ai-server";
import { startFakeChatApi } from "../fake-chat-api";
import {
  createTestApi,
  libraryImage,
  memberWithSession,
  ownerWithSession,
  type TestApi,
  testAppUrl,
} from "../helpers";

let fake: FakeAiServer;
let t: TestApi;
/** No chat model anywhere: bots answer with their fallback message. */
let bare: TestApi;
let closeFake: () => Promise<void>;

beforeAll(async () => {
  const started = await startFakeChatApi();
  fake = started.fake;
  t = started.t;
  closeFake = started.close;
  bare = await createTestApi({ ai: { allowPrivateNetwork: true, offlineVoice: false } });
});
afterAll(async () => {
  await Promise.all([closeFake(), bare.close()]);
});
beforeEach(() => fake.reset());

const page = "https://shop.example";
let addressCounter = 0;
const nextAddress = () => `203.0.113.${++addressCounter}`;

type Owner = Awaited<ReturnType<typeof ownerWithSession>>;

async function newBot(owner: Owner, json: Record<string, unknown> = {}, api = t) {
  const response = await api.request("POST", "/bots", {
    token: owner.token,
    json: {
      name: "Helper",
      status: "live",
      allowedDomains: ["shop.example", "*.example.org"],
      instructions: "Answer about the shop.",
      fallbackMessage: "We will write back soon.",
      ...json,
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; publicId: string };
}

const path = (publicId: string) => `/public/bots/${publicId}`;

async function start(
  publicId: string,
  options: { api?: TestApi; json?: Record<string, unknown>; ip?: string; origin?: string } = {},
) {
  const api = options.api ?? t;
  return api.request("POST", `${path(publicId)}/conversations`, {
    json: options.json ?? { locale: "en" },
    headers: { origin: options.origin ?? page, "x-forwarded-for": options.ip ?? nextAddress() },
  });
}

async function conversation(publicId: string, api = t, ip = nextAddress()) {
  const response = await start(publicId, { api, ip });
  expect(response.status, response.text).toBe(201);
  return { ...(response.body as { conversationId: string; token: string }), ip };
}

function send(
  publicId: string,
  chat: { conversationId: string; token: string; ip?: string },
  text: string,
  clientMessageId: string = crypto.randomUUID(),
  api = t,
) {
  return api.request("POST", `${path(publicId)}/conversations/${chat.conversationId}/messages`, {
    token: chat.token,
    json: { text, clientMessageId },
    headers: { origin: page, "x-forwarded-for": chat.ip ?? nextAddress() },
  });
}

// biome-ignore lint/suspicious/noExplicitAny: chunks of every shape
function chunks(text: string): any[] {
  return text
    .split("\n\n")
    .map((event) => event.trim())
    .filter((event) => event.startsWith("data: ") && event !== "data: [DONE]")
    .map((event) => JSON.parse(event.slice(6)));
}

const answerText = (text: string) =>
  chunks(text)
    .filter((chunk) => chunk.type === "text-delta")
    .map((chunk) => chunk.delta)
    .join("");

describe("the full-page chat's bot", () => {
  it("gives the name, the language and the domains that may frame the page, and nothing else", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner, { name: "Sales", language: "ar", instructions: "Secret plan" });
    const response = await t.request("GET", `${path(bot.publicId)}/page`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      publicId: bot.publicId,
      name: "Sales",
      language: "ar",
      allowedDomains: ["shop.example", "*.example.org"],
    });
  });

  it("is 404 for an unknown bot, a draft, a deleted bot and a page the bot does not allow", async () => {
    const owner = await ownerWithSession(t);
    const draft = await newBot(owner, { status: "draft" });
    const deleted = await newBot(owner);
    const live = await newBot(owner);
    const removed = await t.request("DELETE", `/bots/${deleted.id}`, { token: owner.token });
    expect(removed.status).toBe(204);
    for (const publicId of ["nope", draft.publicId, deleted.publicId]) {
      const response = await t.request("GET", `${path(publicId)}/page`);
      expect(response.status, publicId).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
    const refused = await t.request("GET", `${path(live.publicId)}/page`, {
      headers: { origin: "https://evil.example" },
    });
    expect(refused.status).toBe(404);
  });
});

describe("the public configuration", () => {
  it("gives what the widget needs and nothing secret, with CORS for an allowed page", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner, { instructions: "Secret plan" });
    const response = await t.request("GET", path(bot.publicId), { headers: { origin: page } });
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(
      [
        "appearance",
        "avatarUrl",
        "language",
        "leadForm",
        "maxMessageLength",
        "name",
        "publicId",
      ].sort(),
    );
    expect(response.text).not.toContain("Secret plan");
    expect(response.headers.get("access-control-allow-origin")).toBe(page);
    const sub = await t.request("GET", path(bot.publicId), {
      headers: { origin: "https://a.example.org" },
    });
    expect(sub.status).toBe(200);
  });

  it("is 404 for an unknown bot, a draft bot and a page the bot does not allow", async () => {
    const owner = await ownerWithSession(t);
    const draft = await newBot(owner, { status: "draft" });
    const live = await newBot(owner);
    expect((await t.request("GET", path("nope"))).status).toBe(404);
    expect((await t.request("GET", path(draft.publicId))).status).toBe(404);
    const refused = await t.request("GET", path(live.publicId), {
      headers: { origin: "https://evil.example" },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("NOT_FOUND");
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("takes the product's own pages (the full-page chat) and no look-alike of its origin", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner, { allowedDomains: [] });
    const own = await t.request("GET", path(bot.publicId), { headers: { origin: testAppUrl } });
    expect(own.status, own.text).toBe(200);
    expect(own.headers.get("access-control-allow-origin")).toBe(testAppUrl);
    const started = await start(bot.publicId, { origin: testAppUrl });
    expect(started.status, started.text).toBe(201);
    for (const origin of [
      "https://qalam.test",
      "http://qalam.test:8080",
      "http://qalam.test.evil.example",
      "http://evilqalam.test",
      "null",
    ]) {
      const refused = await t.request("GET", path(bot.publicId), { headers: { origin } });
      expect(refused.status, origin).toBe(404);
      expect((await start(bot.publicId, { origin })).status, origin).toBe(404);
    }
  });

  it("answers a preflight for an allowed page only", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const preflight = (origin: string) =>
      t.request("OPTIONS", `${path(bot.publicId)}/conversations`, {
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
    const allowed = await preflight(page);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(page);
    expect(allowed.headers.get("access-control-allow-headers")).toContain("authorization");
    const refused = await preflight("https://evil.example");
    expect(refused.status).toBe(404);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("a conversation", () => {
  it("streams the bot's answer in the threads' format, stores it and counts its usage", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner, { temperature: 0.3 });
    const chat = await conversation(bot.publicId);
    fake.reply = "Open from nine to five.";
    const response = await send(bot.publicId, chat, "When are you open?");
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("access-control-allow-origin")).toBe(page);
    const all = chunks(response.text);
    expect(all[0].type).toBe("start");
    expect(all[0].messageMetadata.conversationId).toBe(chat.conversationId);
    expect(answerText(response.text)).toBe("Open from nine to five.");
    const finish = all.at(-1);
    expect(finish.type).toBe("finish");
    expect(finish.messageMetadata).toMatchObject({ status: "complete", fallback: false });
    expect(response.text).toContain("data: [DONE]");

    // The model read the bot's instructions and the visitor's message.
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    expect(sent).toContain("Answer about the shop.");
    expect(sent).toContain("When are you open?");

    const listed = await t.request(
      "GET",
      `${path(bot.publicId)}/conversations/${chat.conversationId}/messages`,
      { token: chat.token, headers: { origin: page } },
    );
    expect(listed.status).toBe(200);
    expect(
      listed.body.items.map((m: { role: string; text: string; status: string }) => [
        m.role,
        m.text,
        m.status,
      ]),
    ).toEqual([
      ["user", "When are you open?", "complete"],
      ["assistant", "Open from nine to five.", "complete"],
    ]);
    const [answer] = await t.db
      .select()
      .from(botMessages)
      .where(eq(botMessages.id, Number(finish.messageMetadata.assistantMessageId)));
    expect(answer?.model).toBe("environment-chat");
    expect(answer?.outputTokens).toBeGreaterThan(0);
    expect(answer?.firstTokenMs).not.toBeNull();

    const usage = await t.db
      .select()
      .from(aiUsage)
      .where(and(eq(aiUsage.organizationId, owner.organizationId), eq(aiUsage.purpose, "bot")));
    expect(usage).toHaveLength(1);
    expect(usage[0]?.units).toBeGreaterThan(0);

    // The next answer reads the whole conversation.
    const second = await send(bot.publicId, chat, "And on Sunday?");
    expect(second.status).toBe(200);
    const history = JSON.stringify(fake.requests.at(-1)?.body);
    expect(history).toContain("When are you open?");
    expect(history).toContain("Open from nine to five.");
  });

  it("speaks as its persona, the character's card read as a thread with it reads it", async () => {
    const owner = await ownerWithSession(t);
    const character = await t.request("POST", "/characters", {
      token: owner.token,
      json: {
        name: "Layla",
        visibility: "organization",
        description: "{{char}} knows every shelf of the shop and greets {{user}} warmly.",
      },
    });
    expect(character.status, character.text).toBe(201);
    const bot = await newBot(owner, { characterId: character.body.id });
    const response = await send(bot.publicId, await conversation(bot.publicId), "Hello?");
    expect(response.status, response.text).toBe(200);
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    expect(sent).toContain("Layla knows every shelf of the shop and greets the visitor warmly.");
    expect(sent).not.toContain("{{char}}");
    expect(sent).toContain("Answer about the shop.");
  });

  it("answers with the owner's fallback message, marked as such, without a chat model", async () => {
    const owner = await ownerWithSession(bare);
    const bot = await newBot(owner, {}, bare);
    const chat = await conversation(bot.publicId, bare);
    const response = await send(bot.publicId, chat, "Hello?", undefined, bare);
    expect(response.status, response.text).toBe(200);
    expect(answerText(response.text)).toBe("We will write back soon.");
    expect(chunks(response.text).at(-1).messageMetadata).toMatchObject({
      status: "complete",
      fallback: true,
    });
    const listed = await bare.request(
      "GET",
      `${path(bot.publicId)}/conversations/${chat.conversationId}/messages`,
      { token: chat.token },
    );
    expect(listed.body.items[1]).toMatchObject({
      text: "We will write back soon.",
      fallback: true,
    });
    const usage = await bare.db
      .select()
      .from(aiUsage)
      .where(eq(aiUsage.organizationId, owner.organizationId));
    expect(usage).toHaveLength(0);
  });

  it("stores a message once per clientMessageId and replays its answer", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const chat = await conversation(bot.publicId);
    const first = await send(bot.publicId, chat, "Hi", "same-id");
    const again = await send(bot.publicId, chat, "Hi", "same-id");
    expect(again.status, again.text).toBe(200);
    expect(answerText(again.text)).toBe(answerText(first.text));
    expect(chunks(again.text)[0].messageMetadata.assistantMessageId).toBe(
      chunks(first.text)[0].messageMetadata.assistantMessageId,
    );
    const rows = await t.db
      .select()
      .from(botMessages)
      .where(eq(botMessages.conversationId, Number(chat.conversationId)));
    expect(rows).toHaveLength(2);
    expect(fake.requests.filter((r) => r.path.includes("chat"))).toHaveLength(1);
  });

  it("rates an answer, and takes the rating back", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const chat = await conversation(bot.publicId);
    const sent = await send(bot.publicId, chat, "Hi");
    const { assistantMessageId, userMessageId } = chunks(sent.text)[0].messageMetadata;
    const feedback = (messageId: string, rating: string | null) =>
      t.request("POST", `${path(bot.publicId)}/conversations/${chat.conversationId}/feedback`, {
        token: chat.token,
        json: { messageId, rating },
      });
    expect((await feedback(assistantMessageId, "up")).status).toBe(204);
    let [row] = await t.db
      .select()
      .from(botMessages)
      .where(eq(botMessages.id, Number(assistantMessageId)));
    expect(row?.rating).toBe("up");
    expect((await feedback(assistantMessageId, null)).status).toBe(204);
    [row] = await t.db
      .select()
      .from(botMessages)
      .where(eq(botMessages.id, Number(assistantMessageId)));
    expect(row?.rating).toBeNull();
    expect((await feedback(userMessageId, "down")).status).toBe(404);
    expect((await feedback(assistantMessageId, "sideways")).status).toBe(422);
  });
});

describe("hostile visitors", () => {
  it("opens only the token's own conversation", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const mine = await conversation(bot.publicId);
    const theirs = await conversation(bot.publicId);
    await send(bot.publicId, theirs, "Private question");
    const read = await t.request(
      "GET",
      `${path(bot.publicId)}/conversations/${theirs.conversationId}/messages`,
      { token: mine.token },
    );
    expect(read.status).toBe(404);
    expect(read.body.error.code).toBe("NOT_FOUND");
    const write = await send(bot.publicId, { ...theirs, token: mine.token }, "Hijack");
    expect(write.status).toBe(404);
    // Another bot's address with the same token: 404 too.
    const other = await newBot(owner);
    const elsewhere = await t.request(
      "GET",
      `${path(other.publicId)}/conversations/${mine.conversationId}/messages`,
      { token: mine.token },
    );
    expect(elsewhere.status).toBe(404);
    // No token or a forged one: 401.
    const at = mine.token.length - 10;
    const tampered = `${mine.token.slice(0, at)}${mine.token[at] === "A" ? "B" : "A"}${mine.token.slice(at + 1)}`;
    for (const token of [undefined, "forged", tampered]) {
      const response = await t.request(
        "GET",
        `${path(bot.publicId)}/conversations/${mine.conversationId}/messages`,
        { token },
      );
      expect(response.status).toBe(401);
    }
  });

  it("talks as a draft bot only with a member's preview token", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner, { status: "draft" });
    expect((await start(bot.publicId)).status).toBe(404);
    const forged = await start(bot.publicId, { json: { previewToken: "forged" } });
    expect(forged.status).toBe(401);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const issued = await t.request("POST", `/bots/${bot.id}/preview-token`, {
      token: viewer.token,
    });
    expect(issued.status, issued.text).toBe(201);
    const outsider = await ownerWithSession(t);
    const refused = await t.request("POST", `/bots/${bot.id}/preview-token`, {
      token: outsider.token,
    });
    expect(refused.status).toBe(404);
    // A token for another bot does not open this one.
    const other = await newBot(owner, { status: "draft" });
    const otherToken = await t.request("POST", `/bots/${other.id}/preview-token`, {
      token: owner.token,
    });
    expect(
      (await start(bot.publicId, { json: { previewToken: otherToken.body.token } })).status,
    ).toBe(401);
    const started = await start(bot.publicId, { json: { previewToken: issued.body.token } });
    expect(started.status, started.text).toBe(201);
    const answer = await send(bot.publicId, started.body, "Does it work?");
    expect(answer.status, answer.text).toBe(200);
  });

  it("caps a message's length and the body's size", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner, { maxMessageLength: 50 });
    const chat = await conversation(bot.publicId);
    const long = await send(bot.publicId, chat, "x".repeat(51));
    expect(long.status).toBe(413);
    expect(long.body.error.code).toBe("MESSAGE_TOO_LONG");
    const huge = await t.request(
      "POST",
      `${path(bot.publicId)}/conversations/${chat.conversationId}/messages`,
      { token: chat.token, json: { text: "x".repeat(200_000), clientMessageId: "big" } },
    );
    expect(huge.status).toBe(413);
    const empty = await send(bot.publicId, chat, "   ");
    expect(empty.status).toBe(422);
    const rows = await t.db
      .select()
      .from(botMessages)
      .where(eq(botMessages.conversationId, Number(chat.conversationId)));
    expect(rows).toHaveLength(0);
  });

  it("limits a visitor, then the bot's day, with 429 and Retry-After", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner, {
      rateLimit: { messages: 2, seconds: 600 },
      dailyMessageCap: 3,
    });
    const chat = await conversation(bot.publicId);
    expect((await send(bot.publicId, chat, "one")).status).toBe(200);
    expect((await send(bot.publicId, chat, "two")).status).toBe(200);
    const limited = await send(bot.publicId, chat, "three");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(500);
    // Another visitor may still ask, until the bot's day is spent.
    const other = await conversation(bot.publicId);
    expect((await send(bot.publicId, other, "three")).status).toBe(200);
    const capped = await send(bot.publicId, other, "four");
    expect(capped.status).toBe(429);
    expect(capped.headers.get("retry-after")).toBeTruthy();
  });
});

describe("the limit per address", () => {
  it("refuses the 61st message of a minute from one address, whichever visitor sends it", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner, { rateLimit: { messages: 1_000, seconds: 60 } });
    const address = nextAddress();
    const chat = await conversation(bot.publicId, t, address);
    const [row] = await t.db
      .select()
      .from(botConversations)
      .where(eq(botConversations.id, Number(chat.conversationId)));
    if (!row) throw new Error("no conversation");
    // Sixty questions of the last minute from this address.
    await t.db.insert(botMessages).values(
      Array.from({ length: 60 }, (_, i) => ({
        conversationId: row.id,
        organizationId: row.organizationId,
        botId: row.botId,
        role: "user" as const,
        text: `question ${i}`,
        clientMessageId: `earlier-${i}`,
      })),
    );
    const limited = await send(bot.publicId, chat, "one more");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(limited.body.error.message).toContain("network");
    expect(limited.headers.get("retry-after")).toBe("60");
    // Another visitor behind the same address is refused too; one elsewhere is answered.
    const neighbour = await conversation(bot.publicId, t, address);
    expect((await send(bot.publicId, neighbour, "hello")).status).toBe(429);
    const elsewhere = await conversation(bot.publicId);
    expect((await send(bot.publicId, elsewhere, "hello")).status).toBe(200);
  });
});

describe("an answer whose writer died", () => {
  it("is settled as stopped, its text kept, so that the visitor's next message is answered", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const chat = await conversation(bot.publicId);
    fake.reply = "Half an answ";
    const first = await send(bot.publicId, chat, "Tell me everything", "first");
    const answerId = Number(chunks(first.text)[0].messageMetadata.assistantMessageId);
    const messagesPath = `${path(bot.publicId)}/conversations/${chat.conversationId}/messages`;
    const statusOf = async () =>
      (await t.db.select().from(botMessages).where(eq(botMessages.id, answerId)))[0]?.status;

    // Its instance is writing it, and its heartbeat is recent: the next message waits.
    await t.db
      .update(botMessages)
      .set({ status: "streaming", updatedAt: sql`now() - interval '5 seconds'` })
      .where(eq(botMessages.id, answerId));
    const busy = await send(bot.publicId, chat, "Are you there?");
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe("ANSWER_IN_PROGRESS");
    expect((await send(bot.publicId, chat, "Tell me everything", "first")).status).toBe(409);

    // The instance died mid-answer: its heartbeat stopped over a minute ago.
    await t.db
      .update(botMessages)
      .set({ status: "streaming", updatedAt: sql`now() - interval '2 minutes'` })
      .where(eq(botMessages.id, answerId));
    const listed = await t.request("GET", messagesPath, { token: chat.token });
    expect(listed.body.items[1]).toMatchObject({ text: "Half an answ", status: "stopped" });
    // A repeat of its question replays what was written, as stopped.
    const replayed = await send(bot.publicId, chat, "Tell me everything", "first");
    expect(replayed.status, replayed.text).toBe(200);
    expect(chunks(replayed.text).at(-1).messageMetadata.status).toBe("stopped");

    fake.reply = "Yes, here.";
    const next = await send(bot.publicId, chat, "Are you there?");
    expect(next.status, next.text).toBe(200);
    expect(answerText(next.text)).toBe("Yes, here.");
    expect(await statusOf()).toBe("stopped");
    const after = await t.request("GET", messagesPath, { token: chat.token });
    expect(after.body.items.map((m: { text: string; status: string }) => m.status)).toEqual([
      "complete",
      "stopped",
      "complete",
      "complete",
    ]);
    // The stopped answer's text is still part of what the model reads.
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain("Half an answ");
  });
});

describe("retention", () => {
  it("deletes each bot's conversations past its retention, with their messages, in batches", async () => {
    const owner = await ownerWithSession(t);
    const brief = await newBot(owner, { retentionDays: 30 });
    const patient = await newBot(owner, { retentionDays: 90 });
    const talk = async (publicId: string, daysAgo: number) => {
      const chat = await conversation(publicId);
      expect((await send(publicId, chat, `Hello from ${daysAgo} days ago`)).status).toBe(200);
      const id = Number(chat.conversationId);
      await t.db
        .update(botConversations)
        .set({ lastMessageAt: sql`now() - make_interval(days => ${daysAgo})` })
        .where(eq(botConversations.id, id));
      return id;
    };
    const old = [
      await talk(brief.publicId, 40),
      await talk(brief.publicId, 31),
      await talk(brief.publicId, 365),
    ];
    const recent = await talk(brief.publicId, 10);
    const keptLonger = await talk(patient.publicId, 40);
    const expiredLonger = await talk(patient.publicId, 91);

    const gone = await purgeExpiredConversations(t.db, { batchSize: 2 });
    expect(gone).toBeGreaterThanOrEqual(4);
    const left = await t.db
      .select({ id: botConversations.id })
      .from(botConversations)
      .where(inArray(botConversations.id, [...old, recent, keptLonger, expiredLonger]));
    expect(left.map((row) => row.id).sort()).toEqual([recent, keptLonger].sort());
    const messages = await t.db
      .select({ conversationId: botMessages.conversationId })
      .from(botMessages)
      .where(inArray(botMessages.conversationId, [...old, expiredLonger]));
    expect(messages).toHaveLength(0);
    const keptMessages = await t.db
      .select({ id: botMessages.id })
      .from(botMessages)
      .where(inArray(botMessages.conversationId, [recent, keptLonger]));
    expect(keptMessages).toHaveLength(4);
    expect(await purgeExpiredConversations(t.db)).toBe(0);
  });
});

describe("message cards", () => {
  it("are offered to the model as a tool, streamed and kept with the answer, and count views and clicks", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const addCard = async (json: Record<string, unknown>) => {
      const response = await t.request("POST", `/bots/${bot.id}/cards`, {
        token: owner.token,
        json,
      });
      expect(response.status, response.text).toBe(201);
      return response.body as { id: string };
    };
    const visit = await addCard({
      title: "Book a visit",
      text: "Weekdays, nine to five.",
      whenToShow: "When someone asks about visiting the shop.",
      buttons: [
        { kind: "reply", label: "Tomorrow", value: "Can I come tomorrow?" },
        { kind: "link", label: "Map", value: "https://shop.example/map" },
        { kind: "lead_form", label: "Call me", value: "" },
      ],
    });
    const other = await addCard({ title: "Prices", whenToShow: "When asked about prices." });
    const chat = await conversation(bot.publicId);
    fake.tool = { name: "show_card", arguments: { cardId: visit.id } };
    const response = await send(bot.publicId, chat, "Can I visit?");
    expect(response.status, response.text).toBe(200);

    // The model was offered the tool, each card described by when to show it.
    const offered = JSON.stringify(fake.requests.at(-1)?.body);
    expect(offered).toContain("show_card");
    expect(offered).toContain("When someone asks about visiting the shop.");
    expect(offered).toContain(other.id);

    const card = chunks(response.text).find((chunk) => chunk.type === "data-card");
    expect(card?.data).toMatchObject({
      id: visit.id,
      title: "Book a visit",
      text: "Weekdays, nine to five.",
      imageUrl: null,
      buttons: [
        { kind: "reply", label: "Tomorrow", value: "Can I come tomorrow?" },
        { kind: "link", label: "Map", value: "https://shop.example/map" },
        { kind: "lead_form", label: "Call me", value: "" },
      ],
    });
    expect(JSON.stringify(card)).not.toContain("When someone asks");
    expect(chunks(response.text).at(-1).messageMetadata.status).toBe("complete");

    const messagesPath = `${path(bot.publicId)}/conversations/${chat.conversationId}/messages`;
    const listed = await t.request("GET", messagesPath, { token: chat.token });
    expect(listed.body.items[0].cards).toEqual([]);
    expect(listed.body.items[1].cards).toEqual([card.data]);
    const views = async () =>
      (await t.db.select().from(botCards).where(eq(botCards.id, visit.id)))[0];
    expect(await views()).toMatchObject({ views: 1, clicks: 0 });

    // A click counts once a conversation; a card the conversation was not shown is 404.
    const click = (cardId: string, token = chat.token) =>
      t.request(
        "POST",
        `${path(bot.publicId)}/conversations/${chat.conversationId}/cards/${cardId}/click`,
        { token, headers: { origin: page } },
      );
    const clicked = await click(visit.id);
    expect(clicked.status, clicked.text).toBe(204);
    expect(clicked.headers.get("access-control-allow-origin")).toBe(page);
    expect((await click(visit.id)).status).toBe(204);
    expect(await views()).toMatchObject({ views: 1, clicks: 1 });
    expect((await click(other.id)).status).toBe(404);
    expect((await click("not-a-card")).status).toBe(422);
    expect((await click(visit.id, "forged")).status).toBe(401);
    const stranger = await conversation(bot.publicId);
    expect((await click(visit.id, stranger.token)).status).toBe(404);

    // A made-up tool argument shows nothing, and the answer still completes.
    fake.tool = {
      name: "show_card",
      arguments: { cardId: "00000000-0000-4000-8000-000000000000" },
    };
    const made = await send(bot.publicId, chat, "And a made-up card?");
    expect(made.status, made.text).toBe(200);
    expect(chunks(made.text).some((chunk) => chunk.type === "data-card")).toBe(false);
    // A deleted card is no longer shown with the answer that showed it.
    await t.request("DELETE", `/bots/${bot.id}/cards/${visit.id}`, { token: owner.token });
    const after = await t.request("GET", messagesPath, { token: chat.token });
    expect(after.body.items[1].cards).toEqual([]);
  });

  it("replays the cards of a stored answer with its repeat", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const added = await t.request("POST", `/bots/${bot.id}/cards`, {
      token: owner.token,
      json: { title: "Hours", whenToShow: "When asked about hours." },
    });
    const chat = await conversation(bot.publicId);
    fake.tool = { name: "show_card", arguments: { cardId: added.body.id } };
    const first = await send(bot.publicId, chat, "Hours?", "hours");
    const again = await send(bot.publicId, chat, "Hours?", "hours");
    const cardsOf = (text: string) =>
      chunks(text)
        .filter((chunk) => chunk.type === "data-card")
        .map((chunk) => chunk.data.id);
    expect(cardsOf(first.text)).toEqual([added.body.id]);
    expect(cardsOf(again.text)).toEqual([added.body.id]);
    const [card] = await t.db.select().from(botCards).where(eq(botCards.id, added.body.id));
    expect(card?.views).toBe(1);
  });
});

describe("a bot's images", () => {
  it("are served to any page, the avatar and a card's image, from the addresses the widget is given", async () => {
    const owner = await ownerWithSession(t);
    const avatar = await libraryImage(t, owner);
    const bot = await newBot(owner, { avatarMediaId: avatar });
    const config = await t.request("GET", path(bot.publicId), { headers: { origin: page } });
    const avatarUrl = (config.body as { avatarUrl: string }).avatarUrl;
    expect(avatarUrl).toBe(`/api/v1/public/bots/${bot.publicId}/avatar?v=${avatar.slice(0, 8)}`);

    // An <img> sends no Origin; the file is the thumbnail, never the original.
    const image = await t.request("GET", avatarUrl.replace("/api/v1", ""));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-security-policy")).toBe("default-src 'none'");
    const tag = image.headers.get("etag") ?? "";
    expect(tag).toBe(`"${avatar}"`);
    const again = await t.request("GET", `${path(bot.publicId)}/avatar`, {
      headers: { "if-none-match": tag },
    });
    expect(again.status).toBe(304);

    const picture = await libraryImage(t, owner);
    const card = await t.request("POST", `/bots/${bot.id}/cards`, {
      token: owner.token,
      json: {
        title: "Our shop",
        whenToShow: "When asked where the shop is.",
        imageMediaId: picture,
      },
    });
    expect(card.status, card.text).toBe(201);
    const cardId = (card.body as { id: string }).id;
    const cardImage = await t.request("GET", `${path(bot.publicId)}/cards/${cardId}/image`);
    expect(cardImage.status).toBe(200);
    expect(cardImage.headers.get("etag")).toBe(`"${picture}"`);

    // A shown card carries its image's address.
    const chat = await conversation(bot.publicId);
    fake.tool = { name: "show_card", arguments: { cardId } };
    const answer = await send(bot.publicId, chat, "Where are you?");
    const streamed = chunks(answer.text).find((chunk) => chunk.type === "data-card");
    expect(streamed?.data.imageUrl).toBe(
      `/api/v1/public/bots/${bot.publicId}/cards/${cardId}/image?v=${picture.slice(0, 8)}`,
    );
  });

  it("are 404 for a draft bot, no image, a deleted item, another bot's card and a bad id", async () => {
    const owner = await ownerWithSession(t);
    const avatar = await libraryImage(t, owner);
    const draft = await newBot(owner, { status: "draft", avatarMediaId: avatar });
    expect((await t.request("GET", `${path(draft.publicId)}/avatar`)).status).toBe(404);

    const plain = await newBot(owner);
    expect((await t.request("GET", `${path(plain.publicId)}/avatar`)).status).toBe(404);
    const config = await t.request("GET", path(plain.publicId), { headers: { origin: page } });
    expect((config.body as { avatarUrl: string | null }).avatarUrl).toBeNull();

    const live = await newBot(owner, { avatarMediaId: avatar });
    const card = await t.request("POST", `/bots/${live.id}/cards`, {
      token: owner.token,
      json: { title: "Our shop", imageMediaId: await libraryImage(t, owner) },
    });
    const cardId = (card.body as { id: string }).id;
    expect((await t.request("GET", `${path(plain.publicId)}/cards/${cardId}/image`)).status).toBe(
      404,
    );
    expect((await t.request("GET", `${path(live.publicId)}/cards/nope/image`)).status).toBe(422);

    await t.db.update(media).set({ deletedAt: new Date() }).where(eq(media.id, avatar));
    expect((await t.request("GET", `${path(live.publicId)}/avatar`)).status).toBe(404);
  });
});
