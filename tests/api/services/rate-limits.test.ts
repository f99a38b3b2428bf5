import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../api/app";
import { rateLimitCounters } from "../../../api/db/schema";
import { RateLimitedError } from "../../../api/errors";
import {
  consumeRateLimit,
  defaultRateLimits,
  limitFailures,
  rateLimitEnvName,
  rateLimitsFromEnv,
  resolveRateLimits,
} from "../../../api/identity/rate-limits";
import { appDependencies, createTestApi, type TestApi } from "../helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const limits = resolveRateLimits({ loginPerAccount: { limit: 3, windowSeconds: 60 } });

async function outcome(subject: string) {
  try {
    await consumeRateLimit(t.db, limits, "loginPerAccount", subject);
    return "ok";
  } catch (error) {
    if (error instanceof RateLimitedError) return error.retryAfterSeconds;
    throw error;
  }
}

describe("consumeRateLimit", () => {
  it("allows the limit, then refuses with the seconds left in the window", async () => {
    const subject = crypto.randomUUID();
    expect([await outcome(subject), await outcome(subject), await outcome(subject)]).toEqual([
      "ok",
      "ok",
      "ok",
    ]);

    const refused = await outcome(subject);
    expect(refused).toBeGreaterThanOrEqual(59);
    expect(refused).toBeLessThanOrEqual(60);
    expect(await outcome(crypto.randomUUID())).toBe("ok");
  });

  it("starts a new window once the old one has passed", async () => {
    const subject = crypto.randomUUID();
    for (let i = 0; i < 4; i++) await outcome(subject);
    await t.db
      .update(rateLimitCounters)
      .set({ windowStartedAt: sql`now() - interval '61 seconds'` });

    expect(await outcome(subject)).toBe("ok");
  });

  it("counts concurrent hits exactly", async () => {
    const subject = crypto.randomUUID();

    const results = await Promise.all(Array.from({ length: 20 }, () => outcome(subject)));

    expect(results.filter((result) => result === "ok")).toHaveLength(3);
  });

  it("keeps no subject in the clear", async () => {
    const subject = `someone-${crypto.randomUUID()}@example.test`;
    await outcome(subject);

    const keys = (await t.db.select().from(rateLimitCounters)).map((row) => row.key);
    expect(keys.some((key) => key.includes(subject))).toBe(false);
    expect(keys.every((key) => /^loginPerAccount:[\w-]{32}$/.test(key))).toBe(true);
  });

  it("holds across instances: the counters live in the database", async () => {
    const email = `${crypto.randomUUID()}@example.test`;
    const instance = () => createApp({ db: t.db, production: true, ...appDependencies() });
    const [one, two] = [instance(), instance()];
    const attempt = (app: typeof one) =>
      app.request("/api/v1/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ value: email, password: "wrong password" }),
      });

    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(i % 2 ? one : two)).status);

    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses[10]).toBe(429);
  });
});

describe("limitFailures", () => {
  const rules = resolveRateLimits({
    loginPerAccountAndAddress: { limit: 2, windowSeconds: 60 },
    loginPerAccount: { limit: 3, windowSeconds: 60 },
  });
  const failing = () => Promise.reject(new Error("wrong"));
  const attempt = async (account: string, address: string, work: () => Promise<string>) => {
    try {
      return await limitFailures(
        t.db,
        rules,
        [
          ["loginPerAccountAndAddress", `${account} ${address}`],
          ["loginPerAccount", account],
        ],
        work,
      );
    } catch (error) {
      return error instanceof RateLimitedError ? "limited" : "failed";
    }
  };

  it("counts failures only: successes give their hits back", async () => {
    const account = crypto.randomUUID();
    const succeeding = async () => "ok";
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await attempt(account, "a", succeeding));
    outcomes.push(await attempt(account, "a", failing));
    outcomes.push(await attempt(account, "a", failing));
    outcomes.push(await attempt(account, "a", succeeding));

    expect(outcomes).toEqual([...Array(5).fill("ok"), "failed", "failed", "limited"]);
  });

  it("refuses before the work is done, and a refused attempt is no failure of the account", async () => {
    const account = crypto.randomUUID();
    let worked = 0;
    const counting = () => {
      worked++;
      return failing();
    };
    const outcomes = [
      await attempt(account, "a", counting),
      await attempt(account, "a", counting),
      await attempt(account, "a", counting),
      await attempt(account, "b", counting),
      await attempt(account, "c", counting),
    ];

    expect(outcomes).toEqual(["failed", "failed", "limited", "failed", "limited"]);
    expect(worked).toBe(3);
  });
});

describe("rate limit settings", () => {
  it("names each rule's variable after the rule", () => {
    expect(rateLimitEnvName("loginPerAddress")).toBe("RATE_LIMIT_LOGIN_PER_ADDRESS");
    expect(rateLimitEnvName("keySendInterval")).toBe("RATE_LIMIT_KEY_SEND_INTERVAL");
  });

  it("reads a limit, or a limit and a window", () => {
    expect(
      rateLimitsFromEnv({
        RATE_LIMIT_LOGIN_PER_ADDRESS: "500",
        RATE_LIMIT_KEY_SEND_INTERVAL: "3/10",
        UNRELATED: "1",
      }),
    ).toEqual({
      loginPerAddress: {
        limit: 500,
        windowSeconds: defaultRateLimits.loginPerAddress.windowSeconds,
      },
      keySendInterval: { limit: 3, windowSeconds: 10 },
    });
    expect(rateLimitsFromEnv({})).toEqual({});
  });

  it.each(["0", "-1", "ten", "5/0", "5/", "1.5"])("refuses %j", (value) => {
    expect(() => rateLimitsFromEnv({ RATE_LIMIT_LOGIN_PER_ADDRESS: value })).toThrow(
      /RATE_LIMIT_LOGIN_PER_ADDRESS/,
    );
  });

  it("keeps the defaults that are not overridden", () => {
    const resolved = resolveRateLimits({ loginPerAddress: { limit: 1, windowSeconds: 1 } });
    expect(resolved.loginPerAccount).toEqual(defaultRateLimits.loginPerAccount);
    expect(resolved.loginPerAddress).toEqual({ limit: 1, windowSeconds: 1 });
  });
});
