import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, organizations } from "../../../api/db/schema";
import {
  createOrganizationListCache,
  type OrganizationList,
} from "../../../api/organizations/organization-list-cache";
import { createTestApi, ownerWithSession, type TestApi } from "../helpers";

// A member's list of organizations is remembered for a few seconds (decision 029). These tests
// keep it for a minute, so that what shows at once shows because it was forgotten.
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ organizationListCacheMs: 60_000 });
});
afterAll(() => t.close());

type Listed = { id: string; name: string; memberCount: number };

async function listed(token: string, organizationId: string) {
  const response = await t.request("GET", "/organizations?pageSize=20", { token });
  expect(response.status).toBe(200);
  return (response.body.items as Listed[]).find((item) => item.id === organizationId);
}

/** An owner whose organization's making has been told to every listener (decision 028). */
async function settledOwner() {
  const owner = await ownerWithSession(t);
  const settled = await t.request(
    "PUT",
    `/organizations/${owner.organizationId}/dashboard/checklist`,
    { token: owner.token, json: { dismissed: false } },
  );
  expect(settled.status).toBe(204);
  return owner;
}

/** Renames the organization with its triggers off: nothing tells any instance. */
async function renameQuietly(organizationId: string, name: string) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(organizations).set({ name }).where(eq(organizations.id, organizationId));
  });
}

describe("a remembered list of organizations", () => {
  it("answers from memory until the organization's row tells every instance it changed", async () => {
    const owner = await settledOwner();
    const before = await listed(owner.token, owner.organizationId);
    expect(before).toBeDefined();

    await renameQuietly(owner.organizationId, "Quietly renamed");
    expect((await listed(owner.token, owner.organizationId))?.name).toBe(before?.name);

    // Whatever path changes the row, its trigger tells every instance.
    await t.db
      .update(organizations)
      .set({ name: "Renamed in SQL" })
      .where(eq(organizations.id, owner.organizationId));
    await expect
      .poll(async () => (await listed(owner.token, owner.organizationId))?.name)
      .toBe("Renamed in SQL");
  });

  it("counts a new member once the membership is written", async () => {
    const owner = await settledOwner();
    expect((await listed(owner.token, owner.organizationId))?.memberCount).toBe(1);
    const other = await t.createUser();
    await t.db
      .insert(memberships)
      .values({ organizationId: owner.organizationId, userId: other.user.id, role: "member" });
    await expect
      .poll(async () => (await listed(owner.token, owner.organizationId))?.memberCount)
      .toBe(2);
  });

  it("shows an organization made through the API at once", async () => {
    const owner = await settledOwner();
    await listed(owner.token, owner.organizationId);
    const created = await t.request("POST", "/organizations", {
      token: owner.token,
      json: { name: "Second house" },
    });
    expect(created.status, created.text).toBe(201);
    expect((await listed(owner.token, created.body.id))?.name).toBe("Second house");
  });
});

describe("the lists' memory", () => {
  const list = (...ids: string[]): OrganizationList => ({
    items: ids.map((id) => ({ id }) as OrganizationList["items"][number]),
    total: ids.length,
  });
  const query = { page: 1, pageSize: 20 };

  it("forgets a user's on their changes, and those that show a changed organization", async () => {
    const cache = createOrganizationListCache({ ttlMs: 60_000 });
    await cache.read("user-1", query, async () => list("org-1", "org-2"));
    await cache.read("user-2", query, async () => list("org-2"));
    await cache.read("user-3", query, async () => list("org-3"));
    cache.forget({ kind: "session-revoked", sessionId: "s" });
    cache.forget({
      kind: "event",
      to: { organizationId: "org-3" },
      event: { type: "x", id: "1", organizationId: "org-3", actor: "user-3", at: "" },
    });
    expect(cache.size).toBe(3);
    cache.forget({ kind: "organization-changed", organizationId: "org-2" });
    expect(cache.size).toBe(1);
    cache.forget({ kind: "user-changed", userId: "user-3" });
    expect(cache.size).toBe(0);
  });

  it("keeps a search or another page apart, and forgets a read under way with any change", async () => {
    const cache = createOrganizationListCache({ ttlMs: 60_000 });
    let reads = 0;
    const load = async () => {
      reads++;
      return list("org-1");
    };
    await cache.read("user-1", query, load);
    await cache.read("user-1", { ...query, search: "acme" }, load);
    await cache.read("user-1", { ...query, page: 2 }, load);
    await cache.read("user-1", query, load);
    expect(reads).toBe(3);

    const pending = cache.read("user-2", query, () => new Promise(() => {}));
    expect(pending).toBeInstanceOf(Promise);
    cache.forget({ kind: "organization-changed", organizationId: "org-9" });
    expect(cache.size).toBe(3);
  });
});
