import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../../../api/ai/secrets";
import { botLimits } from "../../../api/bots/bot-limits";
import { openBotSecret, resealBotSecrets } from "../../../api/bots/bot-secrets";
import { activity, botConversations, bots, media } from "../../../api/db/schema";
import { createTestApi, memberWithSession, ownerWithSession, type TestApi } from "../helpers";

let t: TestApi;
const secretsKey = randomBytes(32);
const box = createSecretBox(secretsKey);

beforeAll(async () => {
  t = await createTestApi({ secretsKey });
});

afterAll(async () => {
  await t.close();
});

type Owner = { token: string; id: string; organizationId: string };

const create = (owner: { token: string }, json: Record<string, unknown>) =>
  t.request("POST", "/bots", { token: owner.token, json });

async function made(owner: { token: string }, json: Record<string, unknown>) {
  const response = await create(owner, json);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function image(owner: Owner, kind: "image" | "audio" = "image") {
  const [row] = await t.db
    .insert(media)
    .values({
      organizationId: owner.organizationId,
      kind,
      authorId: owner.id,
      fileKey: `media/${randomUUID()}.png`,
      contentType: kind === "image" ? "image/png" : "audio/mpeg",
      byteSize: 10,
    })
    .returning({ id: media.id });
  return row?.id as string;
}

describe("bots", () => {
  it("are made with their settings, appearance and domains, and read back", async () => {
    const owner = await ownerWithSession(t);
    const workspace = await t.request("POST", "/workspaces", {
      token: owner.token,
      json: { name: "Support", color: "sky" },
    });
    const avatar = await image(owner);
    const body = await made(owner, {
      name: "مساعد المتجر",
      description: "Answers questions about orders.",
      avatarMediaId: avatar,
      language: "ar",
      workspaceId: workspace.body.id,
      tags: ["shop", "shop", "faq"],
      temperature: 0.3,
      answerLength: "short",
      instructions: "Be brief.\nBe kind.",
      knowledgeOnly: true,
      fallbackMessage: "Ask our team at help@example.com.",
      rateLimit: { messages: 5, seconds: 30 },
      dailyMessageCap: 500,
      maxMessageLength: 800,
      retentionDays: 30,
      appearance: { theme: "dark", accentColor: "#0EA5E9", position: "start" },
      allowedDomains: ["Shop.Example.com", "*.example.org", "shop.example.com", "مثال.السعودية"],
    });
    expect(body).toMatchObject({
      name: "مساعد المتجر",
      status: "draft",
      language: "ar",
      avatarMediaId: avatar,
      workspace: { id: workspace.body.id, name: "Support" },
      tags: ["shop", "faq"],
      rateLimit: { messages: 5, seconds: 30 },
      knowledgeOnly: true,
      allowedDomains: ["shop.example.com", "*.example.org", "xn--mgbh0fb.xn--mgberp4a5d4ar"],
      identityVerification: { enabled: false, rotatedAt: null },
      cardCount: 0,
      version: 1,
    });
    expect(body.temperature).toBeCloseTo(0.3);
    expect(body.appearance).toMatchObject({
      theme: "dark",
      accentColor: "#0ea5e9",
      position: "start",
      font: "system",
      radius: 12,
      launcher: "icon",
      welcomeMessages: [],
    });
    expect(body.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body).not.toHaveProperty("identitySecretSealed");

    const read = await t.request("GET", `/bots/${body.id}`, { token: owner.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(body);
    const other = await made(owner, { name: "Second" });
    expect(other.publicId).not.toBe(body.publicId);
  });

  it("are listed a page at a time, searched in Arabic, filtered by status, and sorted", async () => {
    const owner = await ownerWithSession(t);
    await made(owner, { name: "Beta" });
    await made(owner, { name: "alpha", status: "live" });
    await made(owner, { name: "مساعد المدرسة", tags: ["school"] });
    const list = (query = "") => t.request("GET", `/bots${query}`, { token: owner.token });
    const all = await list();
    expect(all.body).toMatchObject({ total: 3, page: 1, pageSize: 20, totalCapped: false });
    expect(all.body.items.map((bot: { name: string }) => bot.name)).toEqual([
      "alpha",
      "Beta",
      "مساعد المدرسة",
    ]);
    const paged = await list("?pageSize=1&page=2&sort=-name");
    expect(paged.body.items.map((bot: { name: string }) => bot.name)).toEqual(["Beta"]);
    const found = await list(`?q=${encodeURIComponent("مدرسه")}`);
    expect(found.body.items.map((bot: { name: string }) => bot.name)).toEqual(["مساعد المدرسة"]);
    expect(found.body.items[0].highlights.name).toEqual(
      expect.arrayContaining([expect.objectContaining({ match: true })]),
    );
    const live = await list("?status=live");
    expect(live.body.items.map((bot: { name: string }) => bot.name)).toEqual(["alpha"]);
    const tagged = await list("?tag=school");
    expect(tagged.body.total).toBe(1);
    expect((await list("?sort=sideways")).status).toBe(422);
    expect((await list("?status=paused")).status).toBe(422);
  });

  it("count each one's visitors' conversations of the last 7 days, the organization's only", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const busy = await made(owner, { name: "Busy" });
    const quiet = await made(owner, { name: "Quiet" });
    const theirs = await made(stranger, { name: "Theirs" });
    const day = 24 * 60 * 60 * 1000;
    const conversation = (
      bot: { id: string },
      organizationId: string,
      daysAgo: number,
      preview = false,
    ) => ({
      organizationId,
      botId: bot.id,
      visitorId: randomUUID(),
      preview,
      createdAt: new Date(Date.now() - daysAgo * day),
    });
    await t.db
      .insert(botConversations)
      .values([
        conversation(busy, owner.organizationId, 0),
        conversation(busy, owner.organizationId, 3),
        conversation(busy, owner.organizationId, 6.9),
        conversation(busy, owner.organizationId, 8),
        conversation(busy, owner.organizationId, 1, true),
        conversation(quiet, owner.organizationId, 30),
        conversation(theirs, stranger.organizationId, 1),
        conversation(theirs, stranger.organizationId, 2),
      ]);
    const ours = await t.request("GET", "/bots", { token: owner.token });
    expect(ours.status).toBe(200);
    expect(
      ours.body.items.map((bot: { name: string; conversations7d: number }) => [
        bot.name,
        bot.conversations7d,
      ]),
    ).toEqual([
      ["Busy", 3],
      ["Quiet", 0],
    ]);
    const other = await t.request("GET", "/bots", { token: stranger.token });
    expect(other.body.items).toMatchObject([{ name: "Theirs", conversations7d: 2 }]);
    // The bin lists its bots with their count too.
    await t.request("DELETE", `/bots/${busy.id}`, { token: owner.token });
    const bin = await t.request("GET", "/bots?deleted=true", { token: owner.token });
    expect(bin.body.items).toMatchObject([{ name: "Busy", conversations7d: 3 }]);
  });

  it.each([
    ["no name", {}, "name"],
    ["a name too long", { name: "x".repeat(botLimits.name + 1) }, "name"],
    ["an unknown status", { name: "A", status: "paused" }, "status"],
    ["an unknown language", { name: "A", language: "fr" }, "language"],
    ["a temperature above 2", { name: "A", temperature: 2.5 }, "temperature"],
    [
      "a rate limit of zero",
      { name: "A", rateLimit: { messages: 0, seconds: 60 } },
      "rateLimit.messages",
    ],
    [
      "a rate limit window too long",
      { name: "A", rateLimit: { messages: 1, seconds: 86_401 } },
      "rateLimit.seconds",
    ],
    ["a daily cap of zero", { name: "A", dailyMessageCap: 0 }, "dailyMessageCap"],
    ["a fractional message length", { name: "A", maxMessageLength: 100.5 }, "maxMessageLength"],
    ["a retention over a year", { name: "A", retentionDays: 366 }, "retentionDays"],
    [
      "an accent that is no colour",
      { name: "A", appearance: { accentColor: "blue" } },
      "appearance.accentColor",
    ],
    ["an unknown theme", { name: "A", appearance: { theme: "sepia" } }, "appearance.theme"],
    ["a radius past its limit", { name: "A", appearance: { radius: 33 } }, "appearance.radius"],
    [
      "too many suggested prompts",
      { name: "A", appearance: { suggestedPrompts: ["a", "b", "c", "d", "e", "f", "g"] } },
      "appearance.suggestedPrompts",
    ],
    [
      "custom CSS over its size",
      {
        name: "A",
        appearance: { customCss: `a{color:red}${" ".repeat(botLimits.customCssBytes)}` },
      },
      "appearance.customCss",
    ],
    [
      "custom CSS that closes its style tag",
      { name: "A", appearance: { customCss: "</style><script>alert(1)</script>" } },
      "appearance.customCss",
    ],
    [
      "a domain with a scheme",
      { name: "A", allowedDomains: ["https://example.com"] },
      "allowedDomains.0",
    ],
    [
      "a domain with a path",
      { name: "A", allowedDomains: ["ok.com", "example.com/x"] },
      "allowedDomains.1",
    ],
    ["a bare wildcard", { name: "A", allowedDomains: ["*"] }, "allowedDomains.0"],
    [
      "a wildcard over a top-level domain",
      { name: "A", allowedDomains: ["*.com"] },
      "allowedDomains.0",
    ],
    [
      "a wildcard inside a domain",
      { name: "A", allowedDomains: ["shop.*.com"] },
      "allowedDomains.0",
    ],
    [
      "an address with a port",
      { name: "A", allowedDomains: ["example.com:8080"] },
      "allowedDomains.0",
    ],
    [
      "too many domains",
      {
        name: "A",
        allowedDomains: Array.from(
          { length: botLimits.allowedDomains + 1 },
          (_, i) => `d${i}.example.com`,
        ),
      },
      "allowedDomains",
    ],
    ["a chat model with spaces", { name: "A", chatModel: "gpt 4" }, "chatModel"],
    ["control characters in the name", { name: "A\u0000B" }, "name"],
  ])("refuse %s on its field (422), making nothing", async (_, json, field) => {
    const owner = await ownerWithSession(t);
    const response = await create(owner, json);
    expect(response.status, response.text).toBe(422);
    expect(Object.keys(response.body.error.fields)).toContain(field);
    expect(response.body.error.fieldCodes[field]).toMatch(/^[A-Z_]+$/);
    expect((await t.request("GET", "/bots", { token: owner.token })).body.total).toBe(0);
  });

  it("answer 400 for a body that is not JSON", async () => {
    const owner = await ownerWithSession(t);
    const response = await t.request("POST", "/bots", {
      token: owner.token,
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toMatch(/^[A-Z_]+$/);
  });

  it("refuse references the organization does not have", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const theirWorkspace = await t.request("POST", "/workspaces", {
      token: stranger.token,
      json: { name: "Theirs", color: "sky" },
    });
    const theirImage = await image(stranger);
    const sound = await image(owner, "audio");
    const privateCharacter = await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "Private" },
    });
    const shared = await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "Layla", visibility: "organization" },
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ workspaceId: theirWorkspace.body.id }, "UNKNOWN_WORKSPACE", "workspaceId"],
      [{ projectId: randomUUID() }, "UNKNOWN_PROJECT", "projectId"],
      [{ avatarMediaId: theirImage }, "UNKNOWN_IMAGE", "avatarMediaId"],
      [{ avatarMediaId: sound }, "UNKNOWN_IMAGE", "avatarMediaId"],
      [{ characterId: privateCharacter.body.id }, "UNKNOWN_CHARACTER", "characterId"],
    ];
    for (const [json, code, field] of cases) {
      const response = await create(owner, { name: "A", ...json });
      expect(response.status, code).toBe(422);
      expect(response.body.error.code).toBe(code);
      expect(Object.keys(response.body.error.fields)).toEqual([field]);
    }
    const persona = await made(owner, { name: "A", characterId: shared.body.id });
    expect(persona.character).toEqual({ id: shared.body.id, name: "Layla" });
  });

  it("change on their version only, merge the appearance, and refuse a stale change (409)", async () => {
    const owner = await ownerWithSession(t);
    const bot = await made(owner, {
      name: "Helper",
      appearance: { theme: "dark", headerTitle: "Hi", welcomeMessages: ["Welcome!"] },
    });
    const path = `/bots/${bot.id}`;
    const changed = await t.request("PATCH", path, {
      token: owner.token,
      json: {
        version: 1,
        status: "live",
        instructions: "Answer in Arabic.",
        appearance: { accentColor: "#112233", suggestedPrompts: ["Opening hours?"] },
        allowedDomains: ["*.shop.example"],
        rateLimit: { messages: 3, seconds: 10 },
      },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      version: 2,
      status: "live",
      instructions: "Answer in Arabic.",
      allowedDomains: ["*.shop.example"],
      rateLimit: { messages: 3, seconds: 10 },
      appearance: {
        theme: "dark",
        headerTitle: "Hi",
        welcomeMessages: ["Welcome!"],
        accentColor: "#112233",
        suggestedPrompts: ["Opening hours?"],
      },
    });
    const stale = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 1, name: "Someone else's" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("STALE_VERSION");
    expect((await t.request("GET", path, { token: owner.token })).body.name).toBe("Helper");
    const bad = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 2, appearance: { position: "left" } },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields)).toEqual(["appearance.position"]);
    const noVersion = await t.request("PATCH", path, { token: owner.token, json: { name: "X" } });
    expect(noVersion.status).toBe(422);
    expect(Object.keys(noVersion.body.error.fields)).toEqual(["version"]);
  });

  it("go to the bin, come back from it for 30 days, and not after", async () => {
    const owner = await ownerWithSession(t);
    const bot = await made(owner, { name: "Binned" });
    await t.request("POST", `/bots/${bot.id}/cards`, { token: owner.token, json: { title: "C" } });
    const path = `/bots/${bot.id}`;
    expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(204);
    expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(204);
    const list = await t.request("GET", "/bots", { token: owner.token });
    expect(list.body.total).toBe(0);
    const bin = await t.request("GET", "/bots?deleted=true", { token: owner.token });
    expect(bin.body.items.map((item: { id: string }) => item.id)).toEqual([bot.id]);
    const deleted = await t.request("GET", path, { token: owner.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deletedAt).not.toBeNull();
    const change = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: deleted.body.version, name: "X" },
    });
    expect(change.status).toBe(409);
    expect(change.body.error.code).toBe("BOT_DELETED");
    const card = await t.request("POST", `${path}/cards`, {
      token: owner.token,
      json: { title: "C2" },
    });
    expect(card.status).toBe(409);

    const restored = await t.request("POST", `${path}/restore`, { token: owner.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: bot.id, deletedAt: null, cardCount: 1 });

    await t.request("DELETE", path, { token: owner.token });
    await t.db
      .update(bots)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(bots.id, bot.id));
    expect((await t.request("POST", `${path}/restore`, { token: owner.token })).status).toBe(404);
    expect((await t.request("GET", path, { token: owner.token })).status).toBe(404);
  });

  it("are copied with their settings and cards, a new public id and no secret", async () => {
    const owner = await ownerWithSession(t);
    const bot = await made(owner, {
      name: "Original",
      status: "live",
      instructions: "Be helpful.",
      tags: ["a"],
      appearance: { theme: "light", customCss: ".panel { border: 0 }" },
      allowedDomains: ["example.com"],
    });
    const first = await t.request("POST", `/bots/${bot.id}/cards`, {
      token: owner.token,
      json: {
        title: "Visit us",
        buttons: [{ kind: "link", label: "Map", value: "https://example.com/map" }],
      },
    });
    await t.request("POST", `/bots/${bot.id}/cards`, {
      token: owner.token,
      json: { title: "Two" },
    });
    await t.db.execute(sql`update bot_cards set views = 9, clicks = 4 where id = ${first.body.id}`);
    await t.request("POST", `/bots/${bot.id}/secret/rotate`, { token: owner.token });

    const copy = await t.request("POST", `/bots/${bot.id}/duplicate`, { token: owner.token });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body).toMatchObject({
      name: "Original (copy)",
      status: "draft",
      instructions: "Be helpful.",
      tags: ["a"],
      allowedDomains: ["example.com"],
      appearance: { theme: "light", customCss: ".panel { border: 0 }" },
      identityVerification: { enabled: false, rotatedAt: null },
      cardCount: 2,
      version: 1,
    });
    expect(copy.body.id).not.toBe(bot.id);
    expect(copy.body.publicId).not.toBe(bot.publicId);
    const [row] = await t.db.select().from(bots).where(eq(bots.id, copy.body.id));
    expect(row?.identitySecretSealed).toBeNull();
    const cards = await t.request("GET", `/bots/${copy.body.id}/cards`, { token: owner.token });
    expect(cards.body.items.map((card: { title: string }) => card.title)).toEqual([
      "Visit us",
      "Two",
    ]);
    expect(cards.body.items[0]).toMatchObject({
      views: 0,
      clicks: 0,
      buttons: [{ kind: "link", label: "Map", value: "https://example.com/map" }],
    });
    expect(cards.body.items[0].id).not.toBe(first.body.id);

    const named = await t.request("POST", `/bots/${bot.id}/duplicate`, {
      token: owner.token,
      json: { name: "نسخة" },
    });
    expect(named.body.name).toBe("نسخة");
    const badName = await t.request("POST", `/bots/${bot.id}/duplicate`, {
      token: owner.token,
      json: { name: "" },
    });
    expect(badName.status).toBe(422);
  });

  it("rotate their identity secret, answered once and kept sealed", async () => {
    const owner = await ownerWithSession(t);
    const bot = await made(owner, { name: "Verifier" });
    const path = `/bots/${bot.id}/secret/rotate`;
    const first = await t.request("POST", path, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(row?.identitySecretSealed).toMatch(/^v1\./);
    expect(row?.identitySecretSealed).not.toContain(first.body.secret);
    const read = await t.request("GET", `/bots/${bot.id}`, { token: owner.token });
    expect(read.body.identityVerification).toEqual({
      enabled: true,
      rotatedAt: first.body.rotatedAt,
    });
    expect(JSON.stringify(read.body)).not.toContain(first.body.secret);
    expect(read.body.version).toBe(1);
    const list = await t.request("GET", "/bots", { token: owner.token });
    expect(JSON.stringify(list.body)).not.toContain(first.body.secret);

    const second = await t.request("POST", path, { token: owner.token });
    expect(second.body.secret).not.toBe(first.body.secret);
    const [after] = await t.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(openBotSecret(box, after as NonNullable<typeof after>)).toBe(second.body.secret);
    // A sealed secret copied to another bot does not open there.
    const other = await made(owner, { name: "Other" });
    expect(() =>
      openBotSecret(box, {
        id: other.id,
        organizationId: owner.organizationId,
        identitySecretSealed: after?.identitySecretSealed ?? null,
      }),
    ).toThrow();
  });

  it("seal their secrets again with a new key", async () => {
    const owner = await ownerWithSession(t);
    const bot = await made(owner, { name: "Rotated key" });
    const { secret } = (
      await t.request("POST", `/bots/${bot.id}/secret/rotate`, { token: owner.token })
    ).body;
    const newKey = Buffer.alloc(32, 7);
    const report = await resealBotSecrets(t.db, createSecretBox([newKey, secretsKey]));
    expect(report.unopened).toEqual([]);
    expect(report.resealed).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(openBotSecret(createSecretBox(newKey), row as NonNullable<typeof row>)).toBe(secret);
  });
});

describe("bot cards", () => {
  it("are added in order, read, changed on their version and deleted", async () => {
    const owner = await ownerWithSession(t);
    const bot = await made(owner, { name: "Cards" });
    const picture = await image(owner);
    const cards = `/bots/${bot.id}/cards`;
    const first = await t.request("POST", cards, {
      token: owner.token,
      json: {
        title: "احجز موعدًا",
        text: "Visits on weekdays.",
        imageMediaId: picture,
        whenToShow: "When someone asks about visiting.",
        buttons: [
          { kind: "reply", label: "Tomorrow", value: "Can I come tomorrow?" },
          { kind: "link", label: "Map", value: "https://example.com/map" },
          { kind: "lead_form", label: "Leave your number" },
        ],
      },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      botId: bot.id,
      title: "احجز موعدًا",
      imageMediaId: picture,
      position: 0,
      views: 0,
      clicks: 0,
      version: 1,
      buttons: [
        { kind: "reply", label: "Tomorrow", value: "Can I come tomorrow?" },
        { kind: "link", label: "Map", value: "https://example.com/map" },
        { kind: "lead_form", label: "Leave your number", value: "" },
      ],
    });
    const second = await t.request("POST", cards, { token: owner.token, json: { title: "Two" } });
    expect(second.body.position).toBe(1);
    const list = await t.request("GET", cards, { token: owner.token });
    expect(list.body.items.map((card: { title: string }) => card.title)).toEqual([
      "احجز موعدًا",
      "Two",
    ]);
    expect((await t.request("GET", `/bots/${bot.id}`, { token: owner.token })).body.cardCount).toBe(
      2,
    );

    const path = `${cards}/${second.body.id}`;
    expect((await t.request("GET", path, { token: owner.token })).body.title).toBe("Two");
    const moved = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 1, position: 0, title: "First now" },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ version: 2, position: 0, title: "First now" });
    const stale = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 1, title: "Late" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("STALE_VERSION");

    expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(204);
    expect((await t.request("GET", path, { token: owner.token })).status).toBe(404);
    expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(404);
    // A card is found only under its own bot.
    const otherBot = await made(owner, { name: "Other" });
    const elsewhere = `/bots/${otherBot.id}/cards/${first.body.id}`;
    expect((await t.request("GET", elsewhere, { token: owner.token })).status).toBe(404);
  });

  it.each([
    ["no title", {}, "title"],
    [
      "four buttons",
      {
        title: "A",
        buttons: [1, 2, 3, 4].map((n) => ({ kind: "reply", label: `B${n}`, value: "x" })),
      },
      "buttons",
    ],
    [
      "a link that is not http",
      { title: "A", buttons: [{ kind: "link", label: "Go", value: "javascript:alert(1)" }] },
      "buttons.0.value",
    ],
    [
      "a reply with nothing to send",
      { title: "A", buttons: [{ kind: "reply", label: "Go" }] },
      "buttons.0.value",
    ],
    [
      "an unknown kind of button",
      { title: "A", buttons: [{ kind: "call", label: "Go", value: "x" }] },
      "buttons.0.kind",
    ],
    [
      "a label too long",
      {
        title: "A",
        buttons: [{ kind: "lead_form", label: "x".repeat(botLimits.buttonLabel + 1) }],
      },
      "buttons.0.label",
    ],
    ["a text too long", { title: "A", text: "x".repeat(botLimits.cardText + 1) }, "text"],
    ["a negative position", { title: "A", position: -1 }, "position"],
  ])("refuse %s (422), adding nothing", async (_, json, field) => {
    const owner = await ownerWithSession(t);
    const bot = await made(owner, { name: "Cards" });
    const response = await t.request("POST", `/bots/${bot.id}/cards`, { token: owner.token, json });
    expect(response.status, response.text).toBe(422);
    expect(Object.keys(response.body.error.fields)).toContain(field);
    const list = await t.request("GET", `/bots/${bot.id}/cards`, { token: owner.token });
    expect(list.body.items).toEqual([]);
  });

  it("refuse another organization's image and more than the limit of cards", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const bot = await made(owner, { name: "Cards" });
    const cards = `/bots/${bot.id}/cards`;
    const theirs = await t.request("POST", cards, {
      token: owner.token,
      json: { title: "A", imageMediaId: await image(stranger) },
    });
    expect(theirs.status).toBe(422);
    expect(theirs.body.error.code).toBe("UNKNOWN_IMAGE");
    await t.db.execute(sql`
      insert into bot_cards (organization_id, bot_id, title, position)
      select ${owner.organizationId}, ${bot.id}, 'Card ' || n, n
      from generate_series(1, ${botLimits.cards}) as n`);
    const over = await t.request("POST", cards, {
      token: owner.token,
      json: { title: "One more" },
    });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe("TOO_MANY_CARDS");
  });
});

describe("the current bot", () => {
  it("is the organization's first until one is chosen, then the one chosen while it lasts", async () => {
    const owner = await ownerWithSession(t);
    const current = () => t.request("GET", "/user/current-bot", { token: owner.token });
    expect((await current()).body).toEqual({ bot: null, chosen: false });
    const first = await made(owner, { name: "First" });
    const second = await made(owner, { name: "Second" });
    expect((await current()).body).toMatchObject({ bot: { id: first.id }, chosen: false });
    const chosen = await t.request("PUT", "/user/current-bot", {
      token: owner.token,
      json: { botId: second.id },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ bot: { id: second.id, name: "Second" }, chosen: true });
    expect((await current()).body).toMatchObject({ bot: { id: second.id }, chosen: true });
    // Each member has their own.
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const theirs = await t.request("GET", "/user/current-bot", { token: viewer.token });
    expect(theirs.body).toMatchObject({ bot: { id: first.id }, chosen: false });
    const viewerChoice = await t.request("PUT", "/user/current-bot", {
      token: viewer.token,
      json: { botId: second.id },
    });
    expect(viewerChoice.status).toBe(200);
    // A deleted bot stops being current.
    await t.request("DELETE", `/bots/${second.id}`, { token: owner.token });
    expect((await current()).body).toMatchObject({ bot: { id: first.id }, chosen: false });
    const deleted = await t.request("PUT", "/user/current-bot", {
      token: owner.token,
      json: { botId: second.id },
    });
    expect(deleted.status).toBe(422);
    expect(deleted.body.error.code).toBe("UNKNOWN_BOT");
  });

  it("is never another organization's bot", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const theirs = await made(stranger, { name: "Theirs" });
    const response = await t.request("PUT", "/user/current-bot", {
      token: owner.token,
      json: { botId: theirs.id },
    });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("UNKNOWN_BOT");
    expect((await t.request("GET", "/user/current-bot", { token: owner.token })).body.bot).toBe(
      null,
    );
    const malformed = await t.request("PUT", "/user/current-bot", {
      token: owner.token,
      json: { botId: "first" },
    });
    expect(malformed.status).toBe(422);
  });
});

describe("who may", () => {
  it("a viewer reads bots and cards but changes nothing (403)", async () => {
    const owner = await ownerWithSession(t);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const member = await memberWithSession(t, owner.organizationId, "member");
    const bot = await made(owner, { name: "Guarded" });
    const card = await t.request("POST", `/bots/${bot.id}/cards`, {
      token: owner.token,
      json: { title: "C" },
    });
    const path = `/bots/${bot.id}`;
    const cardPath = `${path}/cards/${card.body.id}`;
    for (const who of [viewer, member]) {
      expect((await t.request("GET", "/bots", { token: who.token })).body.total).toBe(1);
      expect((await t.request("GET", path, { token: who.token })).status).toBe(200);
      expect((await t.request("GET", `${path}/cards`, { token: who.token })).status).toBe(200);
      expect((await t.request("GET", cardPath, { token: who.token })).status).toBe(200);
      const attempts: [string, string, Record<string, unknown> | undefined][] = [
        ["POST", "/bots", { name: "Mine" }],
        ["PATCH", path, { version: 1, name: "Mine" }],
        ["DELETE", path, undefined],
        ["POST", `${path}/restore`, undefined],
        ["POST", `${path}/duplicate`, undefined],
        ["POST", `${path}/secret/rotate`, undefined],
        ["POST", `${path}/cards`, { title: "Mine" }],
        ["PATCH", cardPath, { version: 1, title: "Mine" }],
        ["DELETE", cardPath, undefined],
      ];
      for (const [method, target, json] of attempts) {
        const response = await t.request(method, target, { token: who.token, json });
        expect(response.status, `${method} ${target}`).toBe(403);
        expect(response.body.error.code).toBe("FORBIDDEN");
      }
    }
    const [row] = await t.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(row).toMatchObject({ name: "Guarded", version: 1, deletedAt: null });
    expect(row?.identitySecretSealed).toBeNull();
    expect((await t.request("GET", "/bots", { token: owner.token })).body.total).toBe(1);
  });

  it("another organization finds none of the bots or cards (404)", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const bot = await made(owner, { name: "Ours" });
    const card = await t.request("POST", `/bots/${bot.id}/cards`, {
      token: owner.token,
      json: { title: "C" },
    });
    const path = `/bots/${bot.id}`;
    const cardPath = `${path}/cards/${card.body.id}`;
    expect((await t.request("GET", "/bots", { token: stranger.token })).body.total).toBe(0);
    const attempts: [string, string, Record<string, unknown> | undefined][] = [
      ["GET", path, undefined],
      ["PATCH", path, { version: 1, name: "Theirs" }],
      ["DELETE", path, undefined],
      ["POST", `${path}/restore`, undefined],
      ["POST", `${path}/duplicate`, undefined],
      ["POST", `${path}/secret/rotate`, undefined],
      ["GET", `${path}/cards`, undefined],
      ["POST", `${path}/cards`, { title: "Theirs" }],
      ["GET", cardPath, undefined],
      ["PATCH", cardPath, { version: 1, title: "Theirs" }],
      ["DELETE", cardPath, undefined],
    ];
    for (const [method, target, json] of attempts) {
      const response = await t.request(method, target, { token: stranger.token, json });
      expect(response.status, `${method} ${target}`).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
    const [row] = await t.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(row).toMatchObject({ name: "Ours", version: 1, deletedAt: null });
    const cards = await t.request("GET", `${path}/cards`, { token: owner.token });
    expect(cards.body.items).toHaveLength(1);
  });

  it("without a token, 401", async () => {
    for (const [method, path] of [
      ["GET", "/bots"],
      ["POST", "/bots"],
      ["GET", "/user/current-bot"],
    ] as const) {
      expect((await t.request(method, path)).status).toBe(401);
    }
  });
});

describe("the organization's activity", () => {
  it("tells of bots made, deleted and restored, under the bot's name", async () => {
    const owner = await ownerWithSession(t);
    const bot = await made(owner, { name: "Concierge" });
    await t.request("PATCH", `/bots/${bot.id}`, {
      token: owner.token,
      json: { version: 1, name: "Concierge bot" },
    });
    await t.request("DELETE", `/bots/${bot.id}`, { token: owner.token });
    await t.request("POST", `/bots/${bot.id}/restore`, { token: owner.token });
    const rows = await t.db
      .select({ type: activity.type })
      .from(activity)
      .where(eq(activity.subjectId, bot.id))
      .orderBy(activity.id);
    expect(rows.map((row) => row.type)).toEqual(["bot.created", "bot.deleted", "bot.restored"]);
    const dashboard = await t.request("GET", `/organizations/${owner.organizationId}/dashboard`, {
      token: owner.token,
    });
    expect(dashboard.body.activity[0]).toMatchObject({
      type: "bot.restored",
      subject: { kind: "bot", id: bot.id, title: "Concierge bot" },
    });
  });
});
