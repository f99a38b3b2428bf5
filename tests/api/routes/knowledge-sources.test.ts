import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiEnvironment } from "../../../api/ai/config";
import { queryRows } from "../../../api/db/client";
import { aiUsage, knowledgeChunks, knowledgeQa, knowledgeSources } from "../../../api/db/schema";
import { knowledgeLimits } from "../../../api/knowledge/sources";
import { vectorsEnabled } from "../../../api/knowledge/vectors";
import { type FakeAiServer, fakeEmbedding, startFakeAiServer } from "../../support/fake-ai-server";
import {
  createTestApi,
  createTestDatabase,
  memberWithSession,
  ownerWithSession,
  type TestApi,
} from "../helpers";
import { textPdf, wordParagraph, wordStructured } from "../test-documents";

let fake: FakeAiServer;
/** The fake provider's embedding model: vectors beside full text. */
let t: TestApi;
/** No embedding model anywhere: full text alone. */
let bare: TestApi;

beforeAll(async () => {
  fake = await startFakeAiServer();
  const environment = aiEnvironment({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: fake.apiKey,
    AI_EMBEDDING_MODEL: "environment-embedding",
  });
  [t, bare] = await Promise.all([
    createTestApi({
      ai: { environment, allowPrivateNetwork: true, offlineVoice: false, sentenceEncoder: false },
    }),
    createTestApi({ ai: { offlineVoice: false, sentenceEncoder: false, slideshow: false } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), bare.close(), fake.close()]);
});

type Owner = Awaited<ReturnType<typeof ownerWithSession>>;

async function newBot(owner: Owner, api = t) {
  const response = await api.request("POST", "/bots", {
    token: owner.token,
    json: { name: "Helper" },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

const sourcesOf = (botId: string) => `/bots/${botId}/knowledge/sources`;

async function addSource(owner: Owner, botId: string, json: Record<string, unknown>, api = t) {
  const response = await api.request("POST", sourcesOf(botId), { token: owner.token, json });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; status: string };
}

/** The source once its job has settled (ready or failed). */
async function settled(owner: Owner, botId: string, sourceId: string, api = t) {
  const until = Date.now() + 60_000;
  for (;;) {
    const response = await api.request("GET", `${sourcesOf(botId)}/${sourceId}`, {
      token: owner.token,
    });
    expect(response.status, response.text).toBe(200);
    if (response.body.status === "ready" || response.body.status === "failed") return response.body;
    if (Date.now() > until) throw new Error(`The source stayed ${response.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const search = (owner: Owner, botId: string, query: string, api = t) =>
  api.request("POST", `/bots/${botId}/knowledge/search`, {
    token: owner.token,
    json: { query },
  });

const handbook = [
  "# Returns",
  "Refunds are paid within five working days of the parcel reaching our warehouse.",
  "## Damaged goods",
  "Send a photo of the damage and we replace the item at no cost.",
  "# Delivery",
  "Orders ship from Riyadh every weekday before noon.",
].join("\n\n");

describe("knowledge sources", () => {
  it("a text is queued, cut along its headings, given vectors, and found by words and by meaning", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const created = await addSource(owner, botId, {
      kind: "text",
      title: "Shop handbook",
      text: handbook,
    });
    expect(created).toMatchObject({ status: "queued", kind: "text", title: "Shop handbook" });

    const source = await settled(owner, botId, created.id);
    expect(source).toMatchObject({
      status: "ready",
      progress: 1,
      chunkCount: 3,
      characters: handbook.length,
      errorCode: null,
    });
    expect(source.syncedAt).not.toBeNull();
    expect(source.chunks.map((c: { heading: string }) => c.heading)).toEqual([
      "Returns",
      "Returns › Damaged goods",
      "Delivery",
    ]);
    // A server without pgvector keeps no vectors, and asks the embedding model nothing.
    const vectors = await vectorsEnabled(t.db);
    const stored = await t.db
      .select({
        model: knowledgeChunks.embeddingModel,
        dimensions: knowledgeChunks.embeddingDimensions,
      })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.sourceId, created.id));
    expect(stored).toEqual(
      Array.from({ length: 3 }, () =>
        vectors
          ? { model: "environment-embedding", dimensions: fakeEmbedding("x").length }
          : { model: null, dimensions: null },
      ),
    );
    if (vectors) {
      const [withVectors] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from knowledge_chunks where source_id = ${created.id} and embedding is not null`,
      );
      expect(withVectors?.n).toBe(3);
    }

    // Words: any of the question's, stemmed ("refund" finds "Refunds").
    const byWords = await search(owner, botId, "How long does a refund take?");
    expect(byWords.status, byWords.text).toBe(200);
    expect(byWords.body.vectors).toBe(vectors);
    expect(byWords.body.chunks[0]).toMatchObject({
      sourceId: created.id,
      sourceTitle: "Shop handbook",
      heading: "Returns",
    });
    expect(byWords.body.chunks[0].foundBy).toContain("text");

    // Meaning: the fake provider's vectors match equal texts, whatever their words.
    const chunkText = "Orders ship from Riyadh every weekday before noon.";
    const byMeaning = await search(owner, botId, chunkText);
    expect(byMeaning.body.chunks[0]).toMatchObject({ heading: "Delivery" });
    expect(byMeaning.body.chunks[0].foundBy).toEqual(vectors ? ["text", "vector"] : ["text"]);
    if (vectors) expect(byMeaning.body.chunks[0].similarity).toBeCloseTo(1, 5);

    // The embeddings count in the organization's usage.
    const usage = await t.db
      .select({ purpose: aiUsage.purpose, capability: aiUsage.capability })
      .from(aiUsage)
      .where(eq(aiUsage.organizationId, owner.organizationId));
    const embeddings = usage.filter((row) => row.capability === "embedding").length;
    if (vectors) expect(embeddings).toBeGreaterThanOrEqual(2);
    else expect(embeddings).toBe(0);
    expect(usage.every((row) => row.purpose === "knowledge")).toBe(true);
  });

  it("finds Arabic whatever its spelling: the article, taa marbuta and hamza", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const created = await addSource(owner, botId, {
      kind: "text",
      title: "سياسة الاسترجاع",
      text: "# الاسترجاع\n\nتعاد المبالغ المدفوعة خلال خمسة أيام عمل من وصول الطرد إلى المستودع.\n\n# الشحن\n\nنشحن الطلبات من الرياض كل يوم.",
    });
    await settled(owner, botId, created.id);
    const found = await search(owner, botId, "متى تصل مبالغ الطرود المدفوعه؟");
    expect(found.status, found.text).toBe(200);
    expect(found.body.chunks[0]).toMatchObject({
      heading: "الاسترجاع",
      sourceTitle: "سياسة الاسترجاع",
    });
  });

  it("without an embedding model, searches by full text alone and says so", async () => {
    const owner = await ownerWithSession(bare);
    const botId = await newBot(owner, bare);
    const created = await addSource(
      owner,
      botId,
      { kind: "text", title: "Handbook", text: handbook },
      bare,
    );
    expect(await settled(owner, botId, created.id, bare)).toMatchObject({
      status: "ready",
      chunkCount: 3,
    });
    const [row] = await bare.db
      .select({ model: knowledgeChunks.embeddingModel })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.sourceId, created.id))
      .limit(1);
    expect(row?.model).toBeNull();
    const found = await search(owner, botId, "damaged item photo", bare);
    expect(found.body).toMatchObject({ vectors: false });
    expect(found.body.chunks[0]).toMatchObject({
      heading: "Returns › Damaged goods",
      foundBy: ["text"],
    });
    // Nothing relevant: nothing found, rather than the nearest anything.
    const nothing = await search(owner, botId, "opening hours on holidays", bare);
    expect(nothing.body.chunks).toEqual([]);
  });

  it("ranks a passage by its rarer words: a word every passage has counts for little", async () => {
    const owner = await ownerWithSession(bare);
    const botId = await newBot(owner, bare);
    const common = (topic: string) =>
      `## ${topic}\n\nOur solar panels, solar inverters and solar batteries: solar power for ${topic.toLowerCase()}.`;
    const created = await addSource(
      owner,
      botId,
      {
        kind: "text",
        title: "Site",
        text: [
          "# Solar",
          common("Homes"),
          common("Farms"),
          common("Shops"),
          "## Flats\n\nAn apartment building needs its owners' consent for solar.",
          "## الأسعار\n\nفي كل باقة في الأردن في عمّان في إربد: الأسعار في الموقع.",
          "## السداد المبكر\n\nيمكن سداد القرض مبكرًا دون رسوم.",
        ].join("\n\n"),
      },
      bare,
    );
    await settled(owner, botId, created.id, bare);
    const flats = await search(owner, botId, "solar solar apartment", bare);
    expect(flats.body.chunks[0]).toMatchObject({ heading: "Solar › Flats" });
    // "هل" and "في" only ask: the passage full of "في" does not come first.
    const early = await search(owner, botId, "هل في رسوم على السداد في البنك؟", bare);
    expect(early.body.chunks[0]).toMatchObject({ heading: "Solar › السداد المبكر" });
    const asking = await search(owner, botId, "هل في؟", bare);
    expect(asking.body.chunks).toEqual([]);
    // The words are quoted before they reach a tsquery: its syntax in a question is only text.
    const syntax = await search(owner, botId, "it's O'Brien's apartment' | !solar & (:* ''", bare);
    expect(syntax.status, syntax.text).toBe(200);
    expect(syntax.body.chunks[0]).toMatchObject({ heading: "Solar › Flats" });
  });

  it("the embedded English encoder gives Arabic passages no vector, and finds Arabic by its words", async () => {
    const encoded = await createTestApi({ ai: { offlineVoice: false, slideshow: false } });
    try {
      const owner = await ownerWithSession(encoded);
      const botId = await newBot(owner, encoded);
      const created = await addSource(
        owner,
        botId,
        {
          kind: "text",
          title: "Both",
          text: "# Delivery\n\nOrders ship from Riyadh every weekday.\n\n# الشحن\n\nنشحن الطلبات من الرياض كل يوم.",
        },
        encoded,
      );
      await settled(owner, botId, created.id, encoded);
      // A PostgreSQL server without pgvector keeps no vectors at all (docs/deploy.md).
      const vectors = await vectorsEnabled(encoded.db);
      const rows = await queryRows<{ heading: string; model: string | null; vector: boolean }>(
        encoded.db,
        vectors
          ? sql`select heading, embedding_model as model, embedding is not null as vector
              from knowledge_chunks where source_id = ${created.id} order by position`
          : sql`select heading, embedding_model as model, false as vector
              from knowledge_chunks where source_id = ${created.id} order by position`,
      );
      const model = vectors ? "universal-sentence-encoder-en" : null;
      expect(rows).toEqual([
        { heading: "Delivery", model, vector: vectors },
        { heading: "الشحن", model, vector: false },
      ]);
      const arabic = await search(owner, botId, "متى تشحنون الطلبات؟", encoded);
      expect(arabic.body.chunks.map((chunk: { heading: string }) => chunk.heading)).toEqual([
        "الشحن",
      ]);
      expect(arabic.body.chunks[0].foundBy).toEqual(["text"]);
      if (vectors) {
        const english = await search(owner, botId, "When do you send parcels?", encoded);
        expect(english.body.chunks[0]).toMatchObject({ heading: "Delivery", foundBy: ["vector"] });
      }
    } finally {
      await encoded.close();
    }
  });

  it("a document is read as it is now, again after it is saved, and fails with the reason once deleted", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const document = await t.request("POST", "/documents", {
      token: owner.token,
      json: { title: "Opening hours", content: "<h2>Weekdays</h2><p>We open at nine.</p>" },
    });
    expect(document.status, document.text).toBe(201);
    const created = await addSource(owner, botId, {
      kind: "document",
      documentId: document.body.id,
    });
    const first = await settled(owner, botId, created.id);
    expect(first).toMatchObject({
      status: "ready",
      title: "Opening hours",
      documentId: document.body.id,
    });
    expect(first.chunks.some((c: { text: string }) => c.text.includes("We open at nine."))).toBe(
      true,
    );

    const saved = await t.request("PATCH", `/documents/${document.body.id}`, {
      token: owner.token,
      json: { version: document.body.version, content: "<h2>Weekdays</h2><p>We open at ten.</p>" },
    });
    expect(saved.status, saved.text).toBe(200);
    const until = Date.now() + 30_000;
    let again = await settled(owner, botId, created.id);
    while (
      !again.chunks.some((c: { text: string }) => c.text.includes("ten")) &&
      Date.now() < until
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await settled(owner, botId, created.id);
    }
    expect(again.chunks.some((c: { text: string }) => c.text.includes("We open at ten."))).toBe(
      true,
    );
    expect(again.chunks.some((c: { text: string }) => c.text.includes("nine"))).toBe(false);

    const foundIn = async () =>
      (await search(owner, botId, "When do you open?")).body.chunks.map(
        (chunk: { sourceId: string }) => chunk.sourceId,
      );
    expect(await foundIn()).toContain(created.id);

    // In the bin: the source fails with the reason, and no answer draws on it.
    const deleted = await t.request("DELETE", `/documents/${document.body.id}`, {
      token: owner.token,
    });
    expect(deleted.status).toBe(204);
    expect(await settled(owner, botId, created.id)).toMatchObject({
      status: "failed",
      errorCode: "DOCUMENT_GONE",
      errorMessage: "The document was deleted.",
    });
    expect(await foundIn()).not.toContain(created.id);

    // Back from the bin: read again, and drawn on again.
    const restored = await t.request("POST", `/documents/${document.body.id}/restore`, {
      token: owner.token,
    });
    expect(restored.status, restored.text).toBe(200);
    expect(await settled(owner, botId, created.id)).toMatchObject({ status: "ready" });
    expect(await foundIn()).toContain(created.id);

    // A retry of a failed source is asked by hand too.
    const sync = await t.request("POST", `${sourcesOf(botId)}/${created.id}/sync`, {
      token: owner.token,
    });
    expect(sync.status, sync.text).toBe(202);
    expect(sync.body.status).toBe("queued");
    expect(await settled(owner, botId, created.id)).toMatchObject({ status: "ready" });
  });

  it("are listed newest first, a page at a time; a deleted one takes its chunks out of answers", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const one = await addSource(owner, botId, {
      kind: "text",
      title: "One",
      text: "Gift cards never expire.",
    });
    const two = await addSource(owner, botId, {
      kind: "text",
      title: "Two",
      text: "Parking is free for guests.",
    });
    await settled(owner, botId, one.id);
    await settled(owner, botId, two.id);
    const page = await t.request("GET", `${sourcesOf(botId)}?pageSize=1`, { token: owner.token });
    expect(page.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.body.items.map((s: { title: string }) => s.title)).toEqual(["Two"]);

    const sourcesFound = async () =>
      (await search(owner, botId, "gift card")).body.chunks.map(
        (chunk: { sourceId: string }) => chunk.sourceId,
      );
    expect((await sourcesFound())[0]).toBe(one.id);
    const removed = await t.request("DELETE", `${sourcesOf(botId)}/${one.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    expect(await sourcesFound()).not.toContain(one.id);
    const rows = await t.db
      .select({ id: knowledgeChunks.id })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.sourceId, one.id));
    expect(rows).toEqual([]);
    const gone = await t.request("GET", `${sourcesOf(botId)}/${one.id}`, { token: owner.token });
    expect(gone.status).toBe(404);
  });

  it("refuses bad input by its field, and changes nothing", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: "text", title: "", text: "Something" }, "title"],
      [{ kind: "text", title: "T", text: "   " }, "text"],
      [{ kind: "text", title: "T", text: "x".repeat(knowledgeLimits.text + 1) }, "text"],
      [{ kind: "text", title: "T", text: "ok", chunkSize: 10 }, "chunkSize"],
      [{ kind: "text", title: "T", text: "ok", chunkOverlap: 5000 }, "chunkOverlap"],
      [{ kind: "document", documentId: "not-a-uuid" }, "documentId"],
      [{ kind: "website", url: "https://example.com" }, "kind"],
      [{ kind: "text", title: "T\u0000", text: "ok" }, "title"],
    ];
    for (const [json, field] of cases) {
      const response = await t.request("POST", sourcesOf(botId), { token: owner.token, json });
      expect(response.status, JSON.stringify(json).slice(0, 80)).toBe(422);
      expect(Object.keys(response.body.error?.fields ?? {}), response.text).toContain(field);
    }
    const search422 = await t.request("POST", `/bots/${botId}/knowledge/search`, {
      token: owner.token,
      json: { query: "" },
    });
    expect(search422.status).toBe(422);
    const listed = await t.request("GET", sourcesOf(botId), { token: owner.token });
    expect(listed.body.total).toBe(0);
  });

  it("keeps to the bot's organization, lets viewers read but not teach, and caps a bot's sources", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const stranger = await ownerWithSession(t);
    const strangerBot = await newBot(stranger);
    const created = await addSource(owner, botId, {
      kind: "text",
      title: "Secret",
      text: "The vault code is 1234.",
    });
    await settled(owner, botId, created.id);

    // Another organization's bot, source and document are not found.
    for (const [method, path] of [
      ["GET", sourcesOf(botId)],
      ["GET", `${sourcesOf(botId)}/${created.id}`],
      ["DELETE", `${sourcesOf(botId)}/${created.id}`],
      ["POST", `${sourcesOf(botId)}/${created.id}/sync`],
    ] as const) {
      const response = await t.request(method, path, { token: stranger.token });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const across = await t.request("GET", `${sourcesOf(strangerBot)}/${created.id}`, {
      token: stranger.token,
    });
    expect(across.status).toBe(404);
    expect((await search(stranger, botId, "vault code")).status).toBe(404);
    expect((await search(stranger, strangerBot, "vault code")).body.chunks).toEqual([]);
    const document = await t.request("POST", "/documents", {
      token: owner.token,
      json: { title: "Private", content: "<p>Ours.</p>" },
    });
    const foreign = await t.request("POST", sourcesOf(strangerBot), {
      token: stranger.token,
      json: { kind: "document", documentId: document.body.id },
    });
    expect(foreign.status).toBe(404);

    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const read = await t.request("GET", `${sourcesOf(botId)}/${created.id}`, {
      token: viewer.token,
    });
    expect(read.status).toBe(200);
    const viewerSearch = await t.request("POST", `/bots/${botId}/knowledge/search`, {
      token: viewer.token,
      json: { query: "vault" },
    });
    expect(viewerSearch.status).toBe(200);
    for (const [method, path, json] of [
      ["POST", sourcesOf(botId), { kind: "text", title: "T", text: "x" }],
      ["DELETE", `${sourcesOf(botId)}/${created.id}`, undefined],
      ["POST", `${sourcesOf(botId)}/${created.id}/sync`, undefined],
    ] as const) {
      const response = await t.request(method, path, { token: viewer.token, json });
      expect(response.status, `${method} ${path}`).toBe(403);
    }

    // The cap: rows written straight to reach it.
    await t.db.insert(knowledgeSources).values(
      Array.from({ length: knowledgeLimits.sources - 1 }, (_, index) => ({
        organizationId: owner.organizationId,
        botId,
        kind: "text" as const,
        title: `Filler ${index}`,
        status: "ready" as const,
      })),
    );
    const over = await t.request("POST", sourcesOf(botId), {
      token: owner.token,
      json: { kind: "text", title: "One too many", text: "x" },
    });
    expect(over.status, over.text).toBe(422);
    expect(over.body.error.code).toBe("TOO_MANY_SOURCES");
    const [counted] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(knowledgeSources)
      .where(and(eq(knowledgeSources.botId, botId)));
    expect(counted?.n).toBe(knowledgeLimits.sources);
  });

  it("a file's text is read on upload, and a file that cannot be read is refused with the reason", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const upload = (
      name: string,
      bytes: Uint8Array | string,
      type = "",
      extra: Record<string, string> = {},
    ) => {
      const form = new FormData();
      form.set("kind", "file");
      form.set(
        "file",
        new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type }),
      );
      for (const [key, value] of Object.entries(extra)) form.set(key, value);
      return t.request("POST", sourcesOf(botId), { token: owner.token, body: form });
    };

    const markdown = await upload("faq.md", "# Shipping\n\nWe ship worldwide.\n", "text/markdown", {
      chunkSize: "500",
    });
    expect(markdown.status, markdown.text).toBe(201);
    expect(markdown.body).toMatchObject({
      kind: "file",
      title: "Shipping",
      fileName: "faq.md",
      chunkSize: 500,
      status: "queued",
    });
    const ready = await settled(owner, botId, markdown.body.id);
    expect(ready.chunks[0]).toMatchObject({ heading: "Shipping", text: "We ship worldwide." });

    const word = await upload(
      "policy.docx",
      wordStructured(
        wordParagraph("Returns", "Heading1") + wordParagraph("سياسة الإرجاع لمدة ثلاثين يوماً."),
      ),
    );
    expect(word.status, word.text).toBe(201);
    const wordReady = await settled(owner, botId, word.body.id);
    expect(wordReady.chunks[0]).toMatchObject({ heading: "Returns" });
    expect(wordReady.chunks[0].text).toContain("سياسة الإرجاع");

    const refused: [string, Uint8Array | string, string][] = [
      ["tool.exe", "MZ", "UNSUPPORTED_FILE_TYPE"],
      ["fake.pdf", "not a pdf at all", "UNREADABLE_FILE"],
      ["locked.pdf", textPdf(["Secret"], { locked: true }), "ENCRYPTED_FILE"],
      ["blank.txt", "   \n  ", "EMPTY_FILE"],
    ];
    for (const [name, bytes, code] of refused) {
      const response = await upload(name, bytes);
      expect(response.status, `${name}: ${response.text}`).toBe(422);
      expect(response.body.error.code, name).toBe(code);
      expect(response.body.error.fields.file, name).toBeTruthy();
    }
    const none = await upload("", "");
    expect(none.status).toBe(422);
    const badSize = await upload("faq.md", "# A\n\nB", "", { chunkSize: "9" });
    expect(badSize.status).toBe(422);
    expect(Object.keys(badSize.body.error.fields)).toContain("chunkSize");

    const tooLarge = await upload("big.txt", new Uint8Array(20 * 1024 * 1024 + 70 * 1024).fill(97));
    expect(tooLarge.status).toBe(413);
    const plain = await t.request("POST", sourcesOf(botId), {
      token: owner.token,
      body: "kind=text",
      headers: { "content-type": "text/plain" },
    });
    expect(plain.status).toBe(415);
    const listed = await t.request("GET", sourcesOf(botId), { token: owner.token });
    expect(listed.body.total).toBe(2);
  });

  it("gives question-and-answer pairs their vectors in a job, again when a question changes", async () => {
    const vectors = await vectorsEnabled(t.db);
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const created = await t.request("POST", `/bots/${botId}/knowledge/qa`, {
      token: owner.token,
      json: { question: "Do you ship abroad?", answer: "Yes, to 40 countries." },
    });
    expect(created.status, created.text).toBe(201);
    const indexedAs = async (question: string) => {
      const until = Date.now() + 30_000;
      for (;;) {
        const [row] = await t.db
          .select({ model: knowledgeQa.embeddingModel, question: knowledgeQa.question })
          .from(knowledgeQa)
          .where(eq(knowledgeQa.id, created.body.id));
        if (row?.model === "environment-embedding" && row.question === question) return;
        if (Date.now() > until) throw new Error(`Not indexed: ${JSON.stringify(row)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    if (!vectors) {
      // Without pgvector: no job, no vector, and the pair is found by its words.
      const jobs = await t.request("GET", "/jobs", { token: owner.token });
      expect(jobs.body.items).toEqual([]);
      const found = await search(owner, botId, "Do you ship abroad?");
      expect(found.body.qa[0]).toMatchObject({ foundBy: ["text"], close: true, similarity: null });
      return;
    }
    await indexedAs("Do you ship abroad?");
    const found = await search(owner, botId, "Do you ship abroad?");
    expect(found.body.qa[0]).toMatchObject({
      question: "Do you ship abroad?",
      answer: "Yes, to 40 countries.",
      foundBy: ["text", "vector"],
      close: true,
    });
    expect(found.body.qa[0].similarity).toBeCloseTo(1, 5);

    const changed = await t.request("PATCH", `/bots/${botId}/knowledge/qa/${created.body.id}`, {
      token: owner.token,
      json: { version: created.body.version, question: "Which countries do you deliver to?" },
    });
    expect(changed.status, changed.text).toBe(200);
    await indexedAs("Which countries do you deliver to?");
    const again = await search(owner, botId, "Which countries do you deliver to?");
    expect(again.body.qa[0].similarity).toBeCloseTo(1, 5);
  });

  it("gives the knowledge the new model's vectors when the organization changes its embedding model", async () => {
    const vectors = await vectorsEnabled(t.db);
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const created = await addSource(owner, botId, {
      kind: "text",
      title: "Hours",
      text: "We open at nine.",
    });
    await settled(owner, botId, created.id);
    const pair = await t.request("POST", `/bots/${botId}/knowledge/qa`, {
      token: owner.token,
      json: { question: "When do you open?", answer: "At nine." },
    });
    expect(pair.status, pair.text).toBe(201);

    const own = await t.request("PUT", `/organizations/${owner.organizationId}/ai/embedding`, {
      token: owner.token,
      json: {
        provider: "openai-compatible",
        baseUrl: fake.baseUrl,
        model: "own-embedding",
        apiKey: fake.apiKey,
      },
    });
    expect(own.status, own.text).toBe(200);
    const models = async () => {
      const [chunks, pairs] = await Promise.all([
        t.db
          .select({ model: knowledgeChunks.embeddingModel })
          .from(knowledgeChunks)
          .where(eq(knowledgeChunks.sourceId, created.id)),
        t.db
          .select({ model: knowledgeQa.embeddingModel })
          .from(knowledgeQa)
          .where(eq(knowledgeQa.botId, botId)),
      ]);
      return [...chunks, ...pairs].map((row) => row.model);
    };
    if (!vectors) {
      // Without pgvector there is nothing to re-index.
      expect(await models()).toEqual([null, null]);
      return;
    }
    const until = Date.now() + 30_000;
    while ((await models()).some((model) => model !== "own-embedding")) {
      if (Date.now() > until) throw new Error(`Not re-indexed: ${await models()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const found = await search(owner, botId, "We open at nine.");
    expect(found.body.chunks[0]).toMatchObject({
      sourceId: created.id,
      foundBy: ["text", "vector"],
    });
    expect((await settled(owner, botId, created.id)).status).toBe("ready");
  });
});

describe("a rerank model", () => {
  it("reorders the fused passages where the organization has one, and the fused order stands when it fails", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(owner);
    const created = await addSource(owner, botId, {
      kind: "text",
      title: "Shop handbook",
      text: handbook,
    });
    await settled(owner, botId, created.id);
    const question = "When are refunds paid for returns and damaged goods delivered?";
    const ids = (body: { chunks: { id: string }[] }) => body.chunks.map((chunk) => chunk.id);

    const fused = await search(owner, botId, question);
    expect(fused.status, fused.text).toBe(200);
    expect(fused.body.rerankModel).toBeNull();
    expect(fused.body.chunks.length).toBeGreaterThan(1);
    expect(fused.body.chunks.every((c: { relevance: unknown }) => c.relevance === null)).toBe(true);

    const setRerank = (model: string) =>
      t.request("PUT", `/organizations/${owner.organizationId}/ai/rerank`, {
        token: owner.token,
        json: { provider: "openai-compatible", baseUrl: fake.baseUrl, model, apiKey: fake.apiKey },
      });
    expect((await setRerank("reverse-rerank")).status).toBe(200);
    const reranked = await search(owner, botId, question);
    expect(reranked.status, reranked.text).toBe(200);
    expect(reranked.body.rerankModel).toBe("reverse-rerank");
    // The model put the fused passages in reverse, each with its score, best first.
    expect(ids(reranked.body)).toEqual([...ids(fused.body)].reverse());
    const scores = reranked.body.chunks.map((c: { relevance: number }) => c.relevance);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((score: number) => score > 0 && score <= 1)).toBe(true);
    const asked = fake.requests.filter((r) => r.path.endsWith("/rerank")).at(-1);
    expect(asked?.body).toMatchObject({ model: "reverse-rerank", query: question });
    // Counted as the member's, in tokens.
    const usage = await t.db
      .select({ capability: aiUsage.capability, units: aiUsage.units, userId: aiUsage.userId })
      .from(aiUsage)
      .where(
        and(eq(aiUsage.organizationId, owner.organizationId), eq(aiUsage.model, "reverse-rerank")),
      );
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ capability: "rerank", userId: owner.id });
    expect(usage[0]?.units).toBeGreaterThan(0);

    // A model that fails leaves the fused order, and says no model reordered it.
    expect((await setRerank("broken")).status).toBe(200);
    const failed = await search(owner, botId, question);
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.rerankModel).toBeNull();
    expect(ids(failed.body)).toEqual(ids(fused.body));
  });
});

describe("the deployment's embedding model", () => {
  it("once changed, gives the knowledge of the organizations that use it the new model's vectors as the API starts", async () => {
    const database = await createTestDatabase({ onDisk: true });
    const deployment = (model: string) =>
      createTestApi({
        database,
        ai: {
          environment: aiEnvironment({
            AI_BASE_URL: fake.baseUrl,
            AI_API_KEY: fake.apiKey,
            AI_EMBEDDING_MODEL: model,
          }),
          allowPrivateNetwork: true,
          offlineVoice: false,
          sentenceEncoder: false,
        },
      });
    const models = (api: TestApi, organizationId: string) =>
      queryRows<{ model: string | null }>(
        api.db,
        sql`select embedding_model as model from knowledge_chunks
              where organization_id = ${organizationId}
            union all
            select embedding_model from knowledge_qa where organization_id = ${organizationId}`,
      ).then((rows) => rows.map((row) => row.model).sort());

    const first = await deployment("first-embedding");
    let owner: Owner;
    let own: Owner;
    let botId: string;
    let vectors: boolean;
    try {
      vectors = await vectorsEnabled(first.db);
      owner = await ownerWithSession(first);
      botId = await newBot(owner, first);
      const source = await addSource(
        owner,
        botId,
        { kind: "text", title: "Hours", text: "We open at nine." },
        first,
      );
      await settled(owner, botId, source.id, first);
      const pair = await first.request("POST", `/bots/${botId}/knowledge/qa`, {
        token: owner.token,
        json: { question: "When do you open?", answer: "At nine." },
      });
      expect(pair.status, pair.text).toBe(201);
      // An organization with its own embedding model keeps that model's vectors.
      own = await ownerWithSession(first);
      const chosen = await first.request(
        "PUT",
        `/organizations/${own.organizationId}/ai/embedding`,
        {
          token: own.token,
          json: {
            provider: "openai-compatible",
            baseUrl: fake.baseUrl,
            model: "own-embedding",
            apiKey: fake.apiKey,
          },
        },
      );
      expect(chosen.status, chosen.text).toBe(200);
      const ownBot = await newBot(own, first);
      const ownSource = await addSource(
        own,
        ownBot,
        { kind: "text", title: "Hours", text: "We close at six." },
        first,
      );
      await settled(own, ownBot, ownSource.id, first);
      if (vectors) {
        const until = Date.now() + 30_000;
        while ((await models(first, owner.organizationId)).includes(null)) {
          if (Date.now() > until) throw new Error("The pair got no vector");
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(await models(first, owner.organizationId)).toEqual([
          "first-embedding",
          "first-embedding",
        ]);
        expect(await models(first, own.organizationId)).toEqual(["own-embedding"]);
      }
    } finally {
      await first.close();
    }

    const second = await deployment("second-embedding");
    try {
      if (!vectors) {
        // Without pgvector there is nothing to re-index.
        expect(await models(second, owner.organizationId)).toEqual([null, null]);
        return;
      }
      const until = Date.now() + 30_000;
      while ((await models(second, owner.organizationId)).some((m) => m !== "second-embedding")) {
        if (Date.now() > until) {
          throw new Error(`Not re-indexed: ${await models(second, owner.organizationId)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await models(second, own.organizationId)).toEqual(["own-embedding"]);
      const found = await search(owner, botId, "We open at nine.", second);
      expect(found.body.chunks[0]).toMatchObject({ foundBy: ["text", "vector"] });
      // Usage of the re-index is the owner's, on the new model.
      const usage = await second.db
        .select({ model: aiUsage.model, userId: aiUsage.userId })
        .from(aiUsage)
        .where(
          and(
            eq(aiUsage.organizationId, owner.organizationId),
            eq(aiUsage.model, "second-embedding"),
          ),
        );
      expect(usage.length).toBeGreaterThan(0);
      expect(new Set(usage.map((row) => row.userId))).toEqual(new Set([owner.id]));
    } finally {
      await second.close();
      await database.drop();
    }
  }, 60_000);
});
