import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../../api/db/schema";
import { createSession } from "../../../api/identity/sessions";
import { createTestApi, memberWithSession, ownerWithSession, type TestApi } from "../helpers";
import { listen, rawClient } from "../realtime/socket-server";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

afterAll(async () => {
  await t.close();
});

const owner = () => ownerWithSession(t);

const memberOf = (organizationId: string, role: Role) => memberWithSession(t, organizationId, role);

async function create(token: string, json: Record<string, unknown>) {
  return t.request("POST", "/workspaces", { token, json });
}

async function organizationWithRoles() {
  const o = await owner();
  const [admin, member, viewer] = await Promise.all([
    memberOf(o.organizationId, "admin"),
    memberOf(o.organizationId, "member"),
    memberOf(o.organizationId, "viewer"),
  ]);
  const workspace = await create(o.token, { name: "Launch", color: "teal" });
  return {
    o,
    roles: { owner: o, admin, member, viewer },
    workspaceId: workspace.body.id as string,
  };
}

describe("the permission matrix", () => {
  type Setup = Awaited<ReturnType<typeof organizationWithRoles>>;
  const actions: {
    name: string;
    write: boolean;
    ok: number;
    run: (s: Setup, token: string) => ReturnType<TestApi["request"]>;
  }[] = [
    {
      name: "list",
      write: false,
      ok: 200,
      run: (_, token) => t.request("GET", "/workspaces", { token }),
    },
    {
      name: "read one",
      write: false,
      ok: 200,
      run: (s, token) => t.request("GET", `/workspaces/${s.workspaceId}`, { token }),
    },
    {
      name: "create",
      write: true,
      ok: 201,
      run: (_, token) => create(token, { name: "New", color: "rose" }),
    },
    {
      name: "update",
      write: true,
      ok: 200,
      run: (s, token) =>
        t.request("PATCH", `/workspaces/${s.workspaceId}`, { token, json: { name: "Renamed" } }),
    },
    {
      name: "add a member",
      write: true,
      ok: 200,
      run: (s, token) =>
        t.request("PUT", `/workspaces/${s.workspaceId}/members/${s.roles.viewer.id}`, { token }),
    },
    {
      name: "remove a member",
      write: true,
      ok: 200,
      run: (s, token) =>
        t.request("DELETE", `/workspaces/${s.workspaceId}/members/${s.o.id}`, { token }),
    },
    {
      name: "delete",
      write: true,
      ok: 204,
      run: (s, token) => t.request("DELETE", `/workspaces/${s.workspaceId}`, { token }),
    },
  ];
  for (const action of actions) {
    for (const role of ["owner", "admin", "member", "viewer"] as const) {
      const expected = action.write && role === "viewer" ? 403 : action.ok;
      it(`${role}: ${action.name} → ${expected}`, async () => {
        const setup = await organizationWithRoles();
        const response = await action.run(setup, setup.roles[role].token);
        expect(response.status, response.text).toBe(expected);
      });
    }
  }

  it("refuses a user without a current organization", async () => {
    const loner = await t.createUser({ withOrganization: false });
    const token = await createSession(t.db, loner.user.id);
    expect((await t.request("GET", "/workspaces", { token })).status).toBe(403);
    expect((await create(token, { name: "X", color: "sky" })).status).toBe(403);
  });
});

describe("isolation between organizations", () => {
  it("answers 404 for another organization's workspace, and lists only one's own", async () => {
    const { workspaceId, o } = await organizationWithRoles();
    const stranger = await owner();
    const mine = await create(stranger.token, { name: "Mine", color: "amber" });
    const calls = [
      t.request("GET", `/workspaces/${workspaceId}`, { token: stranger.token }),
      t.request("PATCH", `/workspaces/${workspaceId}`, {
        token: stranger.token,
        json: { name: "Stolen" },
      }),
      t.request("DELETE", `/workspaces/${workspaceId}`, { token: stranger.token }),
      t.request("PUT", `/workspaces/${workspaceId}/members/${stranger.id}`, {
        token: stranger.token,
      }),
      t.request("DELETE", `/workspaces/${workspaceId}/members/${o.id}`, { token: stranger.token }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
    const list = await t.request("GET", "/workspaces", { token: stranger.token });
    expect(list.body.items.map((w: { id: string }) => w.id)).toEqual([mine.body.id]);
    const still = await t.request("GET", `/workspaces/${workspaceId}`, { token: o.token });
    expect(still.body).toMatchObject({ name: "Launch", memberCount: 1 });
  });

  it("follows the switch of the current organization", async () => {
    const { workspaceId, o } = await organizationWithRoles();
    const second = await t.request("POST", "/organizations", {
      token: o.token,
      json: { name: "Second" },
    });
    expect((await t.request("GET", `/workspaces/${workspaceId}`, { token: o.token })).status).toBe(
      404,
    );
    expect((await t.request("GET", "/workspaces", { token: o.token })).body.total).toBe(0);
    await t.request("PUT", "/user/current-organization", {
      token: o.token,
      json: { organizationId: o.organizationId },
    });
    expect((await t.request("GET", `/workspaces/${workspaceId}`, { token: o.token })).status).toBe(
      200,
    );
    expect(second.status).toBe(201);
  });

  it("adds only members of the organization", async () => {
    const { workspaceId, o } = await organizationWithRoles();
    const outsider = await owner();
    const response = await t.request("PUT", `/workspaces/${workspaceId}/members/${outsider.id}`, {
      token: o.token,
    });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("NOT_A_MEMBER");
  });
});

describe("workspaces", () => {
  it("creates with its creator as first member, and changes name, description and colour", async () => {
    const o = await owner();
    const created = await create(o.token, {
      name: "  Brand refresh ",
      description: "Logos and colours",
      color: "violet",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Brand refresh",
      description: "Logos and colours",
      color: "violet",
      memberCount: 1,
      members: [{ userId: o.id, role: "owner" }],
    });
    const updated = await t.request("PATCH", `/workspaces/${created.body.id}`, {
      token: o.token,
      json: { description: "", color: "sky" },
    });
    expect(updated.body).toMatchObject({ name: "Brand refresh", description: "", color: "sky" });
  });

  it.each([
    [{ color: "teal" }, "name", "REQUIRED"],
    [{ name: " ", color: "teal" }, "name", "REQUIRED"],
    [{ name: "x".repeat(101), color: "teal" }, "name", "TOO_LONG"],
    [{ name: "Ok", color: "black" }, "color", "INVALID_VALUE"],
    [{ name: "Ok" }, "color", "REQUIRED"],
    [{ name: "Ok", color: "teal", description: "d".repeat(501) }, "description", "TOO_LONG"],
  ])("refuses %j", async (json, field, code) => {
    const o = await owner();
    const response = await create(o.token, json);
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.error.fields)).toContain(field);
    expect(response.body.error.fieldCodes).toEqual({ [field]: code });
    expect((await t.request("GET", "/workspaces", { token: o.token })).body.total).toBe(0);
  });

  it("lists by name with search and pages", async () => {
    const o = await owner();
    for (const name of ["Zeta", "alpha", "Beta 100%"])
      await create(o.token, { name, color: "teal" });
    await create(o.token, { name: "Gamma", color: "teal", description: "for the beta launch" });
    const all = await t.request("GET", "/workspaces", { token: o.token });
    expect(all.body.items.map((w: { name: string }) => w.name)).toEqual([
      "alpha",
      "Beta 100%",
      "Gamma",
      "Zeta",
    ]);
    const page = await t.request("GET", "/workspaces?page=2&pageSize=3", { token: o.token });
    expect(page.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page.body.items.map((w: { name: string }) => w.name)).toEqual(["Zeta"]);
    const found = await t.request("GET", "/workspaces?search=beta", { token: o.token });
    expect(found.body.items.map((w: { name: string }) => w.name)).toEqual(["Beta 100%", "Gamma"]);
    const literal = await t.request("GET", "/workspaces?search=100%25", { token: o.token });
    expect(literal.body.items.map((w: { name: string }) => w.name)).toEqual(["Beta 100%"]);
    expect((await t.request("GET", "/workspaces?pageSize=0", { token: o.token })).status).toBe(422);
  });

  it("takes a member who leaves the organization out of its workspaces", async () => {
    const { workspaceId, o, roles } = await organizationWithRoles();
    await t.request("PUT", `/workspaces/${workspaceId}/members/${roles.member.id}`, {
      token: o.token,
    });
    expect(
      (await t.request("GET", `/workspaces/${workspaceId}`, { token: o.token })).body.memberCount,
    ).toBe(2);
    await t.request("DELETE", `/organizations/${o.organizationId}/members/${roles.member.id}`, {
      token: roles.member.token,
    });
    const after = await t.request("GET", `/workspaces/${workspaceId}`, { token: o.token });
    expect(after.body.members.map((m: { userId: string }) => m.userId)).toEqual([o.id]);
  });

  it("tells the organization's members of changes", async () => {
    const server = await listen(t.api);
    try {
      const { o, roles } = await organizationWithRoles();
      const client = await rawClient(server.socketUrl);
      client.frame("CONNECT", {
        "accept-version": "1.2",
        Authorization: `Bearer ${roles.viewer.token}`,
      });
      await client.next("CONNECTED");
      client.frame("SUBSCRIBE", {
        id: "0",
        destination: `/topic/organizations.${o.organizationId}`,
        receipt: "r",
      });
      await client.next("RECEIPT");
      const created = await create(o.token, { name: "Live", color: "orange" });
      expect(JSON.parse((await client.next("MESSAGE")).body)).toMatchObject({
        type: "workspace.created",
        id: created.body.id,
        organizationId: o.organizationId,
        actor: o.id,
      });
      client.close();
    } finally {
      await server.close();
    }
  });
});
