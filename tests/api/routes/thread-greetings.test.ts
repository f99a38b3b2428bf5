import { and, eq, isNull, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threadMessages } from "../../../api/db/schema";
import type { FakeAiServer } from "../../support/fake-ai-server";
import { startFakeChatApi } from "../fake-chat-api";
import { memberWithSession, ownerWithSession, type TestApi } from "../helpers";

let fake: FakeAiServer;
let t: TestApi;

let close: () => Promise<void>;
beforeAll(async () => {
  ({ fake, t, close } = await startFakeChatApi());
});
afterAll(() => close());

type Session = { token: string };
type Message = {
  id: number;
  role: string;
  content: string;
  variants: { index: number; count: number; ids: number[] };
};

const greetings = [
  "Hello {{user}}, I am {{char}}.",
  "Back again, {{user}}?",
  "مساء الخير يا {{user}}!",
  "The museum opens at nine.",
];

async function characterWith(session: Session, firstMessage: string, alternates: string[]) {
  const created = await t.request("POST", "/characters", {
    token: session.token,
    json: { name: "Layla", firstMessage, alternateGreetings: alternates },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.id as string;
}

async function chatWith(session: Session, characterId: string) {
  const chat = await t.request("POST", `/characters/${characterId}/chat`, {
    token: session.token,
  });
  expect(chat.status, chat.text).toBe(201);
  return chat.body.threadId as number;
}

const nextGreeting = (session: Session, threadId: number, messageId: number) =>
  t.request("POST", `/threads/${threadId}/messages/${messageId}/next-greeting`, {
    token: session.token,
  });

const shown = async (session: Session, threadId: number) =>
  (await t.request("GET", `/threads/${threadId}`, { token: session.token })).body
    .messages as Message[];

describe("a character's greetings", () => {
  it("are versions of the thread's first message, and the next one shows in its place", async () => {
    const owner = await ownerWithSession(t, { firstName: "Omar" });
    const characterId = await characterWith(owner, greetings[0] ?? "", greetings.slice(1));
    const threadId = await chatWith(owner, characterId);

    const [opening] = await shown(owner, threadId);
    expect(opening).toMatchObject({
      role: "assistant",
      content: "Hello Omar, I am Layla.",
      variants: { index: 0, count: 4 },
    });
    if (!opening) throw new Error("no greeting");

    const second = await nextGreeting(owner, threadId, opening.id);
    expect(second.status, second.text).toBe(200);
    expect(second.body.messages).toHaveLength(1);
    expect(second.body.messages[0]).toMatchObject({
      content: "Back again, Omar?",
      variants: { index: 1, count: 4 },
    });

    // A conversation after the second greeting stays on its branch when another is shown.
    fake.reply = "The museum is in Doha.";
    const asked = await t.api.fetch(
      new Request(`http://qalam.test/api/v1/threads/${threadId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "Where is it?" }),
      }),
    );
    await asked.text();
    expect((await shown(owner, threadId)).map((message) => message.content)).toEqual([
      "Back again, Omar?",
      "Where is it?",
      "The museum is in Doha.",
    ]);
    const secondId = second.body.messages[0].id as number;
    const third = await nextGreeting(owner, threadId, secondId);
    expect(third.body.messages.map((message: Message) => message.content)).toEqual([
      "مساء الخير يا Omar!",
    ]);
    const fourth = await nextGreeting(owner, threadId, third.body.messages[0].id);
    expect(fourth.body.messages[0]).toMatchObject({
      content: "The museum opens at nine.",
      variants: { index: 3, count: 4 },
    });
    // After the last, the first again.
    const again = await nextGreeting(owner, threadId, fourth.body.messages[0].id);
    expect(again.body.messages[0]).toMatchObject({ id: opening.id, variants: { index: 0 } });

    // Picking the second greeting back brings its conversation with it.
    const picked = await t.request("PATCH", `/threads/${threadId}`, {
      token: owner.token,
      json: { currentMessageId: secondId },
    });
    expect(picked.body.messages).toHaveLength(3);
  });

  it("are given to a thread that holds only the one it opened with", async () => {
    const owner = await ownerWithSession(t, { firstName: "Omar" });
    const characterId = await characterWith(owner, greetings[0] ?? "", greetings.slice(1));
    const threadId = await chatWith(owner, characterId);
    const [opening] = await shown(owner, threadId);
    if (!opening) throw new Error("no greeting");
    // As a chat opened before the greetings were stored as versions.
    await t.db
      .delete(threadMessages)
      .where(
        and(
          eq(threadMessages.threadId, threadId),
          isNull(threadMessages.parentId),
          ne(threadMessages.id, opening.id),
        ),
      );
    expect((await shown(owner, threadId))[0]?.variants.count).toBe(1);

    const next = await nextGreeting(owner, threadId, opening.id);
    expect(next.status, next.text).toBe(200);
    expect(next.body.messages[0]).toMatchObject({
      content: "Back again, Omar?",
      variants: { index: 1, count: 4 },
    });
  });

  it("refuse what is not a greeting, a character with one, and others' threads", async () => {
    const owner = await ownerWithSession(t);
    const single = await chatWith(owner, await characterWith(owner, "Only hello.", []));
    const [only] = await shown(owner, single);
    if (!only) throw new Error("no greeting");
    const alone = await nextGreeting(owner, single, only.id);
    expect(alone.status).toBe(409);
    expect(alone.body.error.code).toBe("NO_OTHER_GREETING");

    fake.reply = "An answer.";
    const asked = await t.api.fetch(
      new Request(`http://qalam.test/api/v1/threads/${single}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "A question" }),
      }),
    );
    await asked.text();
    const [, question, answer] = await shown(owner, single);
    for (const message of [question, answer]) {
      const refused = await nextGreeting(owner, single, message?.id ?? 0);
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe("NOT_A_GREETING");
    }
    // The thread is as it was.
    expect(await shown(owner, single)).toHaveLength(3);

    const member = await memberWithSession(t, owner.organizationId, "member");
    expect((await nextGreeting(member, single, only.id)).status).toBe(404);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    expect((await nextGreeting(viewer, single, only.id)).status).toBe(403);
  });
});
