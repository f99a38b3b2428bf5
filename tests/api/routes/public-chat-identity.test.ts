import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botConversations, botMessages } from "../../../api/db/schema";
import { createTestApi, ownerWithSession, type TestApi } from "../helpers";

/** No chat model: answers are the bot's fallback message, enough to see a message accepted. */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ ai: { allowPrivateNetwork: true, offlineVoice: false } });
});
afterAll(async () => {
  await t.close();
});

const page = "https://shop.example";
let addressCounter = 0;
const nextAddress = () => `198.51.100.${++addressCounter}`;
const sign = (secret: string, userId: string) =>
  createHmac("sha256", secret).update(userId).digest("hex");

async function newBot(withSecret: boolean) {
  const owner = await ownerWithSession(t);
  const made = await t.request("POST", "/bots", {
    token: owner.token,
    json: {
      name: "Verifier",
      status: "live",
      allowedDomains: ["shop.example"],
      fallbackMessage: "We will write back soon.",
    },
  });
  expect(made.status, made.text).toBe(201);
  const bot = made.body as { id: string; publicId: string };
  let secret = "";
  if (withSecret) {
    const rotated = await t.request("POST", `/bots/${bot.id}/secret/rotate`, {
      token: owner.token,
    });
    expect(rotated.status, rotated.text).toBe(200);
    secret = rotated.body.secret;
  }
  return { ...bot, secret };
}

const start = (publicId: string, json: Record<string, unknown>) =>
  t.request("POST", `/public/bots/${publicId}/conversations`, {
    json: { locale: "en", ...json },
    headers: { origin: page, "x-forwarded-for": nextAddress() },
  });

const send = (
  publicId: string,
  chat: { conversationId: string; token: string },
  json: Record<string, unknown>,
) =>
  t.request("POST", `/public/bots/${publicId}/conversations/${chat.conversationId}/messages`, {
    token: chat.token,
    json: { text: "Hello", clientMessageId: crypto.randomUUID(), ...json },
    headers: { origin: page, "x-forwarded-for": nextAddress() },
  });

async function conversationCount(botId: string) {
  return (await t.db.select().from(botConversations).where(eq(botConversations.botId, botId)))
    .length;
}

async function messagesOf(conversationId: string) {
  return t.db
    .select()
    .from(botMessages)
    .where(eq(botMessages.conversationId, Number(conversationId)));
}

describe("a visitor's identity", () => {
  it("is verified and kept on the conversation when its signature matches", async () => {
    const bot = await newBot(true);
    const identity = {
      userId: "user-42",
      signature: sign(bot.secret, "user-42"),
      name: "Layla",
      email: "layla@shop.example",
    };
    const started = await start(bot.publicId, { identity });
    expect(started.status, started.text).toBe(201);
    const [row] = await t.db
      .select()
      .from(botConversations)
      .where(eq(botConversations.id, Number(started.body.conversationId)));
    expect(row).toMatchObject({
      identityUserId: "user-42",
      identityName: "Layla",
      identityEmail: "layla@shop.example",
    });
    const sent = await send(bot.publicId, started.body, { identity });
    expect(sent.status, sent.text).toBe(200);
    expect(await messagesOf(started.body.conversationId)).toHaveLength(2);
  });

  it("accepts a signature in upper case hex", async () => {
    const bot = await newBot(true);
    const signature = sign(bot.secret, "u-1").toUpperCase();
    const started = await start(bot.publicId, { identity: { userId: "u-1", signature } });
    expect(started.status, started.text).toBe(201);
  });

  it("refuses a forged signature with 403 IDENTITY_INVALID, starting nothing", async () => {
    const bot = await newBot(true);
    const forgeries = [
      { userId: "user-42", signature: sign("not the secret", "user-42") },
      { userId: "user-42", signature: sign(bot.secret, "user-43") },
      { userId: "user-42", signature: "abc" },
      { userId: "user-42", signature: "" },
    ];
    for (const identity of forgeries) {
      const refused = await start(bot.publicId, { identity });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body).toMatchObject({ error: { code: "IDENTITY_INVALID" } });
    }
    expect(await conversationCount(bot.id)).toBe(0);
  });

  it("is refused by a bot without an identity secret", async () => {
    const bot = await newBot(false);
    const identity = { userId: "user-42", signature: sign("whatever", "user-42") };
    const refused = await start(bot.publicId, { identity });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: "IDENTITY_INVALID" } });
    expect(await conversationCount(bot.id)).toBe(0);
  });

  it("is not required: anonymous visitors still talk to a bot with a secret", async () => {
    const bot = await newBot(true);
    const started = await start(bot.publicId, {});
    expect(started.status, started.text).toBe(201);
    const sent = await send(bot.publicId, started.body, {});
    expect(sent.status, sent.text).toBe(200);
  });

  it("refuses a forged identity with a message, storing nothing", async () => {
    const bot = await newBot(true);
    const started = await start(bot.publicId, {});
    const refused = await send(bot.publicId, started.body, {
      identity: { userId: "user-42", signature: sign("guess", "user-42") },
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: "IDENTITY_INVALID" } });
    expect(await messagesOf(started.body.conversationId)).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(botConversations)
      .where(eq(botConversations.id, Number(started.body.conversationId)));
    expect(row?.identityUserId).toBeNull();
  });

  it("keeps an identified conversation to its user: another userId is refused", async () => {
    const bot = await newBot(true);
    const mine = { userId: "user-1", signature: sign(bot.secret, "user-1") };
    const other = { userId: "user-2", signature: sign(bot.secret, "user-2") };
    const started = await start(bot.publicId, { identity: mine });
    expect(started.status, started.text).toBe(201);
    const refused = await send(bot.publicId, started.body, { identity: other });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: "IDENTITY_INVALID" } });
    expect(await messagesOf(started.body.conversationId)).toHaveLength(0);
    const ok = await send(bot.publicId, started.body, { identity: mine });
    expect(ok.status, ok.text).toBe(200);
  });

  it("is taken on by an anonymous conversation once verified", async () => {
    const bot = await newBot(true);
    const started = await start(bot.publicId, {});
    const identity = { userId: "user-7", signature: sign(bot.secret, "user-7"), name: "Omar" };
    const sent = await send(bot.publicId, started.body, { identity });
    expect(sent.status, sent.text).toBe(200);
    const [row] = await t.db
      .select()
      .from(botConversations)
      .where(eq(botConversations.id, Number(started.body.conversationId)));
    expect(row).toMatchObject({ identityUserId: "user-7", identityName: "Omar" });
    const other = { userId: "user-8", signature: sign(bot.secret, "user-8") };
    expect((await send(bot.publicId, started.body, { identity: other })).status).toBe(403);
  });
});
