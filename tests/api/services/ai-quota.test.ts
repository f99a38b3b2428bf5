import { and, eq, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkAiQuota, monthOf, reservationLifetimeMs, runAiCall } from "../../../api/ai/ai-usage";
import type { ResolvedModel } from "../../../api/ai/registry";
import { aiQuotaReservations, aiUsage, aiUsageMonths } from "../../../api/db/schema";
import { QuotaExceededError } from "../../../api/errors";
import { createTestApi, ownerWithSession, type TestApi } from "../helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const now = new Date();
const month = monthOf(now).start.toISOString().slice(0, 10);

async function organizationThatUsed(units: number) {
  const { organizationId } = await ownerWithSession(t);
  if (units > 0) {
    await t.db
      .insert(aiUsageMonths)
      .values({ organizationId, capability: "chat", month, units, calls: 1 });
  }
  return { db: t.db, quotas: { chat: 100 }, organizationId };
}

const outcome = (check: Promise<void>) =>
  check.then(
    () => "allowed",
    (error: unknown) => (error instanceof QuotaExceededError ? "refused" : Promise.reject(error)),
  );

describe("checkAiQuota", () => {
  it("shares one read of the month's use among the checks that come while it is under way", async () => {
    const context = await organizationThatUsed(10);
    const select = vi.spyOn(t.db, "select");
    try {
      await checkAiQuota(context, "chat", now);
      const oneCheck = select.mock.calls.length;
      expect(oneCheck).toBeGreaterThan(0);
      select.mockClear();

      const checks = Array.from({ length: 20 }, () => outcome(checkAiQuota(context, "chat", now)));

      expect(await Promise.all(checks)).toEqual(Array(20).fill("allowed"));
      expect(select.mock.calls.length).toBe(oneCheck);
    } finally {
      select.mockRestore();
    }
  });

  it("reads again once a read is done: a quota used up meanwhile refuses the next call", async () => {
    const context = await organizationThatUsed(0);
    expect(await outcome(checkAiQuota(context, "chat", now))).toBe("allowed");

    await t.db.insert(aiUsageMonths).values({
      organizationId: context.organizationId,
      capability: "chat",
      month,
      units: 100,
      calls: 1,
    });

    expect(await outcome(checkAiQuota(context, "chat", now))).toBe("refused");
  });

  it("keeps each organization's and capability's reads apart", async () => {
    const over = await organizationThatUsed(100);
    const under = await organizationThatUsed(99);

    const checks = await Promise.all([
      outcome(checkAiQuota(over, "chat", now)),
      outcome(checkAiQuota(under, "chat", now)),
      outcome(checkAiQuota({ ...over, quotas: { chat: 100, image: 5 } }, "image", now)),
      outcome(checkAiQuota(over, "chat", now)),
    ]);

    expect(checks).toEqual(["refused", "allowed", "allowed", "refused"]);
  });
});

/** A model of the deployment's that the calls below never reach: they are the fake provider. */
const deploymentImages = {
  capability: "image",
  source: "environment",
  provider: "openai-compatible",
  modelId: "fake-image",
  model: {},
} as unknown as ResolvedModel<"image">;

/** A provider's answer after a pause, so that calls started together are all under way at once. */
const slowly = <T>(value: T, units: number) =>
  new Promise<{ value: T; usage: { units: number } }>((resolve) =>
    setTimeout(() => resolve({ value, usage: { units } }), 50),
  );

async function monthOfImages(organizationId: string, of = month) {
  const [row] = await t.db
    .select()
    .from(aiUsageMonths)
    .where(
      and(
        eq(aiUsageMonths.organizationId, organizationId),
        eq(aiUsageMonths.capability, "image"),
        eq(aiUsageMonths.month, of),
      ),
    );
  return row;
}

describe("runAiCall's reservations", () => {
  it("holds a limit of 15 against eight calls at once: they overshoot by one reservation at most", async () => {
    const { organizationId } = await ownerWithSession(t);
    const context = {
      db: t.db,
      quotas: { image: 15 },
      organizationId,
      userId: null,
      purpose: "test",
    };
    const calls = Array.from({ length: 8 }, () =>
      outcome(runAiCall(context, deploymentImages, () => slowly(undefined, 4), { estimate: 4 })),
    );

    const outcomes = await Promise.all(calls);

    expect(outcomes.filter((each) => each === "allowed")).toHaveLength(3);
    const row = await monthOfImages(organizationId);
    expect(row?.units).toBeLessThanOrEqual(15 + 4);
    expect(row).toMatchObject({ units: 12, reserved: 0, calls: 3 });
    expect(await t.db.select().from(aiQuotaReservations)).not.toContainEqual(
      expect.objectContaining({ organizationId }),
    );
  });

  it("reserves for the calls that come while a reservation is under way in one statement", async () => {
    const { organizationId } = await ownerWithSession(t);
    const context = {
      db: t.db,
      quotas: { image: 1_000 },
      organizationId,
      userId: null,
      purpose: "test",
    };
    await runAiCall(context, deploymentImages, () => slowly(undefined, 1), { estimate: 1 });
    const execute = vi.spyOn(t.db, "execute");
    try {
      const calls = Array.from({ length: 20 }, () =>
        outcome(runAiCall(context, deploymentImages, () => slowly(undefined, 1), { estimate: 1 })),
      );

      expect(await Promise.all(calls)).toEqual(Array(20).fill("allowed"));
      const dialect = new PgDialect();
      const holds = execute.mock.calls.filter(([query]) =>
        dialect.sqlToQuery(query as SQL).sql.includes("jsonb_to_recordset"),
      );
      // The first call's, then the nineteen that came meanwhile, together.
      expect(holds).toHaveLength(2);
    } finally {
      execute.mockRestore();
    }
    expect(await monthOfImages(organizationId)).toMatchObject({
      units: 21,
      reserved: 0,
      calls: 21,
    });
  });

  it("settles to what the call used, and gives the reservation back when it fails", async () => {
    const { organizationId } = await ownerWithSession(t);
    const context = {
      db: t.db,
      quotas: { image: 10 },
      organizationId,
      userId: null,
      purpose: "test",
    };
    // Reserved 8, used 2: the rest is free for the next call at once.
    await runAiCall(context, deploymentImages, () => slowly(undefined, 2), { estimate: 8 });
    expect(await monthOfImages(organizationId)).toMatchObject({ units: 2, reserved: 0 });
    expect(
      await outcome(
        runAiCall(context, deploymentImages, () => slowly(undefined, 8), { estimate: 8 }),
      ),
    ).toBe("allowed");
    expect(await monthOfImages(organizationId)).toMatchObject({ units: 10, reserved: 0 });

    const lifted = { ...context, quotas: { image: 20 } };
    const failing = runAiCall(
      lifted,
      deploymentImages,
      async (spent) => {
        spent({ units: 3 });
        throw new Error("The provider went away");
      },
      { estimate: 5 },
    );
    await expect(failing).rejects.toThrow("The provider went away");
    expect(await monthOfImages(organizationId)).toMatchObject({
      units: 13,
      reserved: 0,
      failures: 1,
    });
    const [failed] = await t.db
      .select()
      .from(aiUsage)
      .where(and(eq(aiUsage.organizationId, organizationId), eq(aiUsage.units, 3)));
    expect(failed?.outcome).not.toBe("ok");
  });

  it("frees the reservation of a call that never settled once it has expired", async () => {
    const { organizationId } = await ownerWithSession(t);
    const context = {
      db: t.db,
      quotas: { image: 10 },
      organizationId,
      userId: null,
      purpose: "test",
    };
    // A process stopped in mid-May while its call held 10 of the 10 images.
    const stopped = new Date("2026-05-15T12:00:00Z");
    const may = "2026-05-01";
    await t.db
      .insert(aiUsageMonths)
      .values({ organizationId, capability: "image", month: may, units: 0, reserved: 10 });
    await t.db.insert(aiQuotaReservations).values({
      organizationId,
      capability: "image",
      month: may,
      units: 10,
      expiresAt: new Date(stopped.getTime() + reservationLifetimeMs),
    });
    const call = (at: Date) =>
      outcome(
        runAiCall({ ...context, now: () => at }, deploymentImages, () => slowly(undefined, 1), {
          estimate: 1,
        }),
      );

    expect(await call(new Date(stopped.getTime() + 1_000))).toBe("refused");
    expect(await call(new Date(stopped.getTime() + reservationLifetimeMs + 1_000))).toBe("allowed");
    expect(await monthOfImages(organizationId, may)).toMatchObject({ units: 1, reserved: 0 });
  });
});
