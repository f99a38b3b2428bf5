import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { aiEnvironment } from "../../../api/ai/config";
import { botMessages } from "../../../api/db/schema";
import { type FakeAiServer, startFakeAiServer } from "../../support/fake-ai-server";
import {
  createTestApi,
  createTestDatabase,
  ownerWithSession,
  type TestApi,
  type TestDatabase,
} from "../helpers";

// Two API instances on one PostgreSQL database, as behind a load balancer: a visitor's next
// message may reach either. PGlite lives inside one process, so this runs with a server only.

let database: TestDatabase;
let fake: FakeAiServer;
let a: TestApi;
let b: TestApi;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeAiServer();
  const environment = aiEnvironment({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: fake.apiKey,
    AI_CHAT_MODEL: "environment-chat",
  });
  const ai = { environment, allowPrivateNetwork: true, offlineVoice: false };
  // One SECRETS_KEY for both, as a deployment has: a visitor token one signs, the other opens.
  const secretsKey = randomBytes(32);
  a = await createTestApi({ database, ai, secretsKey });
  b = await createTestApi({ database, ai, secretsKey });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await fake?.close();
  await database?.drop();
});

beforeEach(() => fake.reset());

const page = "https://shop.example";
const ip = "203.0.113.7";

async function liveBot(json: Record<string, unknown> = {}) {
  const owner = await ownerWithSession(a);
  const response = await a.request("POST", "/bots", {
    token: owner.token,
    json: { name: "Helper", status: "live", allowedDomains: ["shop.example"], ...json },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; publicId: string };
}

async function conversation(api: TestApi, publicId: string) {
  const response = await api.request("POST", `/public/bots/${publicId}/conversations`, {
    json: { locale: "en" },
    headers: { origin: page, "x-forwarded-for": ip },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { conversationId: string; token: string };
}

function send(
  api: TestApi,
  publicId: string,
  chat: { conversationId: string; token: string },
  text: string,
  clientMessageId: string = crypto.randomUUID(),
) {
  return api.request(
    "POST",
    `/public/bots/${publicId}/conversations/${chat.conversationId}/messages`,
    {
      token: chat.token,
      json: { text, clientMessageId },
      headers: { origin: page, "x-forwarded-for": ip },
    },
  );
}

const chatRequests = () => fake.requests.filter((request) => request.path.includes("chat"));

it("answers a message through one instance with the conversation begun through the other", async () => {
  const bot = await liveBot();
  const chat = await conversation(a, bot.publicId);
  fake.reply = "We open at nine.";
  expect((await send(a, bot.publicId, chat, "When do you open?")).status).toBe(200);
  fake.reply = "Until five.";
  const second = await send(b, bot.publicId, chat, "And close?");
  expect(second.status, second.text).toBe(200);
  const sent = JSON.stringify(chatRequests().at(-1)?.body);
  expect(sent).toContain("When do you open?");
  expect(sent).toContain("We open at nine.");
  expect(sent).toContain("And close?");
  const listed = await a.request(
    "GET",
    `/public/bots/${bot.publicId}/conversations/${chat.conversationId}/messages`,
    { token: chat.token },
  );
  expect(listed.body.items.map((m: { text: string }) => m.text)).toEqual([
    "When do you open?",
    "We open at nine.",
    "And close?",
    "Until five.",
  ]);
});

it("counts a visitor's messages on both instances against one limit", async () => {
  const bot = await liveBot({ rateLimit: { messages: 2, seconds: 600 } });
  const chat = await conversation(a, bot.publicId);
  expect((await send(a, bot.publicId, chat, "one")).status).toBe(200);
  expect((await send(b, bot.publicId, chat, "two")).status).toBe(200);
  for (const api of [a, b]) {
    const limited = await send(api, bot.publicId, chat, "three");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(500);
  }
});

it("refuses a message on one instance while the other still writes the answer, then answers it", async () => {
  const bot = await liveBot();
  const chat = await conversation(a, bot.publicId);
  fake.reply = "one two three four five six seven eight";
  fake.tokenDelayMs = 150;
  const writing = send(a, bot.publicId, chat, "Count for me");
  const conversationId = Number(chat.conversationId);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [answer] = await b.db
      .select({ status: botMessages.status })
      .from(botMessages)
      .where(
        and(eq(botMessages.conversationId, conversationId), eq(botMessages.role, "assistant")),
      );
    if (answer?.status === "streaming") break;
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const busy = await send(b, bot.publicId, chat, "Faster?");
  expect(busy.status).toBe(409);
  expect(busy.body.error.code).toBe("ANSWER_IN_PROGRESS");
  expect((await writing).status).toBe(200);
  fake.tokenDelayMs = 0;
  fake.reply = "Done.";
  expect((await send(b, bot.publicId, chat, "Faster?")).status).toBe(200);
});

it("stores a message sent to both instances at once a single time, and asks the model once", async () => {
  const bot = await liveBot();
  const chat = await conversation(a, bot.publicId);
  fake.reply = "Only once.";
  const [first, second] = await Promise.all([
    send(a, bot.publicId, chat, "Hello twice", "same"),
    send(b, bot.publicId, chat, "Hello twice", "same"),
  ]);
  const statuses = [first.status, second.status].sort();
  expect(statuses[0]).toBe(200);
  expect([200, 409]).toContain(statuses[1]);
  const rows = await a.db
    .select({ id: botMessages.id })
    .from(botMessages)
    .where(eq(botMessages.conversationId, Number(chat.conversationId)));
  expect(rows).toHaveLength(2);
  expect(chatRequests()).toHaveLength(1);
});
