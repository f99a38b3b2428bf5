import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, documents, invitations, threads } from "../../../api/db/schema";
import { createSession, hashSessionToken } from "../../../api/identity/sessions";
import { createOrganization } from "../../../api/organizations/organizations";
import { createTestApi, ownerWithSession, type TestApi, uniqueEmail } from "../helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ maxOrganizationsPerUser: 4 });
});
afterAll(() => t.close());

describe("GET /organizations", () => {
  it("pages the user's organizations, the current one first, then by name", async () => {
    const owner = await ownerWithSession(t, { firstName: "Paged" });
    for (const name of ["Zeta", "alpha", "Mid"]) {
      await createOrganization(t.db, { name, ownerId: owner.id });
    }
    const first = await t.request("GET", "/organizations?pageSize=2", { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    // "Test Organization" is current: first, whatever its name.
    expect(first.body.items.map((o: { name: string }) => o.name)).toEqual([
      "Test Organization",
      "alpha",
    ]);
    expect(first.body.items[0].current).toBe(true);
    const second = await t.request("GET", "/organizations?pageSize=2&page=2", {
      token: owner.token,
    });
    expect(second.body.items.map((o: { name: string }) => o.name)).toEqual(["Mid", "Zeta"]);
    const past = await t.request("GET", "/organizations?pageSize=2&page=3", { token: owner.token });
    expect(past.body).toMatchObject({ items: [], total: 4 });
  });

  it("searches names in any case, with % and _ taken as themselves", async () => {
    const owner = await ownerWithSession(t);
    await createOrganization(t.db, { name: "Studio 100%", ownerId: owner.id });
    await createOrganization(t.db, { name: "Studio 1000", ownerId: owner.id });
    const found = await t.request("GET", `/organizations?search=${encodeURIComponent("O 100%")}`, {
      token: owner.token,
    });
    expect(found.body).toMatchObject({ total: 1, items: [{ name: "Studio 100%" }] });
  });

  it.each([
    ["page=0", "page"],
    ["pageSize=101", "pageSize"],
    ["pageSize=ten", "pageSize"],
    [`search=${"x".repeat(101)}`, "search"],
  ])("refuses %s with 422", async (query, field) => {
    const owner = await ownerWithSession(t);
    const response = await t.request("GET", `/organizations?${query}`, { token: owner.token });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toHaveProperty(field);
  });
});

describe("how many organizations an account may belong to", () => {
  it("refuses a new organization past the limit", async () => {
    const owner = await ownerWithSession(t);
    for (const name of ["Two", "Three", "Four"]) {
      const created = await t.request("POST", "/organizations", {
        token: owner.token,
        json: { name },
      });
      expect(created.status).toBe(201);
    }
    const refused = await t.request("POST", "/organizations", {
      token: owner.token,
      json: { name: "Five" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("ORGANIZATION_LIMIT_REACHED");
    const list = await t.request("GET", "/organizations", { token: owner.token });
    expect(list.body.total).toBe(4);
  });

  it("counts two creations at once against the limit only once each", async () => {
    const owner = await ownerWithSession(t);
    await createOrganization(t.db, { name: "Two", ownerId: owner.id });
    await createOrganization(t.db, { name: "Three", ownerId: owner.id });
    const attempts = await Promise.all(
      ["A", "B", "C"].map((name) =>
        t.request("POST", "/organizations", { token: owner.token, json: { name } }),
      ),
    );
    expect(attempts.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    expect((await t.request("GET", "/organizations", { token: owner.token })).body.total).toBe(4);
  });

  it("refuses an invitation that would take the account past the limit", async () => {
    const inviter = await ownerWithSession(t);
    const invitee = await ownerWithSession(t);
    for (const name of ["Two", "Three", "Four"]) {
      await createOrganization(t.db, { name, ownerId: invitee.id });
    }
    const token = randomBytes(32).toString("base64url");
    await t.db.insert(invitations).values({
      organizationId: inviter.organizationId,
      email: invitee.email,
      role: "member",
      tokenHash: hashSessionToken(token),
      invitedBy: inviter.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const accepted = await t.request("POST", "/invitations/accept", {
      token: invitee.token,
      json: { token },
    });
    expect(accepted.status).toBe(409);
    expect(accepted.body.error.code).toBe("ORGANIZATION_LIMIT_REACHED");
    // The invitation stays open for when there is room.
    const shown = await t.request("GET", `/invitations?token=${token}`, { token: invitee.token });
    expect(shown.body.status).toBe("pending");
  });
});

describe("GET /user/sessions", () => {
  it("pages the sessions, the one asking first", async () => {
    const owner = await ownerWithSession(t);
    for (let i = 0; i < 4; i++) await createSession(t.db, owner.id);
    const first = await t.request("GET", "/user/sessions?pageSize=2", { token: owner.token });
    expect(first.body).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.body.items[0].current).toBe(true);
    const rest = await t.request("GET", "/user/sessions?pageSize=2&page=3", { token: owner.token });
    expect(rest.body.items).toHaveLength(1);
    expect(rest.body.items[0].current).toBe(false);
  });
});

describe("GET /organizations/{id}/invitations", () => {
  it("pages the open invitations, newest first, and searches addresses", async () => {
    const owner = await ownerWithSession(t);
    const sent = Date.now();
    const addresses = [uniqueEmail(), uniqueEmail(), `findme-${uniqueEmail()}`];
    for (const [index, email] of addresses.entries()) {
      await t.db.insert(invitations).values({
        organizationId: owner.organizationId,
        email,
        role: "member",
        tokenHash: randomBytes(32).toString("hex"),
        invitedBy: owner.id,
        sentAt: new Date(sent + index * 1000),
        expiresAt: new Date(sent + 86_400_000),
      });
    }
    const path = `/organizations/${owner.organizationId}/invitations`;
    const first = await t.request("GET", `${path}?pageSize=2`, { token: owner.token });
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.body.items.map((i: { email: string }) => i.email)).toEqual([
      addresses[2],
      addresses[1],
    ]);
    const found = await t.request("GET", `${path}?search=FINDME`, { token: owner.token });
    expect(found.body).toMatchObject({ total: 1, items: [{ email: addresses[2] }] });
  });
});

describe("lists of what an organization keeps in any number", () => {
  it("count to 1,000, or to the end of the page asked for, and say when there are more", async () => {
    const owner = await ownerWithSession(t);
    const organizationId = owner.organizationId as string;
    const rows = (count: number, status: "lead" | "active") =>
      Array.from({ length: count }, (_, index) => ({
        organizationId,
        name: `${status} ${String(index).padStart(4, "0")}`,
        status,
      }));
    await t.db.insert(clients).values([...rows(1_002, "lead"), ...rows(3, "active")]);
    await t.db.insert(documents).values(
      Array.from({ length: 1_001 }, (_, index) => ({
        organizationId,
        title: `Note ${index}`,
        content: "",
        text: "",
      })),
    );
    const get = async (path: string) => {
      const response = await t.request("GET", path, { token: owner.token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    };

    expect(await get("/clients")).toMatchObject({ total: 1_000, totalCapped: true, page: 1 });
    // The page past the first thousand counts to its own end, and finds the last rows.
    const last = await get("/clients?page=51&pageSize=20");
    expect(last).toMatchObject({ total: 1_005, totalCapped: false });
    expect(last.items).toHaveLength(5);
    // Under the limit, the count is exact.
    expect(await get("/clients?status=active")).toMatchObject({ total: 3, totalCapped: false });
    expect(await get("/documents")).toMatchObject({ total: 1_000, totalCapped: true });
    expect(await get("/documents?q=nothing")).toMatchObject({ total: 0, totalCapped: false });
    // A search counts every match.
    expect(await get("/documents?q=note")).toMatchObject({ total: 1_001, totalCapped: false });
    expect(await get("/projects")).toMatchObject({ total: 0, totalCapped: false });

    // A member's threads: the sidebar counts the same way.
    await t.db.insert(threads).values(
      Array.from({ length: 1_001 }, (_, index) => ({
        organizationId,
        authorId: owner.id,
        title: `Chat ${index}`,
      })),
    );
    expect(await get("/threads")).toMatchObject({ total: 1_000, totalCapped: true });
    expect(await get("/threads?archived=true")).toMatchObject({ total: 0, totalCapped: false });
    expect(await get("/threads?q=chat")).toMatchObject({ total: 1_001, totalCapped: false });
  });
});
