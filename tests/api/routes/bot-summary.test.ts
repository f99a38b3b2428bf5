import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botConversations, botMessages } from "../../../api/db/schema";
import {
  createTestApi,
  memberWithSession,
  ownerWithSession,
  type TestApi,
  testAppUrl,
} from "../helpers";

/** No chat model anywhere: bots answer with their fallback message. */
let t: TestApi;

beforeAll(async () => {
  t = await createTestApi({
    ai: { allowPrivateNetwork: true, offlineVoice: false, sentenceEncoder: false },
  });
});
afterAll(async () => {
  await t.close();
});

const site = "https://shop.example";
let addressCounter = 0;
const nextAddress = () => `198.51.100.${++addressCounter}`;

type Owner = Awaited<ReturnType<typeof ownerWithSession>>;

async function newBot(owner: Owner, json: Record<string, unknown> = {}) {
  const response = await t.request("POST", "/bots", {
    token: owner.token,
    json: {
      name: "Helper",
      status: "live",
      allowedDomains: ["shop.example"],
      fallbackMessage: "We will write back soon.",
      ...json,
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; publicId: string; organizationId: string };
}

async function start(publicId: string, headers: Record<string, string>, json = {}) {
  const response = await t.request("POST", `/public/bots/${publicId}/conversations`, {
    json: { locale: "en", ...json },
    headers: { "x-forwarded-for": nextAddress(), ...headers },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { conversationId: string; token: string };
}

async function send(
  publicId: string,
  chat: { conversationId: string; token: string },
  text: string,
) {
  const response = await t.request(
    "POST",
    `/public/bots/${publicId}/conversations/${chat.conversationId}/messages`,
    {
      token: chat.token,
      json: { text, clientMessageId: crypto.randomUUID() },
      headers: { origin: site, "x-forwarded-for": nextAddress() },
    },
  );
  expect(response.status, response.text).toBe(200);
}

const summary = (token: string, id: string) => t.request("GET", `/bots/${id}/summary`, { token });

describe("a bot's summary", () => {
  it("starts empty, with no step done", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const response = await summary(owner.token, bot.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      conversations: { today: 0, week: 0 },
      messages: { today: 0, week: 0 },
      recent: [],
      checklist: {
        instructions: false,
        knowledge: false,
        appearance: false,
        embedded: false,
        firstConversation: false,
      },
    });
  });

  it("counts visitors' conversations and messages, lists the last, and ticks what is done", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner, {
      instructions: "Answer about the shop.",
      appearance: { accentColor: "#0ea5e9" },
    });
    const first = await start(bot.publicId, { origin: site });
    await send(bot.publicId, first, "Where is my order?");
    await send(bot.publicId, first, "It is number 42.");
    const second = await start(bot.publicId, { origin: site }, { locale: "ar" });
    await send(bot.publicId, second, "مرحبا");

    // Older conversations: three days ago (this week) and ten days ago (neither).
    const at = (days: number) => new Date(Date.now() - days * 86_400_000);
    for (const days of [3, 10]) {
      const [old] = await t.db
        .insert(botConversations)
        .values({
          organizationId: owner.organizationId,
          botId: bot.id,
          visitorId: `old-${days}`,
          createdAt: at(days),
          lastMessageAt: at(days),
        })
        .returning({ id: botConversations.id });
      await t.db.insert(botMessages).values({
        conversationId: old?.id as number,
        organizationId: owner.organizationId,
        botId: bot.id,
        role: "user",
        text: `From ${days} days ago`,
        createdAt: at(days),
      });
    }

    const response = await summary(owner.token, bot.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body.conversations).toEqual({ today: 2, week: 3 });
    expect(response.body.messages).toEqual({ today: 3, week: 4 });
    expect(response.body.recent).toHaveLength(4);
    expect(response.body.recent[0]).toMatchObject({
      id: second.conversationId,
      firstMessage: "مرحبا",
      language: "ar",
      messageCount: 2,
    });
    expect(response.body.recent[1]).toMatchObject({
      id: first.conversationId,
      firstMessage: "Where is my order?",
      messageCount: 4,
    });
    expect(response.body.recent[3]).toMatchObject({
      firstMessage: "From 10 days ago",
      messageCount: 1,
    });
    expect(response.body.checklist).toEqual({
      instructions: true,
      knowledge: false,
      appearance: true,
      embedded: true,
      firstConversation: true,
    });
  });

  it("ticks knowledge once a source was read or a question answered, for that bot alone", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const other = await newBot(owner);
    const knowledgeOf = async (id: string) =>
      (await summary(owner.token, id)).body.checklist.knowledge;
    expect(await knowledgeOf(bot.id)).toBe(false);
    const pair = await t.request("POST", `/bots/${bot.id}/knowledge/qa`, {
      token: owner.token,
      json: { question: "Do you deliver?", answer: "Yes." },
    });
    expect(pair.status, pair.text).toBe(201);
    expect(await knowledgeOf(bot.id)).toBe(true);
    expect(await knowledgeOf(other.id)).toBe(false);
  });

  it("is embedded only by a site, not by the product's full-page chat", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const chat = await start(bot.publicId, { origin: testAppUrl });
    await send(bot.publicId, chat, "Hello");
    const response = await summary(owner.token, bot.id);
    expect(response.body.checklist).toMatchObject({ embedded: false, firstConversation: true });
    expect(response.body.conversations).toEqual({ today: 1, week: 1 });
  });

  it("counts no preview conversation", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner, { status: "draft" });
    const preview = await t.request("POST", `/bots/${bot.id}/preview-token`, {
      token: owner.token,
    });
    expect(preview.status, preview.text).toBe(201);
    const chat = await start(bot.publicId, { origin: site }, { previewToken: preview.body.token });
    await send(bot.publicId, chat, "Just trying");
    const response = await summary(owner.token, bot.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      conversations: { today: 0, week: 0 },
      messages: { today: 0, week: 0 },
      recent: [],
      checklist: { embedded: false, firstConversation: false },
    });
  });

  it("may be read by a viewer, and is 404 for another organization", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    expect((await summary(viewer.token, bot.id)).status).toBe(200);
    const stranger = await ownerWithSession(t);
    const refused = await summary(stranger.token, bot.id);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("NOT_FOUND");
    expect((await summary(owner.token, "not-an-id")).status).toBe(422);
  });
});
