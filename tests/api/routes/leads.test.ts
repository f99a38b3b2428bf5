import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportLeads } from "../../../api/bots/leads";
import { leadExport } from "../../../api/bots/leads.routes";
import { clients, leads } from "../../../api/db/schema";
import { exportStream } from "../../../api/http/export-stream";
import {
  createTestApi,
  memberWithSession,
  ownerActor,
  ownerWithSession,
  type TestApi,
} from "../helpers";
import { organizationEvents } from "../realtime/socket-server";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi({
    ai: { allowPrivateNetwork: true, offlineVoice: false },
    rateLimits: {
      leadPerVisitor: { limit: 4, windowSeconds: 3600 },
      leadPerAddress: { limit: 6, windowSeconds: 3600 },
    },
  });
});
afterAll(async () => {
  await t.close();
});

const page = "https://shop.example";
let addressCounter = 0;
const nextAddress = () => `198.51.100.${++addressCounter % 250}`;

type Owner = Awaited<ReturnType<typeof ownerWithSession>>;

const form = {
  enabled: true,
  when: "before-chat",
  required: true,
  name: "required",
  email: "required",
  phone: "optional",
  fields: [
    { key: "company", label: "Company", type: "text" },
    { key: "seats", label: "Seats", type: "number", required: true },
    { key: "plan", label: "Plan", type: "select", options: ["basic", "pro"] },
    { key: "newsletter", label: "Newsletter", type: "checkbox" },
  ],
  consentText: "I agree to be contacted.",
};

async function newBot(owner: Owner, leadForm: Record<string, unknown> | null = form) {
  const response = await t.request("POST", "/bots", {
    token: owner.token,
    json: {
      name: "Sales",
      status: "live",
      allowedDomains: ["shop.example"],
      fallbackMessage: "We will write back soon.",
    },
  });
  expect(response.status, response.text).toBe(201);
  const bot = response.body as { id: string; publicId: string };
  if (leadForm) {
    const put = await t.request("PUT", `/bots/${bot.id}/lead-form`, {
      token: owner.token,
      json: leadForm,
    });
    expect(put.status, put.text).toBe(200);
  }
  return bot;
}

const publicPath = (publicId: string) => `/public/bots/${publicId}`;

async function chat(publicId: string, ip = nextAddress()) {
  const response = await t.request("POST", `${publicPath(publicId)}/conversations`, {
    json: { locale: "en" },
    headers: { origin: page, "x-forwarded-for": ip },
  });
  expect(response.status, response.text).toBe(201);
  return { ...(response.body as { conversationId: string; token: string }), ip };
}

type Chat = Awaited<ReturnType<typeof chat>>;

function submit(publicId: string, conversation: Chat, json: unknown, token = conversation.token) {
  return t.request(
    "POST",
    `${publicPath(publicId)}/conversations/${conversation.conversationId}/lead`,
    { token, json, headers: { origin: page, "x-forwarded-for": conversation.ip } },
  );
}

function send(publicId: string, conversation: Chat, text = "Hello") {
  return t.request(
    "POST",
    `${publicPath(publicId)}/conversations/${conversation.conversationId}/messages`,
    {
      token: conversation.token,
      json: { text, clientMessageId: crypto.randomUUID() },
      headers: { origin: page, "x-forwarded-for": conversation.ip },
    },
  );
}

const good = {
  name: "Hala Saeed",
  email: "hala@example.com",
  phone: "+966 50 123 4567",
  custom: { company: "Palm Co", seats: 12, plan: "pro", newsletter: true },
  consent: true,
};

async function leadOf(owner: Owner, values: Record<string, unknown> = good) {
  const bot = await newBot(owner);
  const conversation = await chat(bot.publicId);
  const sent = await submit(bot.publicId, conversation, values);
  expect(sent.status, sent.text).toBe(201);
  return { bot, conversation, id: sent.body.id as string };
}

describe("the lead form", () => {
  it("is off until set, then read as set; a viewer reads it and may not change it", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner, null);
    const initial = await t.request("GET", `/bots/${bot.id}/lead-form`, { token: owner.token });
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ enabled: false, when: "never", fields: [] });
    const config = await t.request("GET", publicPath(bot.publicId), { headers: { origin: page } });
    expect(config.body.leadForm).toBeNull();

    const put = await t.request("PUT", `/bots/${bot.id}/lead-form`, {
      token: owner.token,
      json: form,
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.fields[0]).toEqual({
      key: "company",
      label: "Company",
      type: "text",
      required: false,
      options: [],
    });
    const shown = await t.request("GET", publicPath(bot.publicId), { headers: { origin: page } });
    expect(shown.body.leadForm).toMatchObject({
      when: "before-chat",
      required: true,
      name: "required",
      consentText: "I agree to be contacted.",
    });
    expect(shown.body.leadForm.enabled).toBeUndefined();

    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const read = await t.request("GET", `/bots/${bot.id}/lead-form`, { token: viewer.token });
    expect(read.status).toBe(200);
    const refused = await t.request("PUT", `/bots/${bot.id}/lead-form`, {
      token: viewer.token,
      json: { ...form, enabled: false },
    });
    expect(refused.status).toBe(403);
    const member = await memberWithSession(t, owner.organizationId, "member");
    const alsoRefused = await t.request("PUT", `/bots/${bot.id}/lead-form`, {
      token: member.token,
      json: { ...form, enabled: false },
    });
    expect(alsoRefused.status).toBe(403);
    const after = await t.request("GET", `/bots/${bot.id}/lead-form`, { token: owner.token });
    expect(after.body.enabled).toBe(true);
  });

  it("is 404 to another organization and refuses bad forms field by field", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const bot = await newBot(owner, null);
    for (const method of ["GET", "PUT"]) {
      const response = await t.request(method, `/bots/${bot.id}/lead-form`, {
        token: stranger.token,
        json: method === "PUT" ? form : undefined,
      });
      expect(response.status, method).toBe(404);
    }
    const bad = async (json: Record<string, unknown>) => {
      const response = await t.request("PUT", `/bots/${bot.id}/lead-form`, {
        token: owner.token,
        json: { ...form, ...json },
      });
      expect(response.status, response.text).toBe(422);
      return response.body.error.fieldCodes as Record<string, string>;
    };
    expect(await bad({ when: "sometimes" })).toHaveProperty("when");
    expect(await bad({ afterMessages: 0 })).toHaveProperty("afterMessages");
    expect(await bad({ email: "maybe" })).toHaveProperty("email");
    expect(
      await bad({ fields: [{ key: "plan", label: "Plan", type: "select", options: [] }] }),
    ).toHaveProperty(["fields.0.options"], "REQUIRED");
    expect(
      await bad({
        fields: [
          { key: "a", label: "A", type: "text" },
          { key: "a", label: "B", type: "text" },
        ],
      }),
    ).toHaveProperty(["fields.1.key"], "INVALID_VALUE");
    expect(await bad({ fields: [{ key: "email", label: "E", type: "text" }] })).toHaveProperty([
      "fields.0.key",
    ]);
    expect(await bad({ fields: [{ key: "Bad Key", label: "E", type: "text" }] })).toHaveProperty([
      "fields.0.key",
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      key: `f${i}`,
      label: "F",
      type: "text",
    }));
    expect(await bad({ fields: eleven })).toHaveProperty("fields");
    expect(await bad({ consentText: "x".repeat(1_001) })).toHaveProperty("consentText", "TOO_LONG");
    const unchanged = await t.request("GET", `/bots/${bot.id}/lead-form`, { token: owner.token });
    expect(unchanged.body.enabled).toBe(false);
  });
});

describe("a visitor's lead", () => {
  it("is made once a conversation; a second submit changes it", async () => {
    const owner = await ownerWithSession(t);
    const { bot, conversation, id } = await leadOf(owner);
    const first = await t.request("GET", `/leads/${id}`, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      bot: { id: bot.id, name: "Sales" },
      conversationId: conversation.conversationId,
      name: "Hala Saeed",
      email: "hala@example.com",
      phone: "+966501234567",
      custom: { company: "Palm Co", seats: 12, plan: "pro", newsletter: true },
      status: "new",
      client: null,
    });
    expect(first.body.consentAt).not.toBeNull();

    const again = await submit(bot.publicId, conversation, { ...good, name: "Hala S." });
    expect(again.status, again.text).toBe(200);
    expect(again.body.id).toBe(id);
    const rows = await t.db
      .select()
      .from(leads)
      .where(eq(leads.conversationId, Number(conversation.conversationId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe("Hala S.");
  });

  it("refuses what the form does not allow, field by field, and keeps nothing", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const bad = async (json: unknown, status = 422) => {
      const conversation = await chat(bot.publicId);
      const response = await submit(bot.publicId, conversation, json);
      expect(response.status, response.text).toBe(status);
      expect(response.body.error.code).toBeTypeOf("string");
      return response.body.error.fieldCodes as Record<string, string>;
    };
    expect(await bad({ ...good, name: "" })).toHaveProperty("name", "REQUIRED");
    expect(await bad({ ...good, email: "not-an-email" })).toHaveProperty("email", "INVALID_FORMAT");
    expect(await bad({ ...good, phone: "12" })).toHaveProperty("phone", "INVALID_FORMAT");
    expect(await bad({ ...good, name: "x".repeat(101) })).toHaveProperty("name", "TOO_LONG");
    expect(await bad({ ...good, consent: false })).toHaveProperty("consent", "CONSENT_REQUIRED");
    expect(await bad({ ...good, custom: { ...good.custom, seats: "many" } })).toHaveProperty(
      "custom.seats",
      "INVALID_TYPE",
    );
    expect(await bad({ ...good, custom: { ...good.custom, seats: null } })).toHaveProperty(
      "custom.seats",
      "REQUIRED",
    );
    expect(await bad({ ...good, custom: { ...good.custom, plan: "gold" } })).toHaveProperty(
      "custom.plan",
      "INVALID_VALUE",
    );
    expect(await bad({ ...good, custom: { ...good.custom, admin: true } })).toHaveProperty(
      "custom.admin",
      "UNKNOWN_FIELD",
    );
    expect(
      await bad({ ...good, custom: { ...good.custom, company: "x".repeat(501) } }),
    ).toHaveProperty("custom.company", "TOO_LONG");
    expect(await bad({ ...good, name: "a\u0000b" })).toHaveProperty("name", "INVALID_CHARACTERS");
    await bad({ ...good, isAdmin: true });
    await bad({ ...good, name: 42 });
    await bad([1, 2]);
    const kept = await t.db.select().from(leads).where(eq(leads.botId, bot.id));
    expect(kept).toHaveLength(0);
  });

  it("needs the conversation's own token, and a bot that takes leads", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const conversation = await chat(bot.publicId);
    const other = await chat(bot.publicId);
    expect((await submit(bot.publicId, conversation, good, "forged")).status).toBe(401);
    expect((await submit(bot.publicId, conversation, good, other.token)).status).toBe(404);
    const off = await newBot(owner, { ...form, enabled: false });
    const offChat = await chat(off.publicId);
    const refused = await submit(off.publicId, offChat, good);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("LEAD_FORM_DISABLED");
    const elsewhere = await t.request(
      "POST",
      `${publicPath(bot.publicId)}/conversations/${conversation.conversationId}/lead`,
      {
        token: conversation.token,
        json: good,
        headers: { origin: "https://evil.example", "x-forwarded-for": conversation.ip },
      },
    );
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("is limited per visitor and per address", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const conversation = await chat(bot.publicId);
    for (let i = 0; i < 4; i++) {
      const response = await submit(bot.publicId, conversation, good);
      expect(response.status, response.text).toBeLessThan(300);
    }
    const limited = await submit(bot.publicId, conversation, good);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    const ip = "192.0.2.77";
    let last = 0;
    for (let i = 0; i < 7; i++) {
      last = (await submit(bot.publicId, await chat(bot.publicId, ip), good)).status;
    }
    expect(last).toBe(429);
  });

  it("tells the organization's open pages", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const events = await organizationEvents(t.api, owner.token, owner.organizationId);
    try {
      const conversation = await chat(bot.publicId);
      const sent = await submit(bot.publicId, conversation, good);
      expect(sent.status).toBe(201);
      expect(await events.next()).toMatchObject({ type: "lead.created", id: sent.body.id });
      await t.request("PATCH", `/leads/${sent.body.id}`, {
        token: owner.token,
        json: { status: "contacted" },
      });
      expect(await events.next()).toMatchObject({
        type: "lead.updated",
        id: sent.body.id,
        actor: owner.id,
      });
    } finally {
      await events.close();
    }
  });
});

describe("LEAD_REQUIRED", () => {
  it("holds the chat before the first message until the form is sent", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner);
    const conversation = await chat(bot.publicId);
    const held = await send(bot.publicId, conversation);
    expect(held.status).toBe(403);
    expect(held.body.error.code).toBe("LEAD_REQUIRED");
    expect((await submit(bot.publicId, conversation, good)).status).toBe(201);
    const open = await send(bot.publicId, conversation);
    expect(open.status, open.text).toBe(200);
  });

  it("holds it after N messages, and not when the form is not required", async () => {
    const owner = await ownerWithSession(t);
    const bot = await newBot(owner, { ...form, when: "after-messages", afterMessages: 2 });
    const conversation = await chat(bot.publicId);
    expect((await send(bot.publicId, conversation)).status).toBe(200);
    expect((await send(bot.publicId, conversation)).status).toBe(200);
    const held = await send(bot.publicId, conversation);
    expect(held.status).toBe(403);
    expect(held.body.error.code).toBe("LEAD_REQUIRED");

    const free = await newBot(owner, { ...form, required: false });
    const freeChat = await chat(free.publicId);
    expect((await send(free.publicId, freeChat)).status).toBe(200);
  });
});

describe("the members' leads", () => {
  it("are listed newest first, searched and filtered; another organization sees none", async () => {
    const owner = await ownerWithSession(t);
    const a = await leadOf(owner, { ...good, name: "Amal", email: "amal@one.example" });
    const b = await leadOf(owner, { ...good, name: "Basel", email: "basel@two.example" });
    await t.db
      .update(leads)
      .set({ createdAt: new Date("2025-01-15T10:00:00Z") })
      .where(eq(leads.id, a.id));
    const list = async (query: string, token = owner.token) => {
      const response = await t.request("GET", `/leads${query}`, { token });
      expect(response.status, response.text).toBe(200);
      return response.body.items.map((lead: { id: string }) => lead.id);
    };
    expect(await list("")).toEqual([b.id, a.id]);
    expect(await list("?q=BASEL")).toEqual([b.id]);
    expect(await list("?q=two.example")).toEqual([b.id]);
    expect(await list("?q=50123")).toEqual([b.id, a.id]);
    expect(await list("?q=%25")).toEqual([]);
    expect(await list(`?botId=${a.bot.id}`)).toEqual([a.id]);
    expect(await list("?to=2025-02-01")).toEqual([a.id]);
    expect(await list("?from=2025-02-01T00:00:00Z")).toEqual([b.id]);
    await t.request("PATCH", `/leads/${a.id}`, { token: owner.token, json: { status: "won" } });
    expect(await list("?status=won,lost")).toEqual([a.id]);
    const bad = await t.request("GET", "/leads?status=maybe&from=yesterday", {
      token: owner.token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fieldCodes).toHaveProperty(["status.0"]);
    expect(bad.body.error.fieldCodes).toHaveProperty("from");

    const stranger = await ownerWithSession(t);
    expect(await list("", stranger.token)).toEqual([]);
    for (const [method, path, json] of [
      ["GET", `/leads/${a.id}`, undefined],
      ["PATCH", `/leads/${a.id}`, { status: "lost" }],
      ["DELETE", `/leads/${a.id}`, undefined],
      ["POST", `/leads/${a.id}/convert`, undefined],
      ["POST", `/leads/${a.id}/restore`, undefined],
    ] as const) {
      const response = await t.request(method, path, { token: stranger.token, json });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.request("GET", "/leads")).status).toBe(401);
  });

  it("change status, notes and owner; the owner must be a member; a viewer only reads", async () => {
    const owner = await ownerWithSession(t);
    const { id } = await leadOf(owner);
    const member = await memberWithSession(t, owner.organizationId, "member");
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const changed = await t.request("PATCH", `/leads/${id}`, {
      token: member.token,
      json: { status: "qualified", notes: "Call on Sunday", ownerId: member.id },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      status: "qualified",
      notes: "Call on Sunday",
      owner: { id: member.id },
      version: 2,
    });
    const stranger = await ownerWithSession(t);
    const notMember = await t.request("PATCH", `/leads/${id}`, {
      token: owner.token,
      json: { ownerId: stranger.id },
    });
    expect(notMember.status).toBe(422);
    expect(notMember.body.error.fieldCodes).toEqual({ ownerId: "NOT_A_MEMBER" });
    for (const json of [{ status: "done" }, { notes: "x".repeat(5_001) }, { clientId: id }]) {
      const response = await t.request("PATCH", `/leads/${id}`, { token: owner.token, json });
      expect(response.status, JSON.stringify(json)).toBe(422);
    }
    const read = await t.request("GET", `/leads/${id}`, { token: viewer.token });
    expect(read.status).toBe(200);
    for (const [method, path] of [
      ["PATCH", `/leads/${id}`],
      ["DELETE", `/leads/${id}`],
      ["POST", `/leads/${id}/convert`],
    ] as const) {
      const response = await t.request(method, path, {
        token: viewer.token,
        json: method === "PATCH" ? { status: "lost" } : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    const after = await t.request("GET", `/leads/${id}`, { token: owner.token });
    expect(after.body).toMatchObject({ status: "qualified", version: 2, client: null });

    // A change made on a version read before another member's is refused, and changes nothing.
    const stale = await t.request("PATCH", `/leads/${id}`, {
      token: owner.token,
      json: { version: 1, status: "lost" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("STALE_VERSION");
    const current = await t.request("PATCH", `/leads/${id}`, {
      token: owner.token,
      json: { version: 2, status: "won" },
    });
    expect(current.status, current.text).toBe(200);
    expect(current.body).toMatchObject({ status: "won", version: 3 });
  });

  it("go to the bin and come back", async () => {
    const owner = await ownerWithSession(t);
    const { id } = await leadOf(owner);
    expect((await t.request("DELETE", `/leads/${id}`, { token: owner.token })).status).toBe(204);
    const listed = await t.request("GET", "/leads", { token: owner.token });
    expect(listed.body.items).toHaveLength(0);
    const bin = await t.request("GET", "/leads?deleted=true", { token: owner.token });
    expect(bin.body.items.map((lead: { id: string }) => lead.id)).toEqual([id]);
    const shown = await t.request("GET", `/leads/${id}`, { token: owner.token });
    expect(shown.body.deletedAt).not.toBeNull();
    const refused = await t.request("PATCH", `/leads/${id}`, {
      token: owner.token,
      json: { status: "won" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("LEAD_DELETED");
    const back = await t.request("POST", `/leads/${id}/restore`, { token: owner.token });
    expect(back.status).toBe(200);
    expect(back.body.deletedAt).toBeNull();
  });
});

describe("converting a lead", () => {
  it("makes one client linked both ways; a second convert is 409 with that client", async () => {
    const owner = await ownerWithSession(t);
    const { id } = await leadOf(owner);
    const converted = await t.request("POST", `/leads/${id}/convert`, { token: owner.token });
    expect(converted.status, converted.text).toBe(201);
    const client = converted.body.client as { id: string; name: string };
    expect(client.name).toBe("Hala Saeed");
    const stored = await t.request("GET", `/clients/${client.id}`, { token: owner.token });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({
      name: "Hala Saeed",
      kind: "person",
      email: "hala@example.com",
      phone: "+966501234567",
      status: "lead",
    });
    const back = await t.request("GET", `/leads?clientId=${client.id}`, { token: owner.token });
    expect(back.body.items.map((lead: { id: string }) => lead.id)).toEqual([id]);

    const again = await t.request("POST", `/leads/${id}/convert`, { token: owner.token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("LEAD_CONVERTED");
    expect(again.body.error.details.client).toEqual(client);
    const made = await t.db
      .select()
      .from(clients)
      .where(eq(clients.organizationId, owner.organizationId));
    expect(made).toHaveLength(1);
  });
});

describe("the export", () => {
  async function manyLeads(owner: Owner, count: number) {
    const bot = await newBot(owner, null);
    const base = Date.parse("2026-01-01T00:00:00Z");
    const rows = Array.from({ length: count }, (_, i) => ({
      organizationId: owner.organizationId,
      botId: bot.id,
      name: i === 0 ? '=HYPERLINK("http://evil.example")' : `Lead ${i}`,
      email: `lead${i}@example.com`,
      phone: i === 1 ? "+966501234567" : null,
      notes: i === 2 ? "@SUM(1)" : i === 3 ? "\tTab" : "",
      status: (i % 5 === 0 ? "won" : "new") as "won" | "new",
      createdAt: new Date(base + i * 1000),
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await t.db.insert(leads).values(rows.slice(i, i + 1000));
    }
    return bot;
  }

  it("streams every lead as CSV and JSON, formulas neutralised, filtered as the list", async () => {
    const owner = await ownerWithSession(t);
    await manyLeads(owner, 2_500);
    const csv = await t.request("GET", "/leads/export?format=csv", { token: owner.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="leads-.*\.csv"/);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "id,created_at,bot,name,email,phone,status,owner,notes,consent_at,conversation_id,client_id,custom",
    );
    expect(lines).toHaveLength(2_501);
    expect(lines[1]).toContain("Lead 2499");
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv.text).toContain("'+966501234567");
    expect(csv.text).toContain("'@SUM(1)");
    expect(csv.text).toContain("'\tTab");
    expect(csv.text).not.toMatch(/(^|,)=HYPERLINK/m);

    const json = await t.request("GET", "/leads/export?format=json&status=won", {
      token: owner.token,
    });
    expect(json.status).toBe(200);
    const items = JSON.parse(json.text) as { status: string; email: string }[];
    expect(items).toHaveLength(500);
    expect(items.every((item) => item.status === "won")).toBe(true);
    expect(new Set(items.map((item) => item.email)).size).toBe(500);

    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    expect((await t.request("GET", "/leads/export", { token: viewer.token })).status).toBe(200);
    const stranger = await ownerWithSession(t);
    const theirs = await t.request("GET", "/leads/export?format=json", { token: stranger.token });
    expect(JSON.parse(theirs.text)).toEqual([]);
    expect(
      (await t.request("GET", "/leads/export?format=xml", { token: owner.token })).status,
    ).toBe(422);
  });

  it("reads a batch only once the one before was taken", async () => {
    const owner = await ownerWithSession(t);
    await manyLeads(owner, 2_500);
    const batches: number[] = [];
    const source = exportLeads(t.db, ownerActor(owner), {}, 200);
    async function* counted() {
      for await (const batch of source) {
        batches.push(batch.length);
        yield batch;
      }
    }
    const reader = exportStream(counted(), "csv", leadExport).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toEqual([200]);
    let rows = new TextDecoder().decode(first.value).split("\r\n").length - 2;
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      rows += new TextDecoder().decode(next.value).split("\r\n").length - 1;
    }
    expect(rows).toBe(2_500);
    expect(Math.max(...batches)).toBe(200);
    expect(batches.reduce((sum, n) => sum + n, 0)).toBe(2_500);
    const [{ n } = { n: 0 }] = (
      (await t.db.execute(
        sql`select count(*)::int as n from ${leads} where organization_id = ${owner.organizationId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBe(2_500);
  });
});
