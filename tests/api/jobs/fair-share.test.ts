import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, memberships } from "../../../api/db/schema";
import { deferSeconds } from "../../../api/jobs/fair-share";
import { cancelJob, enqueueJob } from "../../../api/media/jobs";
import type { OrganizationActor } from "../../../api/organizations/permissions";
import { createTestApi, ownerActor, ownerWithSession, type TestApi } from "../helpers";
import { controlledKind, eventually } from "./controlled-kind";

const actorOf = (owner: { id: string; organizationId: string }) =>
  ownerActor(owner) as OrganizationActor;

/** Video work as the product runs it: four places on this instance, two per organization. */
const video = controlledKind("test.video", { capability: "video" });

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi({
    jobs: { kinds: [video.kind], perOrganization: 2, perCapability: { video: 4 } },
  });
});

afterAll(async () => {
  await t.close();
});

const runningOf = async (userId: string) =>
  (
    await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(eq(jobs.userId, userId), eq(jobs.kind, video.kind.kind), eq(jobs.status, "running")),
      )
  ).length;

describe("the video places", () => {
  it("are not all held by one person with two organizations while another organization waits", async () => {
    const busy = await ownerWithSession(t);
    const second = await ownerWithSession(t);
    // The busy person owns a second organization too.
    await t.db
      .insert(memberships)
      .values({ organizationId: second.organizationId, userId: busy.id, role: "owner" });
    const inFirst = actorOf(busy);
    const inSecond = actorOf({ id: busy.id, organizationId: second.organizationId });
    for (const label of ["a1", "a2"])
      await enqueueJob(t.db, t.jobs, inFirst, video.kind, { label });
    for (const label of ["b1", "b2"])
      await enqueueJob(t.db, t.jobs, inSecond, video.kind, { label });
    await eventually(() => video.state.starts.length >= 2, 10_000, "the busy person's jobs");
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Two of their four run; the others wait for their own share, not for a free place.
    expect(video.state.starts).toHaveLength(2);
    expect(await runningOf(busy.id)).toBe(2);

    const other = await ownerWithSession(t);
    await enqueueJob(t.db, t.jobs, actorOf(other), video.kind, { label: "other" });
    await eventually(() => video.isWaiting("other"), 5_000, "the other organization's job");
    expect(await runningOf(busy.id)).toBe(2);

    // As the busy person's jobs end, their others run, two at a time; none was lost.
    const mine = ["a1", "a2", "b1", "b2"];
    const done = new Set<string>();
    while (done.size < mine.length) {
      for (const label of mine) if (!done.has(label) && video.finish(label)) done.add(label);
      expect(await runningOf(busy.id)).toBeLessThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    video.finish("other");
    const records = await t.db.select().from(jobs).where(eq(jobs.userId, busy.id));
    await eventually(
      async () =>
        (await t.db.select().from(jobs).where(eq(jobs.userId, busy.id))).every(
          (job) => job.status === "succeeded",
        ),
      10_000,
      "every job to succeed",
    );
    expect(records).toHaveLength(4);
    // Waiting for one's share spends no try.
    const settled = await t.db.select().from(jobs).where(eq(jobs.userId, busy.id));
    expect(settled.map((job) => job.attempts)).toEqual([1, 1, 1, 1]);
  }, 60_000);

  it("hold back a job for its author's share, which can still be cancelled and then never runs", async () => {
    const busy = await ownerWithSession(t);
    const second = await ownerWithSession(t);
    await t.db
      .insert(memberships)
      .values({ organizationId: second.organizationId, userId: busy.id, role: "owner" });
    const inSecond = actorOf({ id: busy.id, organizationId: second.organizationId });
    for (const label of ["c1", "c2"]) {
      await enqueueJob(t.db, t.jobs, actorOf(busy), video.kind, { label });
    }
    await eventually(() => video.isWaiting("c1") && video.isWaiting("c2"), 10_000, "c1 and c2");
    const held = await enqueueJob(t.db, t.jobs, inSecond, video.kind, { label: "d1" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(video.state.starts).not.toContain("d1");

    await cancelJob(t.db, t.jobs, inSecond, held.id);
    video.finish("c1");
    video.finish("c2");
    // Past the pause after which a held-back job is looked at again.
    await new Promise((resolve) => setTimeout(resolve, (deferSeconds + 2) * 1000));
    expect(video.state.starts).not.toContain("d1");
    const [record] = await t.db.select().from(jobs).where(eq(jobs.id, held.id));
    expect(record).toMatchObject({ status: "cancelled", attempts: 0 });
  }, 30_000);
});
