import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { aiUsageMonths } from "../../../api/db/schema";
import { QuotaExceededError } from "../../../api/errors";
import { checkAiQuota, monthOf } from "../../../api/services/ai-usage";
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
