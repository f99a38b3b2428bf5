import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "../../../api/db/schema";
import { createTestApi, memberWithSession, ownerWithSession, type TestApi } from "../helpers";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

afterAll(async () => {
  await t.close();
});

const create = (owner: { token: string }, json: Record<string, unknown>) =>
  t.request("POST", "/projects", { token: owner.token, json });

const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

describe("projects", () => {
  it("keep their client, dates, budget, members and tags", async () => {
    const owner = await ownerWithSession(t);
    const member = await memberWithSession(t, owner.organizationId, "member", {
      firstName: "Omar",
      lastName: "Saleh",
    });
    const client = await t.request("POST", "/clients", {
      token: owner.token,
      json: { name: "Al Noor" },
    });
    const response = await create(owner, {
      name: "Ramadan campaign",
      description: "Posters and a video.",
      status: "active",
      clientId: client.body.id,
      startDate: "2027-02-01",
      dueDate: "2027-03-15",
      budget: { amount: 12500.5, currency: "SAR" },
      tags: ["video", "print"],
      memberIds: [member.id, owner.id, member.id],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Ramadan campaign",
      status: "active",
      client: { id: client.body.id, name: "Al Noor" },
      startDate: "2027-02-01",
      dueDate: "2027-03-15",
      budget: { amount: 12500.5, currency: "SAR" },
      tags: ["video", "print"],
      version: 1,
    });
    expect(response.body.members.map((m: { name: string }) => m.name).sort()).toEqual(
      ["Omar Saleh", "Test User"].sort(),
    );
    // Kept in minor units, exactly.
    const [row] = await t.db.select().from(projects).where(eq(projects.id, response.body.id));
    expect(row?.budgetMinor).toBe(1_250_050);

    const kuwaiti = await create(owner, { name: "K", budget: { amount: 1.234, currency: "KWD" } });
    expect(kuwaiti.body.budget).toEqual({ amount: 1.234, currency: "KWD" });

    const byClient = await t.request("GET", `/projects?clientId=${client.body.id}`, {
      token: owner.token,
    });
    expect(names(byClient.body)).toEqual(["Ramadan campaign"]);
  });

  it.each([
    ["no name", {}, "name"],
    [
      "a due date before the start",
      { name: "A", startDate: "2027-03-01", dueDate: "2027-02-01" },
      "dueDate",
    ],
    ["a date that is not one", { name: "A", startDate: "2027-02-30" }, "startDate"],
    [
      "an unknown currency",
      { name: "A", budget: { amount: 5, currency: "XYZ" } },
      "budget.currency",
    ],
    ["a negative budget", { name: "A", budget: { amount: -1, currency: "SAR" } }, "budget.amount"],
    ["an unknown status", { name: "A", status: "paused" }, "status"],
  ])("refuse %s on its field, adding nothing", async (_, json, field) => {
    const owner = await ownerWithSession(t);
    const response = await create(owner, json);
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.error.fields)).toContain(field);
    expect((await t.request("GET", "/projects", { token: owner.token })).body.total).toBe(0);
  });

  it("refuse another organization's client and people from outside", async () => {
    const owner = await ownerWithSession(t);
    const stranger = await ownerWithSession(t);
    const theirClient = await t.request("POST", "/clients", {
      token: stranger.token,
      json: { name: "Theirs" },
    });
    const client = await create(owner, { name: "A", clientId: theirClient.body.id });
    expect(client.status).toBe(422);
    expect(client.body.error.code).toBe("UNKNOWN_CLIENT");
    const people = await create(owner, { name: "A", memberIds: [stranger.id] });
    expect(people.status).toBe(422);
    expect(people.body.error.code).toBe("NOT_A_MEMBER");
  });

  it("are filtered by status, found in Arabic, and changed on their version only", async () => {
    const owner = await ownerWithSession(t);
    await create(owner, { name: "حملة المدرسة", status: "planned" });
    const done = await create(owner, { name: "Old work", status: "done" });
    const planned = await t.request("GET", "/projects?status=planned,active", {
      token: owner.token,
    });
    expect(names(planned.body)).toEqual(["حملة المدرسة"]);
    const found = await t.request("GET", `/projects?q=${encodeURIComponent("مدرسه")}`, {
      token: owner.token,
    });
    expect(names(found.body)).toEqual(["حملة المدرسة"]);

    const path = `/projects/${done.body.id}`;
    const changed = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 1, status: "on_hold", budget: { amount: 100, currency: "USD" } },
    });
    expect(changed.body).toMatchObject({
      version: 2,
      status: "on_hold",
      budget: { amount: 100, currency: "USD" },
    });
    const stale = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 1, name: "X" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("STALE_VERSION");
    const backwards = await t.request("PATCH", path, {
      token: owner.token,
      json: { version: 2, startDate: "2027-05-01", dueDate: "2027-04-01" },
    });
    expect(backwards.status).toBe(422);
  });

  it("are deleted, restorable for 30 days, and kept to their organization and roles", async () => {
    const owner = await ownerWithSession(t);
    const viewer = await memberWithSession(t, owner.organizationId, "viewer");
    const stranger = await ownerWithSession(t);
    const project = await create(owner, { name: "Temporary" });
    const path = `/projects/${project.body.id}`;

    expect((await t.request("GET", path, { token: viewer.token })).status).toBe(200);
    expect((await create(viewer, { name: "No" })).status).toBe(403);
    expect((await t.request("GET", path, { token: stranger.token })).status).toBe(404);
    expect((await t.request("DELETE", path, { token: stranger.token })).status).toBe(404);

    expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(204);
    expect((await t.request("GET", "/projects", { token: owner.token })).body.total).toBe(0);
    expect(
      names((await t.request("GET", "/projects?deleted=true", { token: owner.token })).body),
    ).toEqual(["Temporary"]);
    const restored = await t.request("POST", `${path}/restore`, { token: owner.token });
    expect(restored.body.deletedAt).toBeNull();

    await t.request("DELETE", path, { token: owner.token });
    await t.db
      .update(projects)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(projects.id, project.body.id));
    expect((await t.request("POST", `${path}/restore`, { token: owner.token })).status).toBe(404);
  });

  it("lose their client when the client is gone for good, not before", async () => {
    const owner = await ownerWithSession(t);
    const client = await t.request("POST", "/clients", {
      token: owner.token,
      json: { name: "Short-lived" },
    });
    const project = await create(owner, { name: "P", clientId: client.body.id });
    await t.request("DELETE", `/clients/${client.body.id}`, { token: owner.token });
    const read = await t.request("GET", `/projects/${project.body.id}`, { token: owner.token });
    expect(read.body.client).toEqual({ id: client.body.id, name: "Short-lived" });
  });
});
