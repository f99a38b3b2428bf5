import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, organizations, type Role } from "../../../api/db/schema";
import { createTestApi, memberWithSession, ownerWithSession, type TestApi } from "../helpers";
import { listen, rawClient } from "../realtime/socket-server";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

afterAll(async () => {
  await t.close();
});

const signedIn = () => ownerWithSession(t);

const memberOf = (organizationId: string, role: Role, firstName = "Test") =>
  memberWithSession(t, organizationId, role, { firstName });

/** An organization with one user of every role and two plain members to act on. */
async function organizationWithRoles() {
  const owner = await signedIn();
  const { organizationId } = owner;
  const [admin, member, viewer, target, otherAdmin] = await Promise.all([
    memberOf(organizationId, "admin"),
    memberOf(organizationId, "member"),
    memberOf(organizationId, "viewer"),
    memberOf(organizationId, "member"),
    memberOf(organizationId, "admin"),
  ]);
  return { organizationId, owner, admin, member, viewer, target, otherAdmin };
}

function form(fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

const png = async () =>
  new Blob([
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0ea5e9" } })
      .png()
      .toBuffer(),
  ]);

describe("the permission matrix", () => {
  type Setup = Awaited<ReturnType<typeof organizationWithRoles>>;
  const actions: {
    name: string;
    allowed: Role[];
    /** Expected status when allowed; 403 otherwise. */
    ok: number;
    run: (s: Setup, token: string, actorId: string) => ReturnType<TestApi["request"]>;
  }[] = [
    {
      name: "read the organization",
      allowed: ["owner", "admin", "member", "viewer"],
      ok: 200,
      run: (s, token) => t.request("GET", `/organizations/${s.organizationId}`, { token }),
    },
    {
      name: "list members",
      allowed: ["owner", "admin", "member", "viewer"],
      ok: 200,
      run: (s, token) => t.request("GET", `/organizations/${s.organizationId}/members`, { token }),
    },
    {
      name: "rename the organization",
      allowed: ["owner", "admin"],
      ok: 200,
      run: (s, token) =>
        t.request("PUT", `/organizations/${s.organizationId}`, {
          token,
          body: form({ name: "Renamed" }),
        }),
    },
    {
      name: "change a member's role",
      allowed: ["owner", "admin"],
      ok: 200,
      run: (s, token) =>
        t.request("PATCH", `/organizations/${s.organizationId}/members/${s.target.id}`, {
          token,
          json: { role: "viewer" },
        }),
    },
    {
      name: "remove a member",
      allowed: ["owner", "admin"],
      ok: 204,
      run: (s, token) =>
        t.request("DELETE", `/organizations/${s.organizationId}/members/${s.target.id}`, {
          token,
        }),
    },
    {
      name: "leave",
      allowed: ["admin", "member", "viewer"],
      ok: 204,
      run: (s, token, actorId) =>
        t.request("DELETE", `/organizations/${s.organizationId}/members/${actorId}`, { token }),
    },
    {
      name: "transfer the ownership",
      allowed: ["owner"],
      ok: 200,
      run: (s, token) =>
        t.request("POST", `/organizations/${s.organizationId}/transfer`, {
          token,
          json: { userId: s.otherAdmin.id, password: s.owner.password },
        }),
    },
    {
      name: "delete the organization",
      allowed: ["owner"],
      ok: 204,
      run: (s, token) =>
        t.request(
          "DELETE",
          `/organizations/${s.organizationId}?confirmName=${encodeURIComponent("Test Organization")}`,
          { token },
        ),
    },
  ];

  for (const action of actions) {
    for (const role of ["owner", "admin", "member", "viewer"] as const) {
      const expected = action.allowed.includes(role) ? action.ok : 403;
      it(`${role}: ${action.name} → ${expected}`, async () => {
        const setup = await organizationWithRoles();
        const actor = setup[role];
        const response = await action.run(setup, actor.token, actor.id);
        expect(response.status, response.text).toBe(expected);
      });
    }
  }

  it("GET /user carries the permissions of the current organization's role", async () => {
    const { admin, viewer } = await organizationWithRoles();
    const ofAdmin = (await t.request("GET", "/user", { token: admin.token })).body;
    expect(ofAdmin.account.currentOrganizationPermissions).toContain("members.manage");
    const ofViewer = (await t.request("GET", "/user", { token: viewer.token })).body;
    expect(ofViewer.account.currentOrganizationPermissions).not.toContain("members.manage");
    expect(ofViewer.account.currentOrganizationPermissions).toContain("members.read");
  });
});

describe("isolation between organizations", () => {
  it("answers 404 for every call on an organization the user is not a member of", async () => {
    const stranger = await signedIn();
    const { organizationId, target, owner } = await organizationWithRoles();
    const token = stranger.token;
    const calls = [
      t.request("GET", `/organizations/${organizationId}`, { token }),
      t.request("GET", `/organizations/${organizationId}/members`, { token }),
      t.request("PUT", `/organizations/${organizationId}`, { token, body: form({ name: "X" }) }),
      t.request("DELETE", `/organizations/${organizationId}?confirmName=Test%20Organization`, {
        token,
      }),
      t.request("POST", `/organizations/${organizationId}/transfer`, {
        token,
        json: { userId: stranger.id, password: stranger.password },
      }),
      t.request("PATCH", `/organizations/${organizationId}/members/${target.id}`, {
        token,
        json: { role: "admin" },
      }),
      t.request("DELETE", `/organizations/${organizationId}/members/${target.id}`, { token }),
      t.request("PUT", "/user/current-organization", { token, json: { organizationId } }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);

    // Nothing changed.
    const [organization] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(organization).toMatchObject({ name: "Test Organization", ownerId: owner.id });
    const members = await t.request("GET", `/organizations/${organizationId}/members`, {
      token: owner.token,
    });
    expect(members.body.total).toBe(6);
  });

  it("lists only the user's own organizations, and members of the organization asked", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const list = await t.request("GET", "/organizations", { token: a.token });
    expect(list.body.items.map((o: { id: string }) => o.id)).toEqual([a.organizationId]);
    const members = await t.request("GET", `/organizations/${a.organizationId}/members`, {
      token: a.token,
    });
    expect(members.body.items.map((m: { userId: string }) => m.userId)).toEqual([a.id]);
    expect(members.body.items.map((m: { userId: string }) => m.userId)).not.toContain(b.id);
  });

  it("does not act on a member of another organization through one's own", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const response = await t.request(
      "DELETE",
      `/organizations/${a.organizationId}/members/${b.id}`,
      {
        token: a.token,
      },
    );
    expect(response.status).toBe(404);
    const still = await t.request("GET", `/organizations/${b.organizationId}`, { token: b.token });
    expect(still.status).toBe(200);
  });
});

describe("organizations", () => {
  it("creates an organization owned by the user and switches to it", async () => {
    const user = await signedIn();
    const created = await t.request("POST", "/organizations", {
      token: user.token,
      json: { name: "  Second Studio  " },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Second Studio",
      ownerId: user.id,
      role: "owner",
      current: true,
      memberCount: 1,
    });
    expect(created.body.permissions).toContain("organization.delete");
    const me = (await t.request("GET", "/user", { token: user.token })).body;
    expect(me.account.currentOrganizationId).toBe(created.body.id);

    const list = await t.request("GET", "/organizations", { token: user.token });
    expect(list.body.items.map((o: { name: string }) => o.name)).toEqual([
      "Second Studio",
      "Test Organization",
    ]);
  });

  it("gives the same total on a full page, a last page, past the end and in a search", async () => {
    const user = await signedIn();
    for (const name of ["Alpha", "Beta", "Gamma", "Delta"]) {
      const made = await t.request("POST", "/organizations", { token: user.token, json: { name } });
      expect(made.status).toBe(201);
    }
    const page = (query: string) =>
      t.request("GET", `/organizations?${query}`, { token: user.token }).then((r) => r.body);
    expect(await page("pageSize=2&page=1")).toMatchObject({ total: 5, page: 1 });
    expect((await page("pageSize=2&page=3")).items).toHaveLength(1);
    expect(await page("pageSize=2&page=3")).toMatchObject({ total: 5 });
    expect(await page("pageSize=2&page=4")).toMatchObject({ total: 5, items: [] });
    expect(await page("pageSize=5")).toMatchObject({ total: 5 });
    expect(await page("pageSize=10")).toMatchObject({ total: 5 });
    expect(await page("search=amm")).toMatchObject({ total: 1 });
    expect(await page("search=nothing")).toMatchObject({ total: 0, items: [] });
  });

  it.each([
    [{}, "Required", "REQUIRED"],
    [{ name: "   " }, "Required", "REQUIRED"],
    [{ name: "x".repeat(101) }, "At most 100 characters", "TOO_LONG"],
    [{ name: 42 }, "Must be a string", "INVALID_TYPE"],
  ])("refuses to create with %j", async (json, message, code) => {
    const user = await signedIn();
    const response = await t.request("POST", "/organizations", { token: user.token, json });
    expect(response.status).toBe(422);
    expect(response.body.error.fields.name).toBe(message);
    expect(response.body.error.fieldCodes).toEqual({ name: code });
    const list = await t.request("GET", "/organizations", { token: user.token });
    expect(list.body.total).toBe(1);
  });

  it("switches the current organization, and with it the permissions", async () => {
    const { organizationId, viewer } = await organizationWithRoles();
    const own = await t.request("POST", "/organizations", {
      token: viewer.token,
      json: { name: "Mine" },
    });
    expect((await t.request("GET", "/user", { token: viewer.token })).body.account).toMatchObject({
      currentOrganizationId: own.body.id,
    });
    const switched = await t.request("PUT", "/user/current-organization", {
      token: viewer.token,
      json: { organizationId },
    });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ id: organizationId, role: "viewer", current: true });
    const me = (await t.request("GET", "/user", { token: viewer.token })).body;
    expect(me.account.currentOrganizationId).toBe(organizationId);
    expect(me.account.currentOrganizationPermissions).not.toContain("organization.manage");
  });

  it("takes a logo of 2 MB: the route's own 5 MB limit, not the 1 MiB of JSON bodies", async () => {
    const owner = await signedIn();
    // Noise does not compress: a 900×800 PNG of it is about 2 MB.
    const noise = randomBytes(900 * 800 * 3);
    const logo = await sharp(noise, { raw: { width: 900, height: 800, channels: 3 } })
      .png()
      .toBuffer();
    expect(logo.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    const response = await t.request("PUT", `/organizations/${owner.organizationId}`, {
      token: owner.token,
      body: form({ logo: new Blob([logo]) }),
    });
    expect(response.status).toBe(200);
    expect(response.body.logoUrl).toMatch(/^\/api\/v1\/files\/avatars\/.+\.webp$/);
  });

  it("changes the logo, refuses a file that is not an image, and removes it", async () => {
    const owner = await signedIn();
    const path = `/organizations/${owner.organizationId}`;
    const bad = await t.request("PUT", path, {
      token: owner.token,
      body: form({ logo: new Blob(["not an image"]) }),
    });
    expect(bad.status).toBe(422);
    const withLogo = await t.request("PUT", path, {
      token: owner.token,
      body: form({ logo: await png() }),
    });
    expect(withLogo.status).toBe(200);
    expect(withLogo.body.logoUrl).toMatch(/^\/api\/v1\/files\/avatars\/.+\.webp$/);
    const removed = await t.request("PUT", path, {
      token: owner.token,
      body: form({ removeLogo: "true" }),
    });
    expect(removed.body.logoUrl).toBeNull();
    const json = await t.request("PUT", path, { token: owner.token, json: { name: "JSON" } });
    expect(json.status).toBe(415);
  });

  it("keeps the organization when the typed name does not match", async () => {
    const owner = await signedIn();
    const response = await t.request(
      "DELETE",
      `/organizations/${owner.organizationId}?confirmName=Test%20Organisation`,
      { token: owner.token },
    );
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      code: "CONFIRMATION_MISMATCH",
      fields: { confirmName: expect.any(String) },
      fieldCodes: { confirmName: "CONFIRMATION_MISMATCH" },
    });
    expect(
      (await t.request("GET", `/organizations/${owner.organizationId}`, { token: owner.token }))
        .status,
    ).toBe(200);
  });

  it("moves members to another organization of theirs when theirs is deleted", async () => {
    const { organizationId, owner, member } = await organizationWithRoles();
    const other = await signedIn();
    await t.db.insert(memberships).values({
      organizationId: other.organizationId,
      userId: member.id,
      role: "member",
    });
    const deleted = await t.request(
      "DELETE",
      `/organizations/${organizationId}?confirmName=Test%20Organization`,
      { token: owner.token },
    );
    expect(deleted.status).toBe(204);
    const ofMember = (await t.request("GET", "/user", { token: member.token })).body;
    expect(ofMember.account.currentOrganizationId).toBe(other.organizationId);
    const ofOwner = (await t.request("GET", "/user", { token: owner.token })).body;
    expect(ofOwner.account).toEqual({
      currentOrganizationId: null,
      currentOrganizationPermissions: [],
    });
  });
});

describe("ownership", () => {
  it("goes to an admin, and the owner becomes an admin", async () => {
    const { organizationId, owner, admin } = await organizationWithRoles();
    const response = await t.request("POST", `/organizations/${organizationId}/transfer`, {
      token: owner.token,
      json: { userId: admin.id, password: owner.password },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ownerId: admin.id, role: "admin" });
    const ofNewOwner = await t.request("GET", `/organizations/${organizationId}`, {
      token: admin.token,
    });
    expect(ofNewOwner.body.role).toBe("owner");
    // The former owner may now leave.
    const left = await t.request("DELETE", `/organizations/${organizationId}/members/${owner.id}`, {
      token: owner.token,
    });
    expect(left.status).toBe(204);
  });

  it("needs the owner's password, and an admin to receive it", async () => {
    const { organizationId, owner, admin, member } = await organizationWithRoles();
    const path = `/organizations/${organizationId}/transfer`;
    const wrong = await t.request("POST", path, {
      token: owner.token,
      json: { userId: admin.id, password: "not the password" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({
      code: "INVALID_PASSWORD",
      fieldCodes: { password: "INVALID_PASSWORD" },
    });
    const notAdmin = await t.request("POST", path, {
      token: owner.token,
      json: { userId: member.id, password: owner.password },
    });
    expect(notAdmin.status).toBe(422);
    expect(notAdmin.body.error).toMatchObject({
      code: "NOT_AN_ADMIN",
      fieldCodes: { userId: "NOT_AN_ADMIN" },
    });
    const [organization] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(organization?.ownerId).toBe(owner.id);
  });
});

describe("ownership at once", () => {
  it("goes to one admin only when two transfers race", async () => {
    const { organizationId, owner, admin, otherAdmin } = await organizationWithRoles();
    const path = `/organizations/${organizationId}/transfer`;

    const responses = await Promise.all(
      [admin, otherAdmin].map((to) =>
        t.request("POST", path, {
          token: owner.token,
          json: { userId: to.id, password: owner.password },
        }),
      ),
    );

    expect(responses.map((response) => response.status).sort()).toEqual([200, 403]);
    const owners = await t.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, "owner")));
    const [organization] = await t.db
      .select({ ownerId: organizations.ownerId })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(owners).toEqual([{ userId: organization?.ownerId }]);
  });

  it("limits the password check like a password change", async () => {
    const { organizationId, owner, admin } = await organizationWithRoles();
    const path = `/organizations/${organizationId}/transfer`;
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await t.request("POST", path, {
        token: owner.token,
        json: { userId: admin.id, password: "not the password" },
      });
      statuses.push(response.status);
    }

    expect(statuses).toEqual([...Array(10).fill(422), 429]);
  });
});

describe("members", () => {
  it("lists the owner first, then by name, with search and pages", async () => {
    const owner = await signedIn();
    for (const name of ["Zaid", "Amal", "Basma"])
      await memberOf(owner.organizationId, "member", name);
    const path = `/organizations/${owner.organizationId}/members`;
    const all = await t.request("GET", path, { token: owner.token });
    expect(all.body.items.map((m: { firstName: string; role: string }) => m.firstName)).toEqual([
      "Test",
      "Amal",
      "Basma",
      "Zaid",
    ]);
    const page = await t.request("GET", `${path}?page=2&pageSize=2`, { token: owner.token });
    expect(page.body).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(page.body.items.map((m: { firstName: string }) => m.firstName)).toEqual([
      "Basma",
      "Zaid",
    ]);
    const found = await t.request("GET", `${path}?search=ama`, { token: owner.token });
    expect(found.body.items.map((m: { firstName: string }) => m.firstName)).toEqual(["Amal"]);
    const literal = await t.request("GET", `${path}?search=%25`, { token: owner.token });
    expect(literal.body.total).toBe(0);
    const bad = await t.request("GET", `${path}?pageSize=500`, { token: owner.token });
    expect(bad.status).toBe(422);
  });

  it("never changes the owner's role, and takes only the roles it knows", async () => {
    const { organizationId, owner, admin, target } = await organizationWithRoles();
    const onOwner = await t.request(
      "PATCH",
      `/organizations/${organizationId}/members/${owner.id}`,
      {
        token: admin.token,
        json: { role: "member" },
      },
    );
    expect(onOwner.status).toBe(403);
    const toOwner = await t.request(
      "PATCH",
      `/organizations/${organizationId}/members/${target.id}`,
      { token: owner.token, json: { role: "owner" } },
    );
    expect(toOwner.status).toBe(422);
    expect(toOwner.body.error.fields.role).toBe("Must be admin, member or viewer");
    expect(toOwner.body.error.fieldCodes).toEqual({ role: "INVALID_VALUE" });
  });

  it("sends a removed member to another organization of theirs, or none", async () => {
    const { organizationId, owner, target } = await organizationWithRoles();
    const removed = await t.request(
      "DELETE",
      `/organizations/${organizationId}/members/${target.id}`,
      { token: owner.token },
    );
    expect(removed.status).toBe(204);
    const me = (await t.request("GET", "/user", { token: target.token })).body;
    expect(me.account.currentOrganizationId).toBeNull();
    expect(
      (await t.request("GET", `/organizations/${organizationId}`, { token: target.token })).status,
    ).toBe(404);
  });
});

describe("live events", () => {
  it("tells members of changes to the organization, and a removed member of their removal on their own queue only", async () => {
    const server = await listen(t.api);
    try {
      const { organizationId, owner, member } = await organizationWithRoles();
      const client = await rawClient(server.socketUrl);
      client.frame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${member.token}` });
      await client.next("CONNECTED");
      client.frame("SUBSCRIBE", {
        id: "org",
        destination: `/topic/organizations.${organizationId}`,
        receipt: "a",
      });
      client.frame("SUBSCRIBE", { id: "me", destination: "/user/queue/events", receipt: "b" });
      await client.next("RECEIPT");
      await client.next("RECEIPT");

      await t.request("PUT", `/organizations/${organizationId}`, {
        token: owner.token,
        body: form({ name: "Live" }),
      });
      const updated = await client.next("MESSAGE");
      expect(updated.headers.subscription).toBe("org");
      expect(JSON.parse(updated.body)).toMatchObject({
        type: "organization.updated",
        id: organizationId,
        actor: owner.id,
      });

      await t.request("DELETE", `/organizations/${organizationId}/members/${member.id}`, {
        token: owner.token,
      });
      // Told on their own queue; the organization's topic is theirs no more.
      const removal = await client.next("MESSAGE");
      expect(removal.headers.subscription).toBe("me");
      expect(JSON.parse(removal.body)).toMatchObject({ type: "member.removed", id: member.id });
      await expect(client.next("MESSAGE", 500)).rejects.toThrow(/No MESSAGE/);
      client.close();
    } finally {
      await server.close();
    }
  });
});
