import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiEnvironment } from "../../../api/ai/config";
import { exportHistory } from "../../../api/bots/history";
import { botConversations, botMessages, leads } from "../../../api/db/schema";
import { type FakeAiServer, startFakeAiServer } from "../../support/fake-ai-server";
import {
  createTestApi,
  memberWithSession,
  ownerActor,
  ownerWithSession,
  type TestApi,
} from "../helpers";

let fake: FakeAiServer;
let t: TestApi;

beforeAll(async () => {
  fake = await startFakeAiServer();
  t = await createTestApi({
    ai: {
      allowPrivateNetwork: true,
      offlineVoice: false,
      sentenceEncoder: false,
      environment: aiEnvironment({
        AI_BASE_URL: fake.baseUrl,
        AI_API_KEY: fake.apiKey,
        AI_CHAT_MODEL: "chat",
      }),
    },
  });
});
afterAll(async () => {
  await Promise.all([t.close(), fake.close()]);
});
beforeEach(() => fake.reset());

const site = "https://shop.example";
let address = 0;
type Owner = Awaited<ReturnType<typeof ownerWithSession>>;

async function liveBot(owner: Owner, json: Record<string, unknown> = {}) {
  const response = await t.request("POST", "/bots", {
    token: owner.token,
    json: {
      name: "Helper",
      status: "live",
      allowedDomains: ["shop.example"],
      fallbackMessage: "Our team will write back.",
      ...json,
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; publicId: string };
}

/** A visitor's conversation in `locale` with one question per text; its id. */
async function converse(bot: { publicId: string }, texts: string[], locale = "en") {
  const headers = { origin: site, "x-forwarded-for": `198.51.100.${++address}` };
  const started = await t.request("POST", `/public/bots/${bot.publicId}/conversations`, {
    json: { locale },
    headers,
  });
  expect(started.status, started.text).toBe(201);
  const { conversationId, token } = started.body;
  const base = `/public/bots/${bot.publicId}/conversations/${conversationId}`;
  for (const text of texts) {
    const sent = await t.request("POST", `${base}/messages`, {
      token,
      json: { text, clientMessageId: crypto.randomUUID() },
      headers,
    });
    expect(sent.status, sent.text).toBe(200);
  }
  return Number(conversationId);
}

const list = (owner: { token: string }, botId: string, query = "") =>
  t.request("GET", `/bots/${botId}/conversations${query}`, { token: owner.token });

describe("a bot's history", () => {
  it("lists visitors' conversations, the latest first, with what each held", async () => {
    const owner = await ownerWithSession(t);
    const bot = await liveBot(owner);
    fake.reply = "We open at nine.";
    const first = await converse(bot, ["When do you open?", "And on Fridays?"]);
    const second = await converse(bot, ["متى تفتحون؟"], "ar");

    const response = await list(owner, bot.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ total: 2, totalCapped: false, page: 1, pageSize: 20 });
    expect(response.body.items.map((item: { id: number }) => item.id)).toEqual([second, first]);
    expect(response.body.items[1]).toMatchObject({
      id: first,
      language: "en",
      preview: false,
      originHost: "shop.example",
      questions: 2,
      firstQuestion: "When do you open?",
      ratedUp: 0,
      ratedDown: 0,
      unanswered: 0,
    });
  });

  it("filters by words, language, rating, unanswered and day, together", async () => {
    const owner = await ownerWithSession(t);
    const bot = await liveBot(owner);
    fake.reply = "Yes.";
    const refunds = await converse(bot, ["Can I get a refund?"]);
    const arabic = await converse(bot, ["هل تشحنون إلى جدة؟"], "ar");
    const rated = await converse(bot, ["Do you sell gift cards?"]);
    await t.db
      .update(botMessages)
      .set({ rating: "down" })
      .where(eq(botMessages.conversationId, rated));
    await t.db
      .update(botMessages)
      .set({ unanswered: true })
      .where(eq(botMessages.conversationId, arabic));

    const ids = async (query: string) => {
      const response = await list(owner, bot.id, query);
      expect(response.status, response.text).toBe(200);
      return response.body.items.map((item: { id: number }) => item.id);
    };
    expect(await ids("?q=refunds")).toEqual([refunds]);
    // Arabic normalised: the question's إلى is found as الى.
    expect(await ids(`?q=${encodeURIComponent("الى جده")}`)).toEqual([arabic]);
    expect(await ids("?language=ar")).toEqual([arabic]);
    expect(await ids("?rating=down")).toEqual([rated]);
    expect(await ids("?rating=up")).toEqual([]);
    expect(await ids("?unanswered=true")).toEqual([arabic]);
    expect(await ids("?unanswered=true&language=en")).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await ids(`?from=${today}&to=${today}`)).length).toBe(3);
    expect(await ids("?to=2020-01-01")).toEqual([]);
  });

  it("finds the conversations where the visitor left their details, and names the lead", async () => {
    const owner = await ownerWithSession(t);
    const bot = await liveBot(owner);
    const quiet = await converse(bot, ["Just looking"]);
    const interested = await converse(bot, ["Can someone call me?"]);
    const gone = await converse(bot, ["Call me too"]);
    const [lead] = await t.db
      .insert(leads)
      .values({
        organizationId: owner.organizationId,
        botId: bot.id,
        conversationId: interested,
        name: "Nour",
      })
      .returning({ id: leads.id });
    await t.db.insert(leads).values({
      organizationId: owner.organizationId,
      botId: bot.id,
      conversationId: gone,
      name: "Deleted",
      deletedAt: new Date(),
    });
    const withLead = await list(owner, bot.id, "?lead=true");
    expect(withLead.body.items.map((item: { id: number }) => item.id)).toEqual([interested]);
    expect(withLead.body.items[0].leadId).toBe(lead?.id);
    const all = await list(owner, bot.id);
    const byId = new Map(
      all.body.items.map((item: { id: number; leadId: string | null }) => [item.id, item.leadId]),
    );
    expect([byId.get(quiet), byId.get(gone)]).toEqual([null, null]);
  });

  it("keeps the members' previews apart from the visitors' conversations", async () => {
    const owner = await ownerWithSession(t);
    const bot = await liveBot(owner);
    const visitor = await converse(bot, ["Hello"]);
    const preview = await converse(bot, ["Testing"]);
    await t.db
      .update(botConversations)
      .set({ preview: true })
      .where(eq(botConversations.id, preview));
    expect((await list(owner, bot.id)).body.items.map((i: { id: number }) => i.id)).toEqual([
      visitor,
    ]);
    expect(
      (await list(owner, bot.id, "?preview=true")).body.items.map((i: { id: number }) => i.id),
    ).toEqual([preview]);
  });

  it("shows a transcript with each answer's model, tokens, time to first token and sources", async () => {
    const owner = await ownerWithSession(t);
    const bot = await liveBot(owner);
    fake.reply = "Refunds take five days.";
    const id = await converse(bot, ["How long do refunds take?"]);
    const sources = [{ title: "Shop handbook", url: null }];
    await t.db
      .update(botMessages)
      .set({ sources, rating: "up" })
      .where(eq(botMessages.role, "assistant"));

    const response = await t.request("GET", `/conversations/${id}`, { token: owner.token });
    expect(response.status, response.text).toBe(200);
    expect(response.body.conversation).toMatchObject({
      id,
      botId: bot.id,
      botName: "Helper",
      language: "en",
      originHost: "shop.example",
    });
    const [question, answer] = response.body.messages;
    expect(question).toMatchObject({ role: "user", text: "How long do refunds take?" });
    expect(answer).toMatchObject({
      role: "assistant",
      text: "Refunds take five days.",
      status: "complete",
      model: "chat",
      rating: "up",
      sources,
      fallback: false,
      unanswered: false,
    });
    expect(answer.outputTokens).toBeGreaterThan(0);
    expect(answer.firstTokenMs).toBeGreaterThanOrEqual(0);
  });

  it("shows another organization's bot or conversation to no one (404), and refuses bad input (422)", async () => {
    const owner = await ownerWithSession(t);
    const bot = await liveBot(owner);
    const id = await converse(bot, ["Hello"]);
    const stranger = await ownerWithSession(t);
    expect((await list(stranger, bot.id)).status).toBe(404);
    expect((await t.request("GET", `/conversations/${id}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect(
      (await t.request("GET", "/conversations/999999999", { token: owner.token })).status,
    ).toBe(404);
    for (const query of ["?rating=meh", "?from=yesterday", "?language=fr", "?pageSize=500"]) {
      const response = await list(owner, bot.id, query);
      expect(response.status, query).toBe(422);
      expect(response.body.error).toBeDefined();
    }
    expect((await t.request("GET", "/conversations/abc", { token: owner.token })).status).toBe(422);
    expect((await t.request("GET", `/conversations/${id}`)).status).toBe(401);
  });

  it("is read by every member, a viewer too", async () => {
    const owner = await ownerWithSession(t);
    const bot = await liveBot(owner);
    const id = await converse(bot, ["Hello"]);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    expect((await list(viewer, bot.id)).body.total).toBe(1);
    expect((await t.request("GET", `/conversations/${id}`, { token: viewer.token })).status).toBe(
      200,
    );
  });

  it("exports the filtered conversations, a message a row, as CSV and JSON, a batch at a time", async () => {
    const owner = await ownerWithSession(t);
    const bot = await liveBot(owner);
    fake.reply = '=HYPERLINK("https://evil.example")';
    const first = await converse(bot, ["When do you open?", "And on Fridays?"]);
    const arabic = await converse(bot, ["متى تفتحون؟"], "ar");
    const path = `/bots/${bot.id}/conversations/export`;

    const csv = await t.request("GET", path, { token: owner.token });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="conversations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(csv.text, { columns: true, bom: true }) as Record<string, string>[];
    // Oldest conversation first, each message in order: a question and its answer each.
    expect(rows.map((row) => [Number(row.conversation_id), row.role])).toEqual([
      [first, "user"],
      [first, "assistant"],
      [first, "user"],
      [first, "assistant"],
      [arabic, "user"],
      [arabic, "assistant"],
    ]);
    expect(rows[0]).toMatchObject({
      text: "When do you open?",
      site: "shop.example",
      language: "en",
    });
    expect(rows[4]).toMatchObject({ text: "متى تفتحون؟", language: "ar" });
    // The model's answer that looks like a formula is written as text.
    expect(rows[1]?.text).toBe(`'=HYPERLINK("https://evil.example")`);
    expect(rows[1]).toMatchObject({ model: "chat", status: "complete", unanswered: "false" });

    // The list's filters hold, and JSON gives the same messages.
    const json = await t.request("GET", `${path}?format=json&language=ar`, { token: owner.token });
    expect(json.status, json.text).toBe(200);
    expect(json.body).toHaveLength(2);
    expect(json.body[0]).toMatchObject({ conversationId: arabic, role: "user", sources: [] });

    // Read a batch at a time, from where the one before ended.
    const batches: number[] = [];
    for await (const batch of await exportHistory(t.db, ownerActor(owner), bot.id, {}, 4)) {
      batches.push(batch.length);
    }
    expect(batches).toEqual([4, 2]);

    // Another organization's bot is 404; a bad format is 422.
    const stranger = await ownerWithSession(t);
    expect((await t.request("GET", path, { token: stranger.token })).status).toBe(404);
    expect((await t.request("GET", `${path}?format=xml`, { token: owner.token })).status).toBe(422);
  });
});
