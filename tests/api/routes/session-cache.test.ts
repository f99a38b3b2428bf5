import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../../api/db/schema";
import { hashSessionToken } from "../../../api/identity/sessions";
import { createTestApi, memberWithSession, type TestApi } from "../helpers";

// A token's live session is remembered for a few seconds (decision 028). These tests keep it for
// a minute, so that what is refused at once is refused because it was forgotten, not because the
// memory ran out.
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ sessionCacheMs: 60_000 });
});
afterAll(() => t.close());

async function signIn(email: string, password: string) {
  const response = await t.request("POST", "/login", { json: { value: email, password } });
  return response.body.token as string;
}

/** Ends the session in the database alone, as nothing in the product does: no notification. */
async function expireQuietly(token: string) {
  await t.db
    .update(sessions)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(sessions.tokenHash, hashSessionToken(token)));
}

describe("a remembered session", () => {
  it("is kept through a visitor's message to a bot, which changes no session", async () => {
    const { email, password } = await t.createUser();
    const token = await signIn(email, password);
    expect((await t.request("GET", "/user", { token })).status).toBe(200);
    await expireQuietly(token);

    // The public chat forgets nothing, whatever it is sent; another change forgets at once.
    const visitor = await t.request("POST", "/public/bots/no-such-bot/conversations", {
      json: { locale: "en" },
    });
    expect(visitor.status).toBe(404);
    expect((await t.request("GET", "/user", { token })).status).toBe(200);
    await t.request("POST", "/logout", { json: {} });
    expect((await t.request("GET", "/user", { token })).status).toBe(401);
  });

  it("answers from memory once looked up", async () => {
    const { email, password } = await t.createUser();
    const token = await signIn(email, password);
    expect((await t.request("GET", "/user", { token })).status).toBe(200);

    await expireQuietly(token);

    // Nothing told this instance: the remembered session still answers, for at most its minute.
    expect((await t.request("GET", "/user", { token })).status).toBe(200);
  });

  it("is looked up every time when the memory is off", async () => {
    const uncached = await createTestApi({ sessionCacheMs: 0 });
    try {
      const { email, password } = await uncached.createUser();
      const response = await uncached.request("POST", "/login", {
        json: { value: email, password },
      });
      const token = response.body.token as string;
      expect((await uncached.request("GET", "/user", { token })).status).toBe(200);
      await uncached.expireSession(token);
      expect((await uncached.request("GET", "/user", { token })).status).toBe(401);
    } finally {
      await uncached.close();
    }
  });

  it("is not kept past its short life", async () => {
    const brief = await createTestApi({ sessionCacheMs: 50 });
    try {
      const { email, password } = await brief.createUser();
      const response = await brief.request("POST", "/login", { json: { value: email, password } });
      const token = response.body.token as string;
      expect((await brief.request("GET", "/user", { token })).status).toBe(200);
      await brief.expireSession(token);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await brief.request("GET", "/user", { token })).status).toBe(401);
    } finally {
      await brief.close();
    }
  });
});

describe("a remembered session is forgotten at once", () => {
  it("on signing out", async () => {
    const { email, password } = await t.createUser();
    const token = await signIn(email, password);
    expect((await t.request("GET", "/user", { token })).status).toBe(200);

    expect((await t.request("POST", "/logout", { token })).status).toBe(204);

    expect((await t.request("GET", "/user", { token })).status).toBe(401);
  });

  it("when another session of the user's revokes it", async () => {
    const { email, password } = await t.createUser();
    const keep = await signIn(email, password);
    const drop = await signIn(email, password);
    expect((await t.request("GET", "/user", { token: drop })).status).toBe(200);
    const list = await t.request("GET", "/user/sessions", { token: keep });
    const target = list.body.items.find((item: { current: boolean }) => !item.current);

    expect((await t.request("DELETE", `/user/sessions/${target.id}`, { token: keep })).status).toBe(
      204,
    );

    expect((await t.request("GET", "/user", { token: drop })).status).toBe(401);
    expect((await t.request("GET", "/user", { token: keep })).status).toBe(200);
  });

  it("when the password changes, for the user's other sessions", async () => {
    const { email, password } = await t.createUser();
    const here = await signIn(email, password);
    const elsewhere = await signIn(email, password);
    expect((await t.request("GET", "/user", { token: elsewhere })).status).toBe(200);

    const changed = await t.request("POST", "/password/change", {
      token: here,
      json: { currentPassword: password, newPassword: "a new and long passphrase 42" },
    });
    expect(changed.status).toBe(204);

    expect((await t.request("GET", "/user", { token: elsewhere })).status).toBe(401);
  });

  it("when an owner changes the member's role or removes them", async () => {
    const owner = await t.createUser();
    const ownerToken = await signIn(owner.email, owner.password);
    const organizationId = owner.organizationId as string;
    const member = await memberWithSession(t, organizationId, "admin");
    const before = await t.request("GET", "/user", { token: member.token });
    expect(before.body.account.currentOrganizationPermissions).toContain("members.manage");

    const demoted = await t.request(
      "PATCH",
      `/organizations/${organizationId}/members/${member.id}`,
      { token: ownerToken, json: { role: "viewer" } },
    );
    expect(demoted.status).toBe(200);

    const after = await t.request("GET", "/user", { token: member.token });
    expect(after.body.account.currentOrganizationPermissions).not.toContain("members.manage");

    const removed = await t.request(
      "DELETE",
      `/organizations/${organizationId}/members/${member.id}`,
      { token: ownerToken },
    );
    expect(removed.status).toBe(204);
    const gone = await t.request("GET", "/user", { token: member.token });
    expect(gone.body.account.currentOrganizationId).toBeNull();
  });

  it("when the user's own details change", async () => {
    const { email, password } = await t.createUser();
    const here = await signIn(email, password);
    const elsewhere = await signIn(email, password);
    expect((await t.request("GET", "/user", { token: elsewhere })).body.lastName).toBe("User");

    const body = new FormData();
    body.set("lastName", "Renamed");
    expect((await t.request("PUT", "/user", { token: here, body })).status).toBe(200);

    expect((await t.request("GET", "/user", { token: elsewhere })).body.lastName).toBe("Renamed");
  });
});
