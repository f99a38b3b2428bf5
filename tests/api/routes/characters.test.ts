import metaPng from "meta-png";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApi,
  memberWithSession,
  ownerWithSession,
  type SignedInUser,
  type TestApi,
} from "../helpers";
import { organizationEvents } from "../realtime/socket-server";
import { pngImage } from "../test-images";

const { addMetadata, getMetadata } = metaPng;

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

afterAll(async () => {
  await t.close();
});

type Owner = SignedInUser & { organizationId: string };

/** A card the way character apps write one, in Arabic, with a lorebook and extensions. */
const museumGuide = {
  spec: "chara_card_v2",
  spec_version: "2.0",
  data: {
    name: "مرشدة المتحف",
    description: "مرشدة في متحف الفن الإسلامي، تعرف كل قطعة فيه.",
    personality: "هادئة، دقيقة، تحب الأسئلة.",
    scenario: "زائر يدخل القاعة الأولى.",
    first_mes: "أهلًا بك! من أين نبدأ؟",
    mes_example: "<START>\n{{user}}: ما هذا الإبريق؟\n{{char}}: إبريق من القرن الثاني عشر.",
    creator_notes: "For museum visits. يعمل بالعربية والإنجليزية.",
    system_prompt: "Stay in character as a museum guide.",
    post_history_instructions: "Answer in the visitor's language.",
    alternate_greetings: ["مساء الخير! هل تريد جولة قصيرة؟", "Welcome! Shall we start?"],
    character_book: {
      name: "Collection",
      extensions: {},
      entries: [
        {
          keys: ["إبريق", "ewer"],
          content: "The bronze ewer is from Khorasan, 12th century.",
          extensions: { depth: 4 },
          enabled: true,
          insertion_order: 100,
          case_sensitive: false,
          position: "after_char",
        },
      ],
    },
    tags: ["museum", "متحف"],
    creator: "Qalam tests",
    character_version: "1.2",
    extensions: { talkativeness: "0.5", world: "Doha" },
  },
};

async function cardPng(card: unknown, width = 64) {
  const png = new Uint8Array(
    await sharp({ create: { width, height: width, channels: 3, background: "#336699" } })
      .png()
      .toBuffer(),
  );
  return addMetadata(png, "chara", Buffer.from(JSON.stringify(card)).toString("base64"));
}

function fileForm(bytes: Uint8Array, name: string, type: string, field = "file") {
  const form = new FormData();
  form.set(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const importCard = (owner: { token: string }, bytes: Uint8Array, name: string, type: string) =>
  t.request("POST", "/characters/import", {
    token: owner.token,
    body: fileForm(bytes, name, type),
  });

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

async function exported(owner: { token: string }, id: string, format: "json" | "png") {
  const response = await t.api.fetch(
    new Request(`http://qalam.test/api/v1/characters/${id}/export?format=${format}`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    }),
  );
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    disposition: response.headers.get("content-disposition"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

describe("characters", () => {
  it("keeps a character's fields, changes it on its version, deletes and restores it", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const created = await t.request("POST", "/characters", {
      token: owner.token,
      json: {
        name: "  Tutor ",
        description: "Explains maths.",
        firstMessage: "Hi! What are we learning?",
        alternateGreetings: ["Hello again."],
        tags: ["maths", "maths", "school"],
        defaultModel: "gpt-4o-mini",
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: "Tutor",
      tags: ["maths", "school"],
      visibility: "private",
      mine: true,
      author: { id: owner.id, name: "Test User" },
      characterBook: null,
      defaultModel: "gpt-4o-mini",
      defaultVoice: null,
      version: 1,
    });
    const path = `/characters/${created.body.id}`;
    const changed = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 1, personality: "Patient.", visibility: "organization" },
    });
    // A change changes what it names, and leaves the rest as it was.
    expect(changed.body).toMatchObject({
      personality: "Patient.",
      visibility: "organization",
      version: 2,
      description: "Explains maths.",
      firstMessage: "Hi! What are we learning?",
      alternateGreetings: ["Hello again."],
      tags: ["maths", "school"],
      defaultModel: "gpt-4o-mini",
    });
    const stale = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 1, name: "X" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("STALE_VERSION");

    expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(204);
    const bin = await t.request("GET", "/characters?deleted=true", { token: owner.token });
    expect(bin.body.items.map((item: { id: string }) => item.id)).toEqual([created.body.id]);
    expect((await t.request("GET", "/characters", { token: owner.token })).body.total).toBe(0);
    const restored = await t.request("POST", `${path}/restore`, { token: owner.token });
    expect(restored.body).toMatchObject({ deletedAt: null });
  });

  it("refuses bad input on its fields and changes nothing", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const bad = await t.request("POST", "/characters", {
      token: owner.token,
      json: {
        name: "",
        tags: Array.from({ length: 51 }, (_, index) => `t${index}`),
        visibility: "everyone",
        characterBook: { entries: [{ keys: "not a list", content: "x" }] },
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(
      expect.arrayContaining(["name", "tags", "visibility"]),
    );
    const long = await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "Long", description: "x".repeat(50_001) },
    });
    expect(long.status).toBe(422);
    expect((await t.request("GET", "/characters", { token: owner.token })).body.total).toBe(0);
  });

  it("shows a private character to its author alone, a shared one to all, and lets only its author change it", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const member = await memberWithSession(t, owner.organizationId, "member");
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const privateOne = await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "Secret" },
    });
    const shared = await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "Shared", visibility: "organization" },
    });
    const names = async (token: string) =>
      (await t.request("GET", "/characters", { token })).body.items.map(
        (item: { name: string }) => item.name,
      );
    expect(await names(owner.token)).toEqual(["Secret", "Shared"]);
    expect(await names(member.token)).toEqual(["Shared"]);
    expect(
      (await t.request("GET", `/characters/${privateOne.body.id}`, { token: member.token })).status,
    ).toBe(404);
    const read = await t.request("GET", `/characters/${shared.body.id}`, { token: viewer.token });
    expect(read.body).toMatchObject({ name: "Shared", mine: false });

    const theirs = await t.request("PATCH", `/characters/${shared.body.id}`, {
      token: member.token,
      json: { version: 1, name: "Mine now" },
    });
    expect(theirs.status).toBe(403);
    expect(
      (await t.request("DELETE", `/characters/${shared.body.id}`, { token: member.token })).status,
    ).toBe(403);
    expect(
      (await t.request("POST", "/characters", { token: viewer.token, json: { name: "V" } })).status,
    ).toBe(403);

    // Others clone it: a private copy of their own.
    const copy = await t.request("POST", `/characters/${shared.body.id}/clone`, {
      token: member.token,
      json: { name: "Shared, my way" },
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: "Shared, my way", visibility: "private", mine: true });
    const plainCopy = await t.request("POST", `/characters/${shared.body.id}/clone`, {
      token: member.token,
    });
    expect(plainCopy.body.name).toBe("Shared");
    expect(
      (await t.request("POST", `/characters/${privateOne.body.id}/clone`, { token: member.token }))
        .status,
    ).toBe(404);

    // Another organization sees none of them.
    const stranger = await ownerWithSession(t);
    for (const id of [privateOne.body.id, shared.body.id]) {
      const response = await t.request("GET", `/characters/${id}`, { token: stranger.token });
      expect(response.status).toBe(404);
    }
    expect(await names(stranger.token)).toEqual([]);
    expect((await t.request("GET", "/characters/not-an-id", { token: owner.token })).status).toBe(
      422,
    );
  });

  it("finds characters by name, tag and description, in Arabic and English", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    await importCard(owner, json(museumGuide), "guide.json", "application/json");
    await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "Chef", tags: ["cooking"], description: "Recipes from Aleppo." },
    });
    const search = async (query: string) =>
      (await t.request("GET", `/characters?${query}`, { token: owner.token })).body.items.map(
        (item: { name: string }) => item.name,
      );
    expect(await search("q=المتاحف")).toEqual([]);
    expect(await search("q=متحف")).toEqual(["مرشدة المتحف"]);
    expect(await search("q=recipe")).toEqual(["Chef"]);
    expect(await search("tag=cooking")).toEqual(["Chef"]);
    expect(await search("tag=museum")).toEqual(["مرشدة المتحف"]);
  });

  it("tells the organization of a shared character's changes, and only its author of a private one", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const events = await organizationEvents(t.api, owner.token, owner.organizationId);
    try {
      // A private one is its author's news alone: the organization's topic hears the shared one.
      await t.request("POST", "/characters", { token: owner.token, json: { name: "Quiet" } });
      const created = await t.request("POST", "/characters", {
        token: owner.token,
        json: { name: "Announced", visibility: "organization" },
      });
      expect(await events.next()).toMatchObject({
        type: "character.created",
        id: created.body.id,
        actor: owner.id,
      });
    } finally {
      await events.close();
    }
  });
});

describe("Character Card V2", () => {
  it("imports a card's JSON, and exports the same card", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const imported = await importCard(owner, json(museumGuide), "guide.json", "application/json");
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({
      name: "مرشدة المتحف",
      firstMessage: "أهلًا بك! من أين نبدأ؟",
      exampleMessages: museumGuide.data.mes_example,
      alternateGreetings: museumGuide.data.alternate_greetings,
      tags: ["museum", "متحف"],
      characterVersion: "1.2",
      visibility: "private",
      avatarUrl: null,
    });
    expect(imported.body.characterBook.entries[0]).toMatchObject({ keys: ["إبريق", "ewer"] });

    const file = await exported(owner, imported.body.id, "json");
    expect(file.status).toBe(200);
    expect(file.type).toBe("application/json; charset=utf-8");
    expect(file.disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent("مرشدة المتحف")}.json`,
    );
    expect(JSON.parse(new TextDecoder().decode(file.bytes))).toEqual(museumGuide);
  });

  it("carries the default model and voice in its own extension, and back", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const created = await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "Narrator", defaultModel: "gpt-4o", defaultVoice: "ar" },
    });
    const file = await exported(owner, created.body.id, "json");
    const card = JSON.parse(new TextDecoder().decode(file.bytes));
    expect(card.data.extensions).toEqual({ qalam: { defaultModel: "gpt-4o", defaultVoice: "ar" } });
    const again = await importCard(owner, file.bytes, "narrator.json", "application/json");
    expect(again.body).toMatchObject({
      defaultModel: "gpt-4o",
      defaultVoice: "ar",
      extensions: {},
    });
  });

  it("imports a PNG card with its picture as the avatar, and exports a PNG that imports the same", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const imported = await importCard(
      owner,
      await cardPng(museumGuide, 800),
      "guide.png",
      "image/png",
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.avatarUrl).toMatch(/^\/api\/v1\/files\/avatars\/[0-9a-f-]{36}\.webp$/);

    const file = await exported(owner, imported.body.id, "png");
    expect(file.status).toBe(200);
    expect(file.type).toBe("image/png");
    const metadata = await sharp(file.bytes).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 512, height: 512 });
    const card = JSON.parse(
      Buffer.from(getMetadata(file.bytes, "chara") ?? "", "base64").toString(),
    );
    expect(card).toEqual(museumGuide);

    const again = await importCard(owner, file.bytes, "again.png", "image/png");
    const { id: _a, avatarUrl: _b, createdAt: _c, updatedAt: _d, ...first } = imported.body;
    const { id: _e, avatarUrl: _f, createdAt: _g, updatedAt: _h, ...second } = again.body;
    expect(second).toEqual(first);
  });

  it("exports a character without an avatar on a plain square", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const created = await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "Plain" },
    });
    const file = await exported(owner, created.body.id, "png");
    expect(await sharp(file.bytes).metadata()).toMatchObject({ format: "png", width: 512 });
    const card = JSON.parse(
      Buffer.from(getMetadata(file.bytes, "chara") ?? "", "base64").toString(),
    );
    expect(card).toMatchObject({ spec: "chara_card_v2", data: { name: "Plain" } });
    const bad = await t.request("GET", `/characters/${created.body.id}/export?format=gif`, {
      token: owner.token,
    });
    expect(bad.status).toBe(422);
  });

  it("imports a V1 card's flat fields and a V3 card's data", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const v1 = await importCard(
      owner,
      json({
        name: "نور",
        description: "{{char}} ترشد الزوار.",
        personality: "هادئة",
        scenario: "في المتحف",
        first_mes: "أهلًا!",
        mes_example: "<START>",
        avatar: "none",
        chat: "an old chat's name",
      }),
      "v1.json",
      "application/json",
    );
    expect(v1.status, JSON.stringify(v1.body)).toBe(201);
    expect(v1.body).toMatchObject({
      name: "نور",
      description: "{{char}} ترشد الزوار.",
      personality: "هادئة",
      scenario: "في المتحف",
      firstMessage: "أهلًا!",
      exampleMessages: "<START>",
      visibility: "private",
    });

    const v3 = await importCard(
      owner,
      json({
        spec: "chara_card_v3",
        spec_version: "3.0",
        data: { ...museumGuide.data, nickname: "Guide", group_only_greetings: [], assets: [] },
      }),
      "v3.json",
      "application/json",
    );
    expect(v3.status, JSON.stringify(v3.body)).toBe(201);
    expect(v3.body).toMatchObject({
      name: museumGuide.data.name,
      description: museumGuide.data.description,
      firstMessage: museumGuide.data.first_mes,
    });
  });

  it("refuses a PNG without a card, another spec version, a card that is not one, and a file too large", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const refusals: [Uint8Array, string, string, number, string][] = [
      [new Uint8Array(await pngImage(32, 32)), "plain.png", "image/png", 422, "NO_CARD"],
      [
        json({ spec: "chara_card_v4", spec_version: "4.0", data: museumGuide.data }),
        "v4.json",
        "application/json",
        422,
        "UNSUPPORTED_CARD_VERSION",
      ],
      [
        json({ name: "", description: "a V1 card without a name" }),
        "v1.json",
        "application/json",
        422,
        "INVALID_CARD",
      ],
      [
        json({ title: "Shopping list", items: [] }),
        "list.json",
        "application/json",
        422,
        "NOT_A_CARD",
      ],
      [json(["a", "b"]), "array.json", "application/json", 422, "NOT_A_CARD"],
      [
        json({ ...museumGuide, data: { ...museumGuide.data, name: "" } }),
        "empty.json",
        "application/json",
        422,
        "INVALID_CARD",
      ],
      [
        new TextEncoder().encode("not json at all"),
        "card.json",
        "application/json",
        422,
        "NOT_A_CARD",
      ],
      [
        await cardPng({ ...museumGuide, spec_version: "1.0" }),
        "old.png",
        "image/png",
        422,
        "UNSUPPORTED_CARD_VERSION",
      ],
      [new Uint8Array(5 * 1024 * 1024 + 1), "huge.json", "application/json", 413, "FILE_TOO_LARGE"],
    ];
    for (const [bytes, name, type, status, code] of refusals) {
      const response = await importCard(owner, bytes, name, type);
      expect(response.status, name).toBe(status);
      expect(response.body.error.code, name).toBe(code);
      if (status === 422) expect(response.body.error.fields.file, name).toBeTruthy();
    }
    const wrong = await importCard(
      owner,
      json({ ...museumGuide, spec_version: "3.0" }),
      "x.json",
      "application/json",
    );
    expect(wrong.body.error.fields.file).toContain("chara_card_v2 3.0");
    const none = await t.request("POST", "/characters/import", {
      token: owner.token,
      body: new FormData(),
    });
    expect(none.status).toBe(422);
    expect((await t.request("GET", "/characters", { token: owner.token })).body.total).toBe(0);
  });

  it("sets and takes away an avatar, and a clone keeps a file of its own", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const created = await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "Pictured", visibility: "organization" },
    });
    const path = `/characters/${created.body.id}`;
    const set = await t.request("PUT", `${path}/avatar`, {
      token: owner.token,
      body: fileForm(new Uint8Array(await pngImage(300, 300)), "a.png", "image/png", "avatar"),
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.avatarUrl).toMatch(/\.webp$/);
    const copy = await t.request("POST", `${path}/clone`, { token: owner.token });
    expect(copy.body.avatarUrl).toMatch(/\.webp$/);
    expect(copy.body.avatarUrl).not.toBe(set.body.avatarUrl);

    const removed = await t.request("DELETE", `${path}/avatar`, { token: owner.token });
    expect(removed.body.avatarUrl).toBeNull();
    const original = await t.api.fetch(new Request(`http://qalam.test${set.body.avatarUrl}`));
    expect(original.status).toBe(404);
    const copied = await t.api.fetch(new Request(`http://qalam.test${copy.body.avatarUrl}`));
    expect(copied.status).toBe(200);
    const bad = await t.request("PUT", `${path}/avatar`, {
      token: owner.token,
      body: fileForm(new TextEncoder().encode("text"), "a.png", "image/png", "avatar"),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe("INVALID_IMAGE");
    expect(bad.body.error.fields.avatar).toBeTruthy();
  });
});

describe("an organization deleted", () => {
  it("takes its characters' avatar files with it", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const created = await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "Goes with it" },
    });
    const set = await t.request("PUT", `/characters/${created.body.id}/avatar`, {
      token: owner.token,
      body: fileForm(new Uint8Array(await pngImage(64, 64)), "a.png", "image/png", "avatar"),
    });
    const avatar = () => t.api.fetch(new Request(`http://qalam.test${set.body.avatarUrl}`));
    expect((await avatar()).status).toBe(200);
    const organization = await t.request("GET", `/organizations/${owner.organizationId}`, {
      token: owner.token,
    });
    const deleted = await t.request(
      "DELETE",
      `/organizations/${owner.organizationId}?confirmName=${encodeURIComponent(organization.body.name)}`,
      { token: owner.token },
    );
    expect(deleted.status).toBe(204);
    expect((await avatar()).status).toBe(404);
  });
});

describe("Chat with", () => {
  it("opens a thread with the character's instructions, model and greeting, names filled in", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const created = await t.request("POST", "/characters", {
      token: owner.token,
      json: {
        name: "Layla",
        description: "A guide who knows {{user}}'s city.",
        personality: "Warm.",
        scenario: "{{user}} arrives in Doha.",
        firstMessage: "Hello {{user}}, I am {{char}}.",
        alternateGreetings: ["<USER>! Welcome back."],
        postHistoryInstructions: "Keep answers short.",
        defaultModel: "deployment-chat",
        visibility: "organization",
      },
    });
    const chat = await t.request("POST", `/characters/${created.body.id}/chat`, {
      token: owner.token,
    });
    expect(chat.status, JSON.stringify(chat.body)).toBe(201);
    const thread = await t.request("GET", `/threads/${chat.body.threadId}`, { token: owner.token });
    expect(thread.body).toMatchObject({
      visibility: "private",
      model: "deployment-chat",
      character: { id: created.body.id, name: "Layla", avatarUrl: null },
    });
    expect(thread.body.systemPrompt).toContain("You are Layla.");
    expect(thread.body.systemPrompt).toContain("Layla: A guide who knows Test's city.");
    expect(thread.body.systemPrompt).toContain("Scenario: Test arrives in Doha.");
    expect(thread.body.systemPrompt).toContain("Keep answers short.");
    expect(thread.body.messages).toHaveLength(1);
    expect(thread.body.messages[0]).toMatchObject({
      role: "assistant",
      content: "Hello Test, I am Layla.",
    });
    expect(thread.body.currentMessageId).toBe(thread.body.messages[0].id);

    // Another member chats with a shared character; an alternate greeting by its number.
    const member = await memberWithSession(t, owner.organizationId, "member", {
      firstName: "Omar",
    });
    const second = await t.request("POST", `/characters/${created.body.id}/chat`, {
      token: member.token,
      json: { greeting: 1 },
    });
    const theirs = await t.request("GET", `/threads/${second.body.threadId}`, {
      token: member.token,
    });
    expect(theirs.body.messages[0].content).toBe("Omar! Welcome back.");
    // A member without a first name is called by their email address's local part.
    const nameless = await memberWithSession(t, owner.organizationId, "member", { firstName: "" });
    const third = await t.request("POST", `/characters/${created.body.id}/chat`, {
      token: nameless.token,
      json: { greeting: 1 },
    });
    const namelessThread = await t.request("GET", `/threads/${third.body.threadId}`, {
      token: nameless.token,
    });
    expect(namelessThread.body.messages[0].content).toBe(
      `${nameless.email.split("@")[0]}! Welcome back.`,
    );
    const past = await t.request("POST", `/characters/${created.body.id}/chat`, {
      token: member.token,
      json: { greeting: 2 },
    });
    expect(past.status).toBe(422);
    expect(past.body.error.code).toBe("UNKNOWN_GREETING");

    // A viewer reads characters but starts no threads; a deleted character is gone for chats,
    // and the threads it started stay, without it.
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    expect(
      (await t.request("POST", `/characters/${created.body.id}/chat`, { token: viewer.token }))
        .status,
    ).toBe(403);
    await t.request("DELETE", `/characters/${created.body.id}`, { token: owner.token });
    expect(
      (await t.request("POST", `/characters/${created.body.id}/chat`, { token: owner.token }))
        .status,
    ).toBe(404);
  });
});

describe("chats with a character", () => {
  it("are titled with its name, listed with its avatar, and continued with resume", async () => {
    const owner = (await ownerWithSession(t)) as Owner;
    const created = await t.request("POST", "/characters", {
      token: owner.token,
      json: { name: "الحكواتي", firstMessage: "Welcome." },
    });
    const path = `/characters/${created.body.id}`;
    const avatar = await t.request("PUT", `${path}/avatar`, {
      token: owner.token,
      body: fileForm(new Uint8Array(await pngImage(64, 64)), "a.png", "image/png", "avatar"),
    });
    const character = {
      id: created.body.id,
      name: "الحكواتي",
      avatarUrl: avatar.body.avatarUrl,
    };

    // Nothing to continue yet: resume starts one.
    const first = await t.request("POST", `${path}/chat`, {
      token: owner.token,
      json: { resume: true },
    });
    expect(first.status).toBe(201);
    const thread = await t.request("GET", `/threads/${first.body.threadId}`, {
      token: owner.token,
    });
    expect(thread.body).toMatchObject({ title: "الحكواتي", character });
    const list = await t.request("GET", "/threads", { token: owner.token });
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: first.body.threadId, title: "الحكواتي", character }),
    ]);

    // "Chat" continues it; "New chat" starts another, which "Chat" then continues.
    const again = await t.request("POST", `${path}/chat`, {
      token: owner.token,
      json: { resume: true },
    });
    expect(again.status).toBe(200);
    expect(again.body.threadId).toBe(first.body.threadId);
    const second = await t.request("POST", `${path}/chat`, { token: owner.token });
    expect(second.status).toBe(201);
    expect(second.body.threadId).not.toBe(first.body.threadId);
    const latest = await t.request("POST", `${path}/chat`, {
      token: owner.token,
      json: { resume: true },
    });
    expect(latest.body.threadId).toBe(second.body.threadId);

    // An archived chat is not continued; another member's chats are theirs.
    await t.request("PATCH", `/threads/${second.body.threadId}`, {
      token: owner.token,
      json: { archived: true },
    });
    const afterArchive = await t.request("POST", `${path}/chat`, {
      token: owner.token,
      json: { resume: true },
    });
    expect(afterArchive.body.threadId).toBe(first.body.threadId);
    await t.request("PATCH", path, {
      token: owner.token,
      json: { visibility: "organization", version: avatar.body.version },
    });
    const member = await memberWithSession(t, owner.organizationId, "member");
    const theirs = await t.request("POST", `${path}/chat`, {
      token: member.token,
      json: { resume: true },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.threadId).not.toBe(first.body.threadId);
  });
});
