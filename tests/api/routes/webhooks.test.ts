import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, memberWithSession, ownerWithSession, type TestApi } from "../helpers";

/** A receiver on loopback: what it was sent, and the statuses it answers with, in turn. */
type Received = { headers: IncomingHttpHeaders; body: string };
let receiver: Server;
let receiverUrl = "";
let received: Received[] = [];
let answers: number[] = [];

let t: TestApi;
/** The same API without WEBHOOKS_ALLOW_PRIVATE_NETWORK: loopback is refused. */
let publicOnly: TestApi;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answers.shift() ?? 200, { "content-type": "text/plain" });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const ai = { offlineVoice: false, sentenceEncoder: false };
  [t, publicOnly] = await Promise.all([
    createTestApi({
      ai,
      webhooks: { allowPrivateNetwork: true, backoffSeconds: 0, maxAttempts: 3 },
    }),
    createTestApi({ ai, webhooks: { backoffSeconds: 0, maxAttempts: 1 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), publicOnly.close()]);
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received = [];
  answers = [];
});

const site = "https://shop.example";
let address = 0;
type Owner = Awaited<ReturnType<typeof ownerWithSession>>;

async function leadBot(api: TestApi, owner: Owner) {
  const made = await api.request("POST", "/bots", {
    token: owner.token,
    json: { name: "Sales", status: "live", allowedDomains: ["shop.example"] },
  });
  expect(made.status, made.text).toBe(201);
  const bot = made.body as { id: string; publicId: string };
  const form = await api.request("PUT", `/bots/${bot.id}/lead-form`, {
    token: owner.token,
    json: {
      enabled: true,
      when: "before-chat",
      required: false,
      name: "required",
      email: "optional",
      phone: "off",
      fields: [],
      consentText: "I agree to be contacted.",
    },
  });
  expect(form.status, form.text).toBe(200);
  return bot;
}

/** A visitor who leaves their name. */
async function leaveLead(api: TestApi, bot: { publicId: string }, name: string) {
  const headers = { origin: site, "x-forwarded-for": `203.0.113.${++address}` };
  const started = await api.request("POST", `/public/bots/${bot.publicId}/conversations`, {
    json: { locale: "en" },
    headers,
  });
  expect(started.status, started.text).toBe(201);
  const { conversationId, token } = started.body;
  const sent = await api.request(
    "POST",
    `/public/bots/${bot.publicId}/conversations/${conversationId}/lead`,
    { token, json: { name, consent: true }, headers },
  );
  expect(sent.status, sent.text).toBe(201);
  return sent.body.id as string;
}

async function addWebhook(api: TestApi, owner: Owner, botId: string, url = receiverUrl) {
  const response = await api.request("POST", `/bots/${botId}/webhooks`, {
    token: owner.token,
    json: { url, events: ["lead.created"] },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; secret: string; version: number };
}

type Delivery = { status: string; attempts: number; lastStatus: number | null; messageId: string };

async function deliveries(api: TestApi, owner: Owner, webhookId: string) {
  const response = await api.request("GET", `/webhooks/${webhookId}/deliveries`, {
    token: owner.token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.items as (Delivery & { id: string; lastError: string | null })[];
}

const settled = (api: TestApi, owner: Owner, webhookId: string) =>
  expect
    .poll(async () => (await deliveries(api, owner, webhookId))[0]?.status, { timeout: 30_000 })
    .not.toBe("pending");

const signedHeaders = (headers: IncomingHttpHeaders) => ({
  "webhook-id": String(headers["webhook-id"]),
  "webhook-timestamp": String(headers["webhook-timestamp"]),
  "webhook-signature": String(headers["webhook-signature"]),
});

describe("a bot's webhooks", () => {
  it("are made with a secret shown once, read without it, and refused bad input", async () => {
    const owner = await ownerWithSession(t);
    const bot = await leadBot(t, owner);
    const made = await addWebhook(t, owner, bot.id);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const listed = await t.request("GET", `/bots/${bot.id}/webhooks`, { token: owner.token });
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]).toMatchObject({ url: receiverUrl, events: ["lead.created"] });
    expect(JSON.stringify(listed.body)).not.toContain(made.secret);

    for (const json of [
      { url: "ftp://files.example/hook", events: ["lead.created"] },
      { url: "not an address", events: ["lead.created"] },
      { url: receiverUrl, events: [] },
      { url: receiverUrl, events: ["lead.deleted"] },
      { url: receiverUrl, events: ["lead.created"], secret: "mine" },
    ]) {
      const response = await t.request("POST", `/bots/${bot.id}/webhooks`, {
        token: owner.token,
        json,
      });
      expect(response.status, JSON.stringify(json)).toBe(422);
    }

    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const refused = await t.request("POST", `/bots/${bot.id}/webhooks`, {
      token: viewer.token,
      json: { url: receiverUrl, events: ["lead.created"] },
    });
    expect(refused.status).toBe(403);
    const stranger = await ownerWithSession(t);
    expect(
      (await t.request("GET", `/bots/${bot.id}/webhooks`, { token: stranger.token })).status,
    ).toBe(404);
    expect(
      (await t.request("GET", `/webhooks/${made.id}/deliveries`, { token: stranger.token })).status,
    ).toBe(404);

    const stale = await t.request("PATCH", `/webhooks/${made.id}`, {
      token: owner.token,
      json: { version: made.version + 1, enabled: false },
    });
    expect(stale.status).toBe(409);
    const off = await t.request("PATCH", `/webhooks/${made.id}`, {
      token: owner.token,
      json: { version: made.version, enabled: false },
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, version: made.version + 1 });
    // Off: a new lead is sent nowhere.
    await leaveLead(t, bot, "Nobody hears");
    expect(await deliveries(t, owner, made.id)).toEqual([]);
  });

  it("posts a new lead signed as Standard Webhooks specifies, and logs the delivery", async () => {
    const owner = await ownerWithSession(t);
    const bot = await leadBot(t, owner);
    const hook = await addWebhook(t, owner, bot.id);
    const leadId = await leaveLead(t, bot, "Hala Saeed");
    await settled(t, owner, hook.id);

    expect(received).toHaveLength(1);
    const [request] = received;
    if (!request) throw new Error("Nothing was received.");
    expect(request.headers["content-type"]).toBe("application/json");
    const payload = new Webhook(hook.secret).verify(request.body, signedHeaders(request.headers));
    expect(payload).toMatchObject({
      type: "lead.created",
      data: { id: leadId, botId: bot.id, name: "Hala Saeed" },
    });
    // A body changed on the way does not verify, nor does another secret's signature.
    expect(() =>
      new Webhook(hook.secret).verify(
        request.body.replace("Hala", "Evil"),
        signedHeaders(request.headers),
      ),
    ).toThrow();
    const other = `whsec_${Buffer.from("x".repeat(24)).toString("base64")}`;
    expect(() => new Webhook(other).verify(request.body, signedHeaders(request.headers))).toThrow();

    const [delivery] = await deliveries(t, owner, hook.id);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, lastStatus: 200 });
    expect(delivery?.messageId).toBe(request.headers["webhook-id"]);
  });

  it("tries again after a failure, with the same id, until the receiver takes it", async () => {
    const owner = await ownerWithSession(t);
    const bot = await leadBot(t, owner);
    const hook = await addWebhook(t, owner, bot.id);
    answers = [500, 503];
    await leaveLead(t, bot, "Patient");
    await settled(t, owner, hook.id);
    const [delivery] = await deliveries(t, owner, hook.id);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 3, lastStatus: 200 });
    expect(received.map((request) => request.headers["webhook-id"])).toEqual(
      Array(3).fill(delivery?.messageId),
    );
  });

  it("fails a delivery after its last try, and sends it again when asked", async () => {
    const owner = await ownerWithSession(t);
    const bot = await leadBot(t, owner);
    const hook = await addWebhook(t, owner, bot.id);
    answers = [500, 500, 500];
    await leaveLead(t, bot, "Unlucky");
    await settled(t, owner, hook.id);
    const [failed] = await deliveries(t, owner, hook.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 3, lastStatus: 500 });

    const again = await t.request(
      "POST",
      `/webhooks/${hook.id}/deliveries/${failed?.id}/redeliver`,
      { token: owner.token },
    );
    expect(again.status).toBe(202);
    await expect
      .poll(async () => (await deliveries(t, owner, hook.id))[0]?.status, { timeout: 30_000 })
      .toBe("delivered");
    expect(received.at(-1)?.headers["webhook-id"]).toBe(failed?.messageId);
  });

  it("signs with both secrets for a day after a rotation", async () => {
    const owner = await ownerWithSession(t);
    const bot = await leadBot(t, owner);
    const hook = await addWebhook(t, owner, bot.id);
    const rotated = await t.request("POST", `/webhooks/${hook.id}/rotate-secret`, {
      token: owner.token,
    });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.secret).not.toBe(hook.secret);
    await leaveLead(t, bot, "Rotated");
    await settled(t, owner, hook.id);
    const [request] = received;
    if (!request) throw new Error("Nothing was received.");
    expect(String(request.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const secret of [rotated.body.secret, hook.secret]) {
      expect(
        new Webhook(secret).verify(request.body, signedHeaders(request.headers)),
      ).toMatchObject({ type: "lead.created" });
    }
  });

  it("posts nothing to a private address unless the deployment allows it", async () => {
    const owner = await ownerWithSession(publicOnly);
    const bot = await leadBot(publicOnly, owner);
    const hook = await addWebhook(publicOnly, owner, bot.id);
    await leaveLead(publicOnly, bot, "Inside");
    await settled(publicOnly, owner, hook.id);
    const [delivery] = await deliveries(publicOnly, owner, hook.id);
    expect(delivery).toMatchObject({ status: "failed", lastStatus: null });
    expect(delivery?.lastError).toMatch(/not a public address/);
    expect(received).toEqual([]);
  });
});
