import { type AddressInfo, createServer, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations, type Role, users } from "../../../api/db/schema";
import { createSession } from "../../../api/identity/sessions";
import {
  createTestApi,
  memberWithSession,
  ownerWithSession,
  type TestApi,
  testAppUrl,
  uniqueEmail,
} from "../helpers";
import { extractKey, type SinkMessage, type SmtpSink, startSmtpSink } from "../smtp-sink";

let t: TestApi;
let mail: SmtpSink;

beforeAll(async () => {
  mail = await startSmtpSink();
  t = await createTestApi({ smtpUrl: mail.url });
});

afterAll(async () => {
  await t.close();
  await mail.close();
});

const owner = () => ownerWithSession(t);

const memberWith = (organizationId: string, role: Role) =>
  memberWithSession(t, organizationId, role);

function invite(organizationId: string, token: string, json: Record<string, unknown>) {
  return t.request("POST", `/organizations/${organizationId}/invitations`, { token, json });
}

/** The link of an invitation mail, and its token. */
function linkIn(message: SinkMessage) {
  const url = new URL(/https?:\/\/\S+accept-invite\S+/.exec(message.text)?.[0] ?? "");
  return { url, token: url.searchParams.get("token") ?? "" };
}

describe("inviting", () => {
  it("mails a link to the web app's accept page, valid for seven days", async () => {
    const o = await owner();
    const email = uniqueEmail();
    const before = Date.now();
    const response = await invite(o.organizationId, o.token, {
      email: email.toUpperCase(),
      role: "member",
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ email, role: "member", status: "pending" });
    const days = (Date.parse(response.body.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const message = await mail.waitForMessage({ to: email });
    expect(message.subject).toBe("Test User invited you to Test Organization on Qalam");
    const { url, token } = linkIn(message);
    expect(`${url.origin}${url.pathname}`).toBe(`${testAppUrl}/accept-invite`);
    expect(url.searchParams.get("email")).toBe(email);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(message.html).toContain('dir="ltr"');
  });

  it("writes in the invitee's language when the address has an account", async () => {
    const o = await owner();
    const arabic = await t.createUser({ withOrganization: false });
    await t.db.update(users).set({ locale: "ar" }).where(eq(users.id, arabic.user.id));
    await invite(o.organizationId, o.token, { email: arabic.email, role: "viewer" });
    const message = await mail.waitForMessage({ to: arabic.email });
    expect(message.subject).toBe("دعاك Test User إلى Test Organization على قلم");
    expect(message.html).toContain('dir="rtl"');
    expect(message.text).toContain("مشاهد");
    expect(linkIn(message).url.pathname).toBe("/ar/accept-invite");
  });

  it("refuses a member's address, a second invitation, and bad input", async () => {
    const o = await owner();
    const member = await memberWith(o.organizationId, "member");
    const taken = await invite(o.organizationId, o.token, { email: member.email, role: "admin" });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("ALREADY_MEMBER");

    const email = uniqueEmail();
    expect((await invite(o.organizationId, o.token, { email, role: "member" })).status).toBe(201);
    const again = await invite(o.organizationId, o.token, { email, role: "admin" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "INVITATION_PENDING",
      fieldCodes: { email: "INVITATION_PENDING" },
    });

    for (const [json, field, code] of [
      [{ email: "not an address", role: "member" }, "email", "INVALID_FORMAT"],
      [{ email, role: "owner" }, "role", "INVALID_VALUE"],
      [{ role: "member" }, "email", "REQUIRED"],
      [{ email: `${"x".repeat(320)}@example.test`, role: "member" }, "email", "TOO_LONG"],
    ] as const) {
      const response = await invite(o.organizationId, o.token, json);
      expect(response.status, JSON.stringify(json)).toBe(422);
      expect(Object.keys(response.body.error.fields)).toContain(field);
      expect(response.body.error.fieldCodes).toEqual({ [field]: code });
    }
    const list = await t.request("GET", `/organizations/${o.organizationId}/invitations`, {
      token: o.token,
    });
    expect(list.body.items.map((i: { email: string }) => i.email)).toEqual([email]);
  });

  it.each([
    ["owner", true],
    ["admin", true],
    ["member", false],
    ["viewer", false],
  ] as const)("%s may invite, list, resend and revoke: %s", async (role, allowed) => {
    const o = await owner();
    const actor = role === "owner" ? o : await memberWith(o.organizationId, role);
    const base = `/organizations/${o.organizationId}/invitations`;
    const existing = await invite(o.organizationId, o.token, {
      email: uniqueEmail(),
      role: "viewer",
    });
    const token = actor.token;
    const statuses = [
      (await invite(o.organizationId, token, { email: uniqueEmail(), role: "member" })).status,
      (await t.request("GET", base, { token })).status,
      (await t.request("POST", `${base}/${existing.body.id}/resend`, { token })).status,
      (await t.request("DELETE", `${base}/${existing.body.id}`, { token })).status,
    ];
    expect(statuses).toEqual(allowed ? [201, 200, 200, 204] : [403, 403, 403, 403]);
  });

  it("answers 404 to a stranger for every invitation call of another organization", async () => {
    const o = await owner();
    const stranger = await owner();
    const created = await invite(o.organizationId, o.token, {
      email: uniqueEmail(),
      role: "member",
    });
    const base = `/organizations/${o.organizationId}/invitations`;
    const calls = [
      t.request("GET", base, { token: stranger.token }),
      invite(o.organizationId, stranger.token, { email: uniqueEmail(), role: "member" }),
      t.request("POST", `${base}/${created.body.id}/resend`, { token: stranger.token }),
      t.request("DELETE", `${base}/${created.body.id}`, { token: stranger.token }),
      // Through their own organization, the other's invitation does not exist.
      t.request(
        "DELETE",
        `/organizations/${stranger.organizationId}/invitations/${created.body.id}`,
        {
          token: stranger.token,
        },
      ),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
  });
});

describe("resending and revoking", () => {
  it("resends with a new link, after which the old one is unknown", async () => {
    const o = await owner();
    const email = uniqueEmail();
    const created = await invite(o.organizationId, o.token, { email, role: "member" });
    const first = linkIn(await mail.waitForMessage({ to: email }));
    const resent = await t.request(
      "POST",
      `/organizations/${o.organizationId}/invitations/${created.body.id}/resend`,
      { token: o.token },
    );
    expect(resent.status).toBe(200);
    const second = linkIn(await mail.waitForMessage({ to: email }));
    expect(second.token).not.toBe(first.token);
    const invitee = await t.createUser({ email, withOrganization: false });
    const inviteeToken = await createSession(t.db, invitee.user.id);
    const old = await t.request("GET", `/invitations?token=${first.token}`, {
      token: inviteeToken,
    });
    expect(old.status).toBe(404);
    const current = await t.request("GET", `/invitations?token=${second.token}`, {
      token: inviteeToken,
    });
    expect(current.body).toMatchObject({
      status: "pending",
      organizationName: "Test Organization",
    });
  });

  it("revokes: the link then says so and cannot be accepted", async () => {
    const o = await owner();
    const email = uniqueEmail();
    const created = await invite(o.organizationId, o.token, { email, role: "member" });
    const { token } = linkIn(await mail.waitForMessage({ to: email }));
    const revoked = await t.request(
      "DELETE",
      `/organizations/${o.organizationId}/invitations/${created.body.id}`,
      { token: o.token },
    );
    expect(revoked.status).toBe(204);
    const invitee = await t.createUser({ email, withOrganization: false });
    const inviteeToken = await createSession(t.db, invitee.user.id);
    const shown = await t.request("GET", `/invitations?token=${token}`, { token: inviteeToken });
    expect(shown.body.status).toBe("revoked");
    const accepted = await t.request("POST", "/invitations/accept", {
      token: inviteeToken,
      json: { token },
    });
    expect(accepted.status).toBe(409);
    expect(accepted.body.error.code).toBe("INVITATION_REVOKED");
    // Revoked invitations leave the list, and the address can be invited again.
    const list = await t.request("GET", `/organizations/${o.organizationId}/invitations`, {
      token: o.token,
    });
    expect(list.body.total).toBe(0);
    expect((await invite(o.organizationId, o.token, { email, role: "member" })).status).toBe(201);
  });
});

describe("mail limits", () => {
  const resend = (organizationId: string, token: string, id: string) =>
    t.request("POST", `/organizations/${organizationId}/invitations/${id}/resend`, { token });

  it("sends an address three invitations an hour, resent ones included, from any organization", async () => {
    const [first, second] = [await owner(), await owner()];
    const email = uniqueEmail();
    const created = await invite(first.organizationId, first.token, { email, role: "member" });
    expect(created.status).toBe(201);
    expect((await resend(first.organizationId, first.token, created.body.id)).status).toBe(200);
    expect(
      (await invite(second.organizationId, second.token, { email, role: "viewer" })).status,
    ).toBe(201);

    const limited = await resend(first.organizationId, first.token, created.body.id);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("TOO_MANY_REQUESTS");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    await t.api.flush();
    expect(mail.messages.filter((message) => message.to.includes(email))).toHaveLength(3);
  });

  it("limits what one member and one organization send", async () => {
    const strict = await createTestApi({
      smtpUrl: mail.url,
      rateLimits: {
        invitationPerInviter: { limit: 2, windowSeconds: 3600 },
        invitationPerOrganization: { limit: 3, windowSeconds: 3600 },
      },
    });
    try {
      const o = await ownerWithSession(strict);
      const admin = await memberWithSession(strict, o.organizationId, "admin");
      const send = (token: string) =>
        strict.request("POST", `/organizations/${o.organizationId}/invitations`, {
          token,
          json: { email: uniqueEmail(), role: "member" },
        });

      expect([(await send(o.token)).status, (await send(o.token)).status]).toEqual([201, 201]);
      expect((await send(o.token)).status).toBe(429);
      // Another member of the organization has their own allowance, within the organization's.
      expect((await send(admin.token)).status).toBe(201);
      expect((await send(admin.token)).status).toBe(429);
    } finally {
      await strict.close();
    }
  });

  it("answers 503 with Retry-After while the mail queue is full, and invites no one", async () => {
    // A mail server that never answers keeps the one message the queue holds.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => {
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const full = await createTestApi({
      smtpUrl: `smtp://127.0.0.1:${port}?connectionTimeout=500&greetingTimeout=500`,
      mailQueue: { maxQueued: 1, retries: 0 },
    });
    try {
      const o = await ownerWithSession(full);
      const send = (email: string) =>
        full.request("POST", `/organizations/${o.organizationId}/invitations`, {
          token: o.token,
          json: { email, role: "member" },
        });
      expect((await send(uniqueEmail())).status).toBe(201);

      const refused = await send(uniqueEmail());
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe("MAIL_QUEUE_FULL");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const listed = await full.request("GET", `/organizations/${o.organizationId}/invitations`, {
        token: o.token,
      });
      expect(listed.body.total).toBe(1);
    } finally {
      await full.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe("accepting", () => {
  it("joins with the invited role and switches to the organization", async () => {
    const o = await owner();
    const invitee = await t.createUser();
    const inviteeToken = await createSession(t.db, invitee.user.id);
    await invite(o.organizationId, o.token, { email: invitee.email, role: "admin" });
    const { token } = linkIn(await mail.waitForMessage({ to: invitee.email }));

    const shown = await t.request("GET", `/invitations?token=${token}`, { token: inviteeToken });
    expect(shown.body).toMatchObject({
      status: "pending",
      role: "admin",
      organizationId: o.organizationId,
      inviterName: "Test User",
    });
    const accepted = await t.request("POST", "/invitations/accept", {
      token: inviteeToken,
      json: { token },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ organizationId: o.organizationId });
    const me = (await t.request("GET", "/user", { token: inviteeToken })).body;
    expect(me.account.currentOrganizationId).toBe(o.organizationId);
    expect(me.account.currentOrganizationPermissions).toContain("members.manage");

    const again = await t.request("POST", "/invitations/accept", {
      token: inviteeToken,
      json: { token },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("INVITATION_ACCEPTED");
  });

  it("is for the invited address only", async () => {
    const o = await owner();
    const email = uniqueEmail();
    await invite(o.organizationId, o.token, { email, role: "member" });
    const { token } = linkIn(await mail.waitForMessage({ to: email }));
    const someoneElse = await owner();
    const response = await t.request("POST", "/invitations/accept", {
      token: someoneElse.token,
      json: { token },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("INVITATION_FOR_ANOTHER_EMAIL");
    const members = await t.request("GET", `/organizations/${o.organizationId}/members`, {
      token: o.token,
    });
    expect(members.body.total).toBe(1);
  });

  it("needs the invited address proven by a key, which an address change can do", async () => {
    const o = await owner();
    // An email no key ever reached (given beside a phone at sign-up, say): not proven.
    const invitee = await t.createUser({ withOrganization: false });
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, invitee.user.id));
    const session = await t.loginToken(invitee.email, invitee.password);
    await invite(o.organizationId, o.token, { email: invitee.email, role: "member" });
    const { token } = linkIn(await mail.waitForMessage({ to: invitee.email }));
    const accept = () =>
      t.request("POST", "/invitations/accept", { token: session, json: { token } });

    const refused = await accept();
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("EMAIL_NOT_VERIFIED");

    const requested = await t.request("POST", "/user/address-change", {
      token: session,
      json: { loginType: "EMAIL", value: invitee.email, currentPassword: invitee.password },
    });
    expect(requested.status).toBe(202);
    const key = extractKey((await mail.waitForMessage({ to: invitee.email })).text);
    const verified = await t.request("POST", "/user/address-change/verify", {
      token: session,
      json: { key },
    });
    expect(verified.body.emailVerified).toBe(true);

    expect((await accept()).status).toBe(200);
  });

  it("refuses an expired invitation, and an unknown or malformed link", async () => {
    const o = await owner();
    const invitee = await t.createUser({ withOrganization: false });
    const inviteeToken = await createSession(t.db, invitee.user.id);
    await invite(o.organizationId, o.token, { email: invitee.email, role: "member" });
    const { token } = linkIn(await mail.waitForMessage({ to: invitee.email }));
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, invitee.email));
    const shown = await t.request("GET", `/invitations?token=${token}`, { token: inviteeToken });
    expect(shown.body.status).toBe("expired");
    const accepted = await t.request("POST", "/invitations/accept", {
      token: inviteeToken,
      json: { token },
    });
    expect(accepted.status).toBe(409);
    expect(accepted.body.error.code).toBe("INVITATION_EXPIRED");

    const unknown = await t.request("POST", "/invitations/accept", {
      token: inviteeToken,
      json: { token: "x".repeat(43) },
    });
    expect(unknown.status).toBe(404);
    const malformed = await t.request("POST", "/invitations/accept", {
      token: inviteeToken,
      json: { token: "" },
    });
    expect(malformed.status).toBe(422);
    expect((await t.request("POST", "/invitations/accept", { json: { token } })).status).toBe(401);
  });
});
