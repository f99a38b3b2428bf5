import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bots } from "../../../api/db/schema";
import { qaLimits } from "../../../api/knowledge/qa";
import { knowledgeQa } from "../../../api/knowledge/schema";
import { createTestApi, memberWithSession, ownerWithSession, type TestApi } from "../helpers";
import { organizationEvents } from "../realtime/socket-server";

let t: TestApi;

beforeAll(async () => {
  // No embedding model: the pairs keep no vectors (knowledge-sources.test.ts gives them some).
  t = await createTestApi({ ai: { sentenceEncoder: false } });
});

afterAll(async () => {
  await t.close();
});

type Owner = { token: string; id: string; organizationId: string };
type Pair = { question: string; answer: string };

async function newBot(owner: { token: string }, name = "Shop Helper") {
  const response = await t.request("POST", "/bots", { token: owner.token, json: { name } });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

async function add(owner: { token: string }, botId: string, json: Record<string, unknown>) {
  const response = await t.request("POST", `/bots/${botId}/knowledge/qa`, {
    token: owner.token,
    json,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const importFile = (
  owner: { token: string },
  botId: string,
  body: BodyInit,
  contentType = "text/csv",
) =>
  t.request("POST", `/bots/${botId}/knowledge/qa/import`, {
    token: owner.token,
    headers: { "content-type": contentType },
    body,
  });

/** A file to download, as its bytes (a body's byte order mark is kept) and headers. */
async function download(owner: { token: string }, path: string) {
  const response = await t.api.fetch(
    new Request(`http://qalam.test/api/v1${path}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    }),
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes),
  };
}

/** All of a bot's pairs as the database has them, oldest first. */
async function stored(botId: string): Promise<Pair[]> {
  return t.db
    .select({ question: knowledgeQa.question, answer: knowledgeQa.answer })
    .from(knowledgeQa)
    .where(eq(knowledgeQa.botId, botId))
    .orderBy(knowledgeQa.createdAt, knowledgeQa.id);
}

async function fill(owner: Owner, botId: string, n: number) {
  await t.db.execute(sql`
    insert into knowledge_qa (organization_id, bot_id, question, answer)
    select ${owner.organizationId}, ${botId}, 'Question ' || n, 'Answer ' || n
    from generate_series(1, ${n}) as n`);
}

describe("knowledge questions and answers", () => {
  it("are added, listed newest first, read, changed on their version and deleted", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const base = `/bots/${botId}/knowledge/qa`;
    const first = await add(owner, botId, {
      question: "  What are your opening hours?  ",
      answer: "Sunday to Thursday,\n9 to 5.\n",
    });
    expect(first).toMatchObject({
      botId,
      question: "What are your opening hours?",
      answer: "Sunday to Thursday,\n9 to 5.",
      version: 1,
      createdBy: owner.id,
    });
    expect(first).not.toHaveProperty("embeddingModel");
    const second = await add(owner, botId, { question: "Do you deliver?", answer: "Yes." });
    const [row] = await t.db.select().from(knowledgeQa).where(eq(knowledgeQa.id, first.id));
    expect(row?.embeddingModel).toBeNull();

    const list = await t.request("GET", base, { token: owner.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toMatchObject({ total: 2, totalCapped: false, page: 1, pageSize: 20 });
    expect(list.body.items.map((pair: Pair) => pair.question)).toEqual([
      "Do you deliver?",
      "What are your opening hours?",
    ]);
    const paged = await t.request("GET", `${base}?page=2&pageSize=1`, { token: owner.token });
    expect(paged.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.items.map((pair: Pair) => pair.question)).toEqual([
      "What are your opening hours?",
    ]);
    const badPage = await t.request("GET", `${base}?pageSize=500`, { token: owner.token });
    expect(badPage.status).toBe(422);
    expect(badPage.body.error.fields).toHaveProperty("pageSize");

    const path = `${base}/${second.id}`;
    const read = await t.request("GET", path, { token: owner.token });
    expect(read.body).toMatchObject({ id: second.id, question: "Do you deliver?", answer: "Yes." });
    const changed = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 1, answer: "Yes, within the city." },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      version: 2,
      question: "Do you deliver?",
      answer: "Yes, within the city.",
    });
    const stale = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 1, question: "Late" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("STALE_VERSION");
    expect(stale.body.error.details.current).toMatchObject({ version: 2 });
    expect((await t.request("GET", path, { token: owner.token })).body.question).toBe(
      "Do you deliver?",
    );

    expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(204);
    expect((await t.request("GET", path, { token: owner.token })).status).toBe(404);
    expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(404);
    expect((await t.request("GET", base, { token: owner.token })).body.total).toBe(1);
    // A pair is found only under its own bot.
    const otherBot = await newBot(owner, "Other");
    const elsewhere = `/bots/${otherBot}/knowledge/qa/${first.id}`;
    expect((await t.request("GET", elsewhere, { token: owner.token })).status).toBe(404);
    const moved = await t.request("PATCH", elsewhere, {
      token: owner.token,
      json: { version: 1, question: "Moved" },
    });
    expect(moved.status).toBe(404);
  });

  it("are searched by their questions in full text, Arabic as people mean it", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    await add(owner, botId, { question: "ما هي رسوم المدرسة؟", answer: "ألف ريال." });
    await add(owner, botId, { question: "How do I return an order?", answer: "Within 14 days." });
    await add(owner, botId, { question: "Where is the shop?", answer: "Riyadh, return road." });
    const search = async (q: string) => {
      const response = await t.request(
        "GET",
        `/bots/${botId}/knowledge/qa?q=${encodeURIComponent(q)}`,
        { token: owner.token },
      );
      expect(response.status, response.text).toBe(200);
      return response.body;
    };
    const returns = await search("returns");
    expect(returns.total).toBe(1);
    expect(returns.items.map((pair: Pair) => pair.question)).toEqual(["How do I return an order?"]);
    expect((await search("مدرسه")).items.map((pair: Pair) => pair.answer)).toEqual(["ألف ريال."]);
    expect((await search("nothing-like-it")).total).toBe(0);
  });

  it.each([
    ["no question", { answer: "A" }, "question", "REQUIRED"],
    ["a blank question", { question: "   ", answer: "A" }, "question", "REQUIRED"],
    ["no answer", { question: "Q" }, "answer", "REQUIRED"],
    [
      "a question too long",
      { question: "x".repeat(qaLimits.question + 1), answer: "A" },
      "question",
      "TOO_LONG",
    ],
    [
      "an answer too long",
      { question: "Q", answer: "x".repeat(qaLimits.answer + 1) },
      "answer",
      "TOO_LONG",
    ],
    [
      "a question of two lines",
      { question: "Q\nQ", answer: "A" },
      "question",
      "INVALID_CHARACTERS",
    ],
    ["an answer that is not text", { question: "Q", answer: 5 }, "answer", "INVALID_TYPE"],
  ])("refuse %s (422 on the field), adding nothing", async (_, json, field, code) => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const response = await t.request("POST", `/bots/${botId}/knowledge/qa`, {
      token: owner.token,
      json,
    });
    expect(response.status, response.text).toBe(422);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(response.body.error.fields)).toEqual([field]);
    expect(response.body.error.fieldCodes[field]).toBe(code);
    expect(await stored(botId)).toEqual([]);
  });

  it("take a length at the limit, and refuse a change past it", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const pair = await add(owner, botId, {
      question: "ق".repeat(qaLimits.question),
      answer: "ج".repeat(qaLimits.answer),
    });
    const response = await t.request("PATCH", `/bots/${botId}/knowledge/qa/${pair.id}`, {
      token: owner.token,
      json: { version: 1, question: "" },
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toHaveProperty("question");
    const noVersion = await t.request("PATCH", `/bots/${botId}/knowledge/qa/${pair.id}`, {
      token: owner.token,
      json: { question: "Q" },
    });
    expect(noVersion.status).toBe(422);
    expect(noVersion.body.error.fields).toHaveProperty("version");
  });

  it(`stop at ${qaLimits.perBot} a bot (422 TOO_MANY_QA), by hand and by import`, async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    await fill(owner, botId, qaLimits.perBot - 1);
    await add(owner, botId, { question: "The last one", answer: "Fits." });
    const over = await t.request("POST", `/bots/${botId}/knowledge/qa`, {
      token: owner.token,
      json: { question: "One more", answer: "No room." },
    });
    expect(over.status, over.text).toBe(422);
    expect(over.body.error.code).toBe("TOO_MANY_QA");
    expect(over.body.error.fields).toHaveProperty("question");
    const imported = await importFile(owner, botId, "question,answer\nOne more,No room\n");
    expect(imported.status).toBe(422);
    expect(imported.body.error.code).toBe("TOO_MANY_QA");
    const [counted] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(knowledgeQa)
      .where(eq(knowledgeQa.botId, botId));
    expect(counted?.n).toBe(qaLimits.perBot);

    // A file with more rows than a bot may have is refused whole.
    const emptyBot = await newBot(owner, "Empty");
    const lines = Array.from({ length: qaLimits.perBot + 1 }, (_, i) => `Q${i},A${i}`);
    const tooLong = await importFile(owner, emptyBot, `question,answer\n${lines.join("\n")}\n`);
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.code).toBe("TOO_MANY_QA");
    expect(await stored(emptyBot)).toEqual([]);
  });

  it("of a deleted bot are read while it can be restored, but not changed (409)", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const pair = await add(owner, botId, { question: "Q", answer: "A" });
    expect((await t.request("DELETE", `/bots/${botId}`, { token: owner.token })).status).toBe(204);
    const base = `/bots/${botId}/knowledge/qa`;
    const path = `${base}/${pair.id}`;
    expect((await t.request("GET", base, { token: owner.token })).body.total).toBe(1);
    expect((await t.request("GET", path, { token: owner.token })).status).toBe(200);
    expect((await t.request("GET", `${base}/export`, { token: owner.token })).status).toBe(200);
    const attempts: [string, string, Record<string, unknown> | undefined][] = [
      ["POST", base, { question: "Q2", answer: "A2" }],
      ["PATCH", path, { version: 1, answer: "B" }],
      ["DELETE", path, undefined],
    ];
    for (const [method, target, json] of attempts) {
      const response = await t.request(method, target, { token: owner.token, json });
      expect(response.status, `${method} ${target}`).toBe(409);
      expect(response.body.error.code).toBe("BOT_DELETED");
    }
    const imported = await importFile(owner, botId, "question,answer\nQ3,A3\n");
    expect(imported.status).toBe(409);
    expect(imported.body.error.code).toBe("BOT_DELETED");
    expect(await stored(botId)).toEqual([{ question: "Q", answer: "A" }]);

    await t.db
      .update(bots)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(bots.id, botId));
    expect((await t.request("GET", base, { token: owner.token })).status).toBe(404);
  });
});

describe("knowledge import and export", () => {
  it("imports CSV, all pairs in the file's order, trimmed", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const csv =
      "\uFEFFAnswer,Question,Notes\r\n" +
      '"Sunday to Thursday,\r\n9 to 5.",  Opening hours? ,ignored\r\n' +
      "\r\n" +
      'Yes,"Do you ""deliver""?",\r\n';
    const response = await importFile(owner, botId, csv, "text/csv; charset=utf-8");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ imported: 2 });
    expect(await stored(botId)).toEqual([
      { question: "Opening hours?", answer: "Sunday to Thursday,\r\n9 to 5." },
      { question: 'Do you "deliver"?', answer: "Yes" },
    ]);
    const list = await t.request("GET", `/bots/${botId}/knowledge/qa`, { token: owner.token });
    expect(list.body.items[0]).toMatchObject({
      question: 'Do you "deliver"?',
      createdBy: owner.id,
    });
  });

  it("imports JSON Lines, blank lines skipped", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const jsonl = '{"question":"Q1","answer":"A1"}\n\n{"answer":"A2","question":"Q2","x":1}\n';
    const response = await importFile(owner, botId, jsonl, "application/x-ndjson");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ imported: 2 });
    expect(await stored(botId)).toEqual([
      { question: "Q1", answer: "A1" },
      { question: "Q2", answer: "A2" },
    ]);
  });

  it("names each bad CSV row by its line and field, and imports nothing", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    await add(owner, botId, { question: "Kept", answer: "As it was" });
    const csv = [
      "question,answer",
      "Good,Fine",
      ",No question",
      `Long answer,${"x".repeat(qaLimits.answer + 1)}`,
      '"Two',
      'lines",Fine',
      "Only a question",
      'Broken "quote,here',
      "After,Fine",
    ].join("\n");
    const response = await importFile(owner, botId, csv);
    expect(response.status, response.text).toBe(422);
    expect(response.body.error.code).toBe("INVALID_ROWS");
    const rows = response.body.error.details.rows;
    expect(
      rows.map((row: { line: number; field: string; code: string }) => [
        row.line,
        row.field,
        row.code,
      ]),
    ).toEqual([
      [3, "question", "REQUIRED"],
      [4, "answer", "TOO_LONG"],
      [5, "question", "INVALID_CHARACTERS"],
      [7, "answer", "REQUIRED"],
      [8, "row", "INVALID_CSV"],
    ]);
    expect(response.body.error.details.invalidRows).toBe(5);
    expect(rows[0].message).toBeTruthy();
    expect(await stored(botId)).toEqual([{ question: "Kept", answer: "As it was" }]);
  });

  it("names a CSV file's missing column and an unclosed quote", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const noAnswer = await importFile(owner, botId, "question,reply\nQ,A\n");
    expect(noAnswer.status).toBe(422);
    expect(noAnswer.body.error.details.rows).toEqual([
      expect.objectContaining({ line: 1, field: "answer", code: "MISSING_COLUMN" }),
      expect.objectContaining({ line: 2, field: "answer", code: "REQUIRED" }),
    ]);
    const unclosed = await importFile(owner, botId, 'question,answer\nQ1,A1\nQ2,"A2\nQ3,A3\n');
    expect(unclosed.status).toBe(422);
    expect(unclosed.body.error.details.rows).toEqual([
      expect.objectContaining({ line: 3, field: "row", code: "INVALID_CSV" }),
    ]);
    expect(await stored(botId)).toEqual([]);
  });

  it("names each bad JSON line, and imports nothing", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const jsonl = [
      '{"question":"Good","answer":"Fine"}',
      '{"question":"Broken",',
      "[1,2]",
      '{"answer":"No question"}',
      '{"question":"Q","answer":"  "}',
      `{"question":"${"q".repeat(qaLimits.question + 1)}","answer":"A"}`,
      '{"question":7,"answer":"A"}',
    ].join("\n");
    const response = await importFile(owner, botId, jsonl, "application/x-ndjson");
    expect(response.status, response.text).toBe(422);
    expect(response.body.error.code).toBe("INVALID_ROWS");
    expect(
      response.body.error.details.rows.map((row: { line: number; field: string; code: string }) => [
        row.line,
        row.field,
        row.code,
      ]),
    ).toEqual([
      [2, "row", "INVALID_JSON"],
      [3, "row", "INVALID_JSON"],
      [4, "question", "REQUIRED"],
      [5, "answer", "REQUIRED"],
      [6, "question", "TOO_LONG"],
      [7, "question", "INVALID_TYPE"],
    ]);
    expect(await stored(botId)).toEqual([]);
  });

  it("refuses an empty file, text that is not UTF-8, another type (415) and past 2 MiB (413)", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const empty = await importFile(owner, botId, "question,answer\n");
    expect(empty.status).toBe(422);
    expect(empty.body.error.code).toBe("NO_ROWS");
    const latin1 = await importFile(owner, botId, new Uint8Array([0x71, 0x2c, 0x61, 0x0a, 0xe9]));
    expect(latin1.status).toBe(422);
    expect(latin1.body.error.code).toBe("INVALID_TEXT");
    const json = await t.request("POST", `/bots/${botId}/knowledge/qa/import`, {
      token: owner.token,
      json: [{ question: "Q", answer: "A" }],
    });
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const row = `${"q".repeat(400)},${"a".repeat(3000)}\n`;
    const big = `question,answer\n${row.repeat(Math.ceil(qaLimits.importBytes / row.length) + 1)}`;
    expect(big.length).toBeGreaterThan(qaLimits.importBytes);
    const tooLarge = await importFile(owner, botId, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await stored(botId)).toEqual([]);
  });

  it.each(["csv", "jsonl"] as const)(
    "exports %s as a download that imports back as the same pairs, Arabic included",
    async (format) => {
      const owner = await ownerWithSession(t);
      const botId = await newBot(owner, "مساعد المتجر Shop");
      const pairs: Pair[] = [
        { question: "ما هي ساعات العمل؟", answer: "من الأحد إلى الخميس،\nمن ٩ إلى ٥." },
        { question: 'He said "hello", then left', answer: "Commas, quotes \" and 'apostrophes'" },
        { question: "=1+2 looks like a formula", answer: "-5 and +966 50 123 4567" },
        { question: "@mention and tabs?", answer: "a\tb\n\nc" },
        { question: "مَدْرَسَة ـــ with tashkeel", answer: "😀 emoji and الْعَرَبِيَّة" },
      ];
      for (const pair of pairs) await add(owner, botId, pair);
      const exported = await download(owner, `/bots/${botId}/knowledge/qa/export?format=${format}`);
      expect(exported.status, exported.text).toBe(200);
      const disposition = exported.headers.get("content-disposition") ?? "";
      expect(disposition).toMatch(/^attachment; /);
      expect(disposition).toContain(
        `filename*=UTF-8''${encodeURIComponent(`مساعد-المتجر-shop-qa.${format}`)}`,
      );
      expect(exported.headers.get("content-type")).toContain(
        format === "csv" ? "text/csv" : "application/x-ndjson",
      );
      if (format === "csv") {
        expect(exported.text.startsWith("\uFEFFquestion,answer\r\n")).toBe(true);
        expect(exported.text).toContain("'=1+2");
      } else {
        const lines = exported.text.trimEnd().split("\n");
        expect(lines).toHaveLength(pairs.length);
        expect(JSON.parse(lines[0] as string)).toEqual(pairs[0]);
      }

      const copy = await newBot(owner, "Copy");
      const imported = await importFile(
        owner,
        copy,
        exported.bytes,
        format === "csv" ? "text/csv" : "application/x-ndjson",
      );
      expect(imported.status, imported.text).toBe(200);
      expect(imported.body).toEqual({ imported: pairs.length });
      expect(await stored(copy)).toEqual(pairs);
      const again = await download(owner, `/bots/${copy}/knowledge/qa/export?format=${format}`);
      expect(again.text).toBe(exported.text);
    },
  );

  it("refuses an unknown export format (422)", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const response = await t.request("GET", `/bots/${botId}/knowledge/qa/export?format=xlsx`, {
      token: owner.token,
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toHaveProperty("format");
  });
});

describe("knowledge: who may", () => {
  it("a viewer or a member reads the pairs but changes nothing (403)", async () => {
    const owner = await ownerWithSession(t);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const member = await memberWithSession(t, owner.organizationId, "member");
    const botId = await newBot(owner);
    const pair = await add(owner, botId, { question: "Q", answer: "A" });
    const base = `/bots/${botId}/knowledge/qa`;
    const path = `${base}/${pair.id}`;
    for (const who of [viewer, member]) {
      expect((await t.request("GET", base, { token: who.token })).body.total).toBe(1);
      expect((await t.request("GET", path, { token: who.token })).status).toBe(200);
      expect((await t.request("GET", `${base}/export`, { token: who.token })).status).toBe(200);
      const attempts: [string, string, Record<string, unknown> | undefined][] = [
        ["POST", base, { question: "Mine", answer: "Mine" }],
        ["PATCH", path, { version: 1, answer: "Mine" }],
        ["DELETE", path, undefined],
      ];
      for (const [method, target, json] of attempts) {
        const response = await t.request(method, target, { token: who.token, json });
        expect(response.status, `${method} ${target}`).toBe(403);
        expect(response.body.error.code).toBe("FORBIDDEN");
      }
      const imported = await importFile(who, botId, "question,answer\nMine,Mine\n");
      expect(imported.status).toBe(403);
      expect(imported.body.error.code).toBe("FORBIDDEN");
    }
    expect(await stored(botId)).toEqual([{ question: "Q", answer: "A" }]);
  });

  it("another organization finds none of a bot's pairs (404)", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const botId = await newBot(owner);
    const pair = await add(owner, botId, { question: "Q", answer: "A" });
    const base = `/bots/${botId}/knowledge/qa`;
    const path = `${base}/${pair.id}`;
    const attempts: [string, string, Record<string, unknown> | undefined][] = [
      ["GET", base, undefined],
      ["GET", `${base}/export`, undefined],
      ["POST", base, { question: "Theirs", answer: "Theirs" }],
      ["GET", path, undefined],
      ["PATCH", path, { version: 1, answer: "Theirs" }],
      ["DELETE", path, undefined],
    ];
    for (const [method, target, json] of attempts) {
      const response = await t.request(method, target, { token: stranger.token, json });
      expect(response.status, `${method} ${target}`).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
    const imported = await importFile(stranger, botId, "question,answer\nTheirs,Theirs\n");
    expect(imported.status).toBe(404);
    expect(await stored(botId)).toEqual([{ question: "Q", answer: "A" }]);
  });

  it("without a token, 401", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    expect((await t.request("GET", `/bots/${botId}/knowledge/qa`)).status).toBe(401);
    expect((await importFile({ token: "" }, botId, "question,answer\nQ,A\n")).status).toBe(401);
  });
});

describe("knowledge: live", () => {
  it("tells the organization of each change to a bot's pairs", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const events = await organizationEvents(t.api, owner.token, owner.organizationId);
    try {
      const pair = await add(owner, botId, { question: "Q", answer: "A" });
      const path = `/bots/${botId}/knowledge/qa/${pair.id}`;
      await t.request("PATCH", path, { token: owner.token, json: { version: 1, answer: "B" } });
      await t.request("DELETE", path, { token: owner.token });
      await importFile(owner, botId, "question,answer\nQ2,A2\n");
      // The pairs' indexing jobs tell of themselves in between (job.progress).
      const changes = [];
      while (changes.length < 4) {
        const event = await events.next();
        if (!String(event.type).startsWith("job.")) changes.push(event);
      }
      for (const event of changes) {
        expect(event).toMatchObject({ type: "knowledge.changed", id: botId, actor: owner.id });
      }
    } finally {
      await events.close();
    }
  });
});
