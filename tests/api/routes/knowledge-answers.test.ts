import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiEnvironment } from "../../../api/ai/config";
import { botMessages } from "../../../api/db/schema";
import { type FakeAiServer, startFakeAiServer } from "../../support/fake-ai-server";
import { createTestApi, ownerWithSession, type TestApi } from "../helpers";

let fake: FakeAiServer;
/** A chat model and an embedding model, both the fake provider's. */
let t: TestApi;
/** A chat model alone: knowledge is found by full text. */
let textOnly: TestApi;

beforeAll(async () => {
  fake = await startFakeAiServer();
  const common = { AI_BASE_URL: fake.baseUrl, AI_API_KEY: fake.apiKey, AI_CHAT_MODEL: "chat" };
  const options = { allowPrivateNetwork: true, offlineVoice: false, sentenceEncoder: false };
  [t, textOnly] = await Promise.all([
    createTestApi({
      ai: {
        ...options,
        environment: aiEnvironment({ ...common, AI_EMBEDDING_MODEL: "embedding" }),
      },
    }),
    createTestApi({ ai: { ...options, environment: aiEnvironment(common) } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), textOnly.close(), fake.close()]);
});
beforeEach(() => fake.reset());

const page = "https://shop.example";
let address = 0;
type Owner = Awaited<ReturnType<typeof ownerWithSession>>;

async function liveBot(api: TestApi, owner: Owner, json: Record<string, unknown> = {}) {
  const response = await api.request("POST", "/bots", {
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

async function teach(api: TestApi, owner: Owner, botId: string, title: string, text: string) {
  const created = await api.request("POST", `/bots/${botId}/knowledge/sources`, {
    token: owner.token,
    json: { kind: "text", title, text },
  });
  expect(created.status, created.text).toBe(201);
  const until = Date.now() + 60_000;
  for (;;) {
    const source = await api.request("GET", `/bots/${botId}/knowledge/sources/${created.body.id}`, {
      token: owner.token,
    });
    if (source.body.status === "ready") return;
    if (source.body.status === "failed" || Date.now() > until) {
      throw new Error(`The source is ${source.body.status}: ${source.body.errorMessage}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A visitor's question in a new conversation: the answer's stream and its stored messages. */
async function ask(api: TestApi, bot: { publicId: string }, text: string) {
  const ip = `198.51.100.${++address}`;
  const headers = { origin: page, "x-forwarded-for": ip };
  const started = await api.request("POST", `/public/bots/${bot.publicId}/conversations`, {
    json: { locale: "en" },
    headers,
  });
  expect(started.status, started.text).toBe(201);
  const { conversationId, token } = started.body;
  const base = `/public/bots/${bot.publicId}/conversations/${conversationId}`;
  const sent = await api.request("POST", `${base}/messages`, {
    token,
    json: { text, clientMessageId: crypto.randomUUID() },
    headers,
  });
  expect(sent.status, sent.text).toBe(200);
  const parts = sent.text
    .split("\n\n")
    .map((event) => event.trim())
    .filter((event) => event.startsWith("data: ") && event !== "data: [DONE]")
    .map((event) => JSON.parse(event.slice(6)));
  const read = await api.request("GET", `${base}/messages`, { token, headers });
  return { parts, messages: read.body.items, conversationId: Number(conversationId) };
}

/** The system messages of the last chat call the fake provider answered. */
function systemOfLastCall(): string {
  const calls = fake.requests.filter((request) => request.path === "/chat/completions");
  const body = calls.at(-1)?.body as { messages: { role: string; content: string }[] };
  return body.messages
    .filter((message) => message.role === "system")
    .map((message) => message.content)
    .join("\n");
}

describe("answers from knowledge", () => {
  it("give the model the relevant passages, numbered, and keep the sources the answer cites", async () => {
    const owner = await ownerWithSession(t);
    const bot = await liveBot(t, owner);
    await teach(
      t,
      owner,
      bot.id,
      "Shop handbook",
      "# Returns\n\nRefunds are paid within five working days.\n\n# Delivery\n\nOrders ship from Riyadh.",
    );
    await teach(t, owner, bot.id, "Gift cards", "Gift cards never expire.");
    fake.reply = "Refunds take five working days [1].";

    const { parts, messages } = await ask(t, bot, "How long do refunds take?");
    const system = systemOfLastCall();
    expect(system).toContain(
      "[1] Shop handbook › Returns\nRefunds are paid within five working days.",
    );
    expect(system).toContain("cite it by its number");
    const sources = parts.find((part) => part.type === "data-sources");
    expect(sources?.data).toEqual([{ title: "Shop handbook", url: null }]);
    expect(messages.at(-1)).toMatchObject({
      role: "assistant",
      text: "Refunds take five working days [1].",
      sources: [{ title: "Shop handbook", url: null }],
      fallback: false,
    });

    // An answer that cites nothing keeps no sources.
    fake.reply = "Hello.";
    const plain = await ask(t, bot, "How long do refunds take?");
    expect(plain.parts.some((part) => part.type === "data-sources")).toBe(false);
    expect(plain.messages.at(-1).sources).toEqual([]);
  });

  it("put a question the owners answered first, before the passages", async () => {
    const owner = await ownerWithSession(t);
    const bot = await liveBot(t, owner);
    await teach(t, owner, bot.id, "Handbook", "# Hours\n\nWe open at nine on weekdays.");
    const pair = await t.request("POST", `/bots/${bot.id}/knowledge/qa`, {
      token: owner.token,
      json: { question: "Are you open on Fridays?", answer: "Yes, from two in the afternoon." },
    });
    expect(pair.status, pair.text).toBe(201);
    await ask(t, bot, "Are you open on Fridays?");
    const system = systemOfLastCall();
    const qa = system.indexOf("Q: Are you open on Fridays?\nA: Yes, from two in the afternoon.");
    expect(qa).toBeGreaterThan(-1);
    const passages = system.indexOf("[1] ");
    if (passages > -1) expect(qa).toBeLessThan(passages);
  });

  it("in knowledge-only mode, a question the knowledge does not cover gets the fallback, counted as unanswered", async () => {
    const owner = await ownerWithSession(textOnly);
    const bot = await liveBot(textOnly, owner, { knowledgeOnly: true });
    await teach(
      textOnly,
      owner,
      bot.id,
      "Handbook",
      "# Returns\n\nRefunds are paid within five days.",
    );

    const before = fake.requests.filter((r) => r.path === "/chat/completions").length;
    const off = await ask(textOnly, bot, "What is the weather like on Mars?");
    expect(fake.requests.filter((r) => r.path === "/chat/completions")).toHaveLength(before);
    expect(off.messages.at(-1)).toMatchObject({
      text: "Our team will write back.",
      fallback: true,
      sources: [],
    });
    const [stored] = await textOnly.db
      .select({ unanswered: botMessages.unanswered, fallback: botMessages.fallback })
      .from(botMessages)
      .where(eq(botMessages.conversationId, off.conversationId))
      .orderBy(botMessages.id)
      .offset(1);
    expect(stored).toEqual({ unanswered: true, fallback: true });

    // A covered question is answered from the knowledge alone, told so with the fallback to give.
    fake.reply = "Five days [1].";
    const on = await ask(textOnly, bot, "When are refunds paid?");
    const system = systemOfLastCall();
    expect(system).toContain("Answer only from the knowledge below");
    expect(system).toContain("Our team will write back.");
    expect(on.messages.at(-1)).toMatchObject({
      text: "Five days [1].",
      fallback: false,
      sources: [{ title: "Handbook", url: null }],
    });
  });

  it("a bot without knowledge answers as before, and another bot's knowledge is not drawn on", async () => {
    const owner = await ownerWithSession(t);
    const taught = await liveBot(t, owner);
    await teach(t, owner, taught.id, "Secret", "The vault code is 1234.");
    const other = await liveBot(t, owner);
    await ask(t, other, "What is the vault code?");
    expect(systemOfLastCall()).not.toContain("1234");
    expect(systemOfLastCall()).not.toContain("Passages");
  });
});
