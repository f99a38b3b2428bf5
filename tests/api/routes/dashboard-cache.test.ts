import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardView } from "../../../api/dashboard/dashboard";
import { createDashboardCache, type DashboardKey } from "../../../api/dashboard/dashboard-cache";
import { dailyCounts } from "../../../api/db/schema";
import { publishEvent } from "../../../api/realtime/events";
import { createTestApi, ownerWithSession, type TestApi } from "../helpers";

// A member's dashboard is remembered for a few seconds (decision 029). These tests keep it for a
// minute, so that what shows at once shows because it was forgotten, not because the time ran out.
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({
    dashboardCacheMs: 60_000,
    ai: { offlineVoice: false, sentenceEncoder: false },
  });
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

type Metric = { metric: string; days: number[] };

/** Today's count of clients in a dashboard's response. */
const clientsOf = (body: { metrics: Metric[] }) =>
  body.metrics.find((item) => item.metric === "clients")?.days.at(-1);

async function clientsToday(organizationId: string, token: string) {
  const response = await t.request("GET", `/organizations/${organizationId}/dashboard`, { token });
  expect(response.status).toBe(200);
  return clientsOf(response.body);
}

/** Counts a client made behind the API's back, as nothing in the product does: no event. */
async function countQuietly(organizationId: string, count: number) {
  await t.db
    .insert(dailyCounts)
    .values({ organizationId, day: today(), metric: "clients", count })
    .onConflictDoUpdate({
      target: [dailyCounts.organizationId, dailyCounts.day, dailyCounts.metric],
      set: { count },
    });
}

/**
 * An owner whose organization's making has been told to every listener: a change's request
 * waits for the database's notifications to come back before it answers (decision 028), so
 * none of them arrives later to forget what a test wants remembered.
 */
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

describe("a remembered dashboard", () => {
  it("answers from memory until something tells the instance it changed", async () => {
    const owner = await settledOwner();
    expect(await clientsToday(owner.organizationId, owner.token)).toBe(0);

    await countQuietly(owner.organizationId, 5);
    // Nothing told this instance: the remembered dashboard still answers.
    expect(await clientsToday(owner.organizationId, owner.token)).toBe(0);

    // An event to the organization, as every change sends to the open pages, forgets it.
    await publishEvent(
      t.db,
      { organizationId: owner.organizationId },
      { type: "client.updated", id: "x", organizationId: owner.organizationId, actor: owner.id },
    );
    await expect.poll(() => clientsToday(owner.organizationId, owner.token)).toBe(5);
  });

  it("shows a change made through the API at once", async () => {
    const owner = await ownerWithSession(t);
    expect(await clientsToday(owner.organizationId, owner.token)).toBe(0);
    const created = await t.request("POST", "/clients", {
      token: owner.token,
      json: { name: "Nour Trading" },
    });
    expect(created.status, created.text).toBe(201);
    expect(await clientsToday(owner.organizationId, owner.token)).toBe(1);
  });

  it("keeps another organization's dashboard through an event that is not its own", async () => {
    const first = await settledOwner();
    const second = await settledOwner();
    expect(await clientsToday(second.organizationId, second.token)).toBe(0);
    await countQuietly(second.organizationId, 3);
    await publishEvent(
      t.db,
      { organizationId: first.organizationId },
      { type: "client.updated", id: "x", organizationId: first.organizationId, actor: first.id },
    );
    // The first organization's event has arrived once its dashboard shows what it now holds.
    await countQuietly(first.organizationId, 2);
    await publishEvent(
      t.db,
      { organizationId: first.organizationId },
      { type: "client.updated", id: "y", organizationId: first.organizationId, actor: first.id },
    );
    await expect.poll(() => clientsToday(first.organizationId, first.token)).toBe(2);
    expect(await clientsToday(second.organizationId, second.token)).toBe(0);
  });

  it("is read every time when the memory is off", async () => {
    const uncached = await createTestApi({
      dashboardCacheMs: 0,
      ai: { offlineVoice: false, sentenceEncoder: false },
    });
    try {
      const owner = await ownerWithSession(uncached);
      const read = async () => {
        const response = await uncached.request(
          "GET",
          `/organizations/${owner.organizationId}/dashboard`,
          { token: owner.token },
        );
        return clientsOf(response.body);
      };
      expect(await read()).toBe(0);
      await uncached.db.insert(dailyCounts).values({
        organizationId: owner.organizationId,
        day: today(),
        metric: "clients",
        count: 4,
      });
      expect(await read()).toBe(4);
    } finally {
      await uncached.close();
    }
  });
});

describe("the dashboards' memory", () => {
  const key = (overrides: Partial<DashboardKey> = {}): DashboardKey => ({
    organizationId: "org-1",
    userId: "user-1",
    permissions: "organization.read",
    range: 30,
    day: "2026-11-28",
    ...overrides,
  });
  const view = (range: number) => ({ range }) as unknown as DashboardView;

  it("shares one read between readers and keeps it for its time", async () => {
    let clock = 0;
    const cache = createDashboardCache({ ttlMs: 1_000, now: () => clock });
    let reads = 0;
    const load = async () => view(++reads);
    const [a, b] = await Promise.all([cache.read(key(), load), cache.read(key(), load)]);
    expect([a.range, b.range, reads]).toEqual([1, 1, 1]);
    clock = 999;
    expect((await cache.read(key(), load)).range).toBe(1);
    clock = 1_000;
    expect((await cache.read(key(), load)).range).toBe(2);
  });

  it("keeps apart what differs in organization, member, permissions, period or day", async () => {
    const cache = createDashboardCache({ ttlMs: 60_000 });
    let reads = 0;
    const load = async () => view(++reads);
    await cache.read(key(), load);
    for (const other of [
      { organizationId: "org-2" },
      { userId: "user-2" },
      { permissions: "organization.read ai.manage" },
      { range: 7 },
      { day: "2026-11-29" },
    ]) {
      await cache.read(key(other), load);
    }
    expect(reads).toBe(6);
    expect(cache.size).toBe(6);
  });

  it("forgets an organization's on its events, a member's on theirs, and nothing else", async () => {
    const cache = createDashboardCache({ ttlMs: 60_000 });
    const load = async () => view(30);
    await cache.read(key(), load);
    await cache.read(key({ organizationId: "org-2", userId: "user-2" }), load);
    await cache.read(key({ organizationId: "org-3", userId: "user-3" }), load);
    const event = { type: "x", id: "1", organizationId: "org-1", actor: "user-1", at: "" };
    cache.forget({ kind: "session-revoked", sessionId: "s" });
    expect(cache.size).toBe(3);
    cache.forget({ kind: "event", to: { organizationId: "org-1" }, event });
    expect(cache.size).toBe(2);
    cache.forget({ kind: "event", to: { userId: "user-2" }, event });
    expect(cache.size).toBe(1);
    cache.forget({ kind: "membership-ended", userId: "user-3", organizationId: "org-3" });
    expect(cache.size).toBe(0);
  });

  it("forgets a read under way, so that a reader after a change reads again", async () => {
    const cache = createDashboardCache({ ttlMs: 60_000 });
    let finish: (value: DashboardView) => void = () => {};
    const first = cache.read(key(), () => new Promise((resolve) => (finish = resolve)));
    cache.clear();
    let reads = 0;
    const second = cache.read(key(), async () => view(++reads + 100));
    finish(view(1));
    expect((await first).range).toBe(1);
    expect((await second).range).toBe(101);
  });

  it("keeps no failed read, and no more than its size", async () => {
    const cache = createDashboardCache({ ttlMs: 60_000, maxEntries: 2 });
    await expect(cache.read(key(), () => Promise.reject(new Error("down")))).rejects.toThrow();
    expect(cache.size).toBe(0);
    for (const range of [7, 30, 90]) await cache.read(key({ range }), async () => view(range));
    expect(cache.size).toBe(2);
    let reads = 0;
    await cache.read(key({ range: 7 }), async () => view(++reads));
    expect(reads).toBe(1);
  });
});
