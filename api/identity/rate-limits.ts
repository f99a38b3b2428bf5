import { createHash, randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitCounters } from "../db/schema";
import { RateLimitedError } from "../errors";
import type { Actor } from "../organizations/permissions";

export type RateLimitRule = { limit: number; windowSeconds: number };

const minute = 60;
const hour = 60 * minute;

/**
 * Production defaults. "Address" rules count per client IP address, "account" and "recipient"
 * rules per login, email address or phone number, whether or not an account exists, so that the
 * answer reveals nothing about accounts.
 *
 * Sign-in and key checks count every attempt per address, and failures only per account: tightly
 * per account and address, so that one stranger's address cannot lock the owner out, and loosely
 * per account, so that guessing from many addresses stays capped (see `limitFailures`).
 */
export const defaultRateLimits = {
  loginPerAddress: { limit: 50, windowSeconds: 15 * minute },
  loginPerAccountAndAddress: { limit: 10, windowSeconds: 15 * minute },
  loginPerAccount: { limit: 50, windowSeconds: 15 * minute },
  registrationPerAddress: { limit: 10, windowSeconds: hour },
  registrationPerAccount: { limit: 5, windowSeconds: hour },
  keyRequestPerAddress: { limit: 20, windowSeconds: hour },
  keySendPerRecipient: { limit: 5, windowSeconds: hour },
  /** The pause between two keys sent to one recipient. */
  keySendInterval: { limit: 1, windowSeconds: minute },
  verificationPerAddress: { limit: 50, windowSeconds: 15 * minute },
  verificationPerAccountAndAddress: { limit: 5, windowSeconds: 15 * minute },
  verificationPerAccount: { limit: 20, windowSeconds: 15 * minute },
  emailExistsPerAddress: { limit: 30, windowSeconds: minute },
  passwordChangePerAccount: { limit: 10, windowSeconds: 15 * minute },
  /** Invitations sent and sent again: per inviting member, per organization, per address. */
  invitationPerInviter: { limit: 30, windowSeconds: hour },
  invitationPerOrganization: { limit: 100, windowSeconds: hour },
  invitationPerRecipient: { limit: 3, windowSeconds: hour },
  /**
   * AI work a member asks for, per user and organization (`consumeMemberRateLimit`): chat answers
   * (a message, a regeneration), generations (the creators' jobs, recipe runs), and tests of a
   * provider. The month's quota bounds what an organization spends; these bound how fast.
   */
  chatPerMember: { limit: 20, windowSeconds: minute },
  generationPerMember: { limit: 30, windowSeconds: 10 * minute },
  aiTestPerMember: { limit: 10, windowSeconds: minute },
  /** A visitor's lead form sent to a bot (docs/x-bot.md, "Leads"): per visitor, per address. */
  leadPerVisitor: { limit: 10, windowSeconds: hour },
  leadPerAddress: { limit: 30, windowSeconds: hour },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof defaultRateLimits;
export type RateLimits = Record<RateLimitName, RateLimitRule>;

/** `loginPerAddress` → `RATE_LIMIT_LOGIN_PER_ADDRESS`. */
export function rateLimitEnvName(name: RateLimitName): string {
  return `RATE_LIMIT_${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
}

/**
 * Overrides from the environment: `RATE_LIMIT_LOGIN_PER_ADDRESS=200` changes the limit,
 * `=200/60` the limit and the window in seconds. Anything else is a configuration error.
 */
export function rateLimitsFromEnv(env: Record<string, string | undefined>): Partial<RateLimits> {
  const overrides: Partial<RateLimits> = {};
  for (const name of Object.keys(defaultRateLimits) as RateLimitName[]) {
    const variable = rateLimitEnvName(name);
    const value = env[variable]?.trim();
    if (!value) continue;
    const match = /^(\d+)(?:\/(\d+))?$/.exec(value);
    const limit = Number(match?.[1]);
    const windowSeconds = Number(match?.[2] ?? defaultRateLimits[name].windowSeconds);
    if (!match || limit < 1 || windowSeconds < 1) {
      throw new Error(
        `${variable} must be "<limit>" or "<limit>/<window seconds>", got "${value}"`,
      );
    }
    overrides[name] = { limit, windowSeconds };
  }
  return overrides;
}

export function resolveRateLimits(overrides: Partial<RateLimits> = {}): RateLimits {
  return { ...defaultRateLimits, ...overrides };
}

function counterKey(name: RateLimitName, subject: string): string {
  const digest = createHash("sha256").update(subject).digest("base64url").slice(0, 32);
  return `${name}:${digest}`;
}

// Windows last an hour at most; counters a day old are dead and are swept now and then.
const sweepOneIn = 200;

/**
 * Counts one hit of `subject` against a rule and throws RateLimitedError (429 with Retry-After)
 * once the rule's limit is passed within its window. One statement, so concurrent requests on any
 * instance count exactly; the database clock is the only clock.
 */
export async function consumeRateLimit(
  db: Database,
  limits: RateLimits,
  name: RateLimitName,
  subject: string,
): Promise<void> {
  const { limit, windowSeconds } = limits[name];
  const windowEnded = sql`${rateLimitCounters.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds})`;
  const [counter] = await db
    .insert(rateLimitCounters)
    .values({ key: counterKey(name, subject), windowStartedAt: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${windowEnded} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowStartedAt: sql`case when ${windowEnded} then now() else ${rateLimitCounters.windowStartedAt} end`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      retryAfter: sql<number>`ceil(extract(epoch from ${rateLimitCounters.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now()))::int`,
    });
  if (randomInt(sweepOneIn) === 0) {
    await db
      .delete(rateLimitCounters)
      .where(sql`${rateLimitCounters.windowStartedAt} < now() - interval '1 day'`);
  }
  if (counter && counter.hits > limit) {
    throw new RateLimitedError(Math.max(1, Number(counter.retryAfter)));
  }
}

/**
 * Counts one request of a member (the actor in their current organization) against a member's
 * rule. An actor without an organization is not counted: the service refuses it before any work.
 */
export async function consumeMemberRateLimit(
  db: Database,
  limits: RateLimits,
  name: RateLimitName,
  actor: Pick<Actor, "userId" | "organizationId">,
): Promise<void> {
  if (actor.organizationId === null) return;
  await consumeRateLimit(db, limits, name, `${actor.organizationId}:${actor.userId}`);
}

/** Gives back one hit of `subject`, for an attempt that turned out not to count. */
export async function refundRateLimit(
  db: Database,
  name: RateLimitName,
  subject: string,
): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
    .where(eq(rateLimitCounters.key, counterKey(name, subject)));
}

export type CountedRule = readonly [name: RateLimitName, subject: string];

/**
 * Runs an attempt against rules that count its failures only. Each rule is counted before the
 * attempt, so that parallel attempts cannot pass a limit, and given back when the attempt
 * succeeds or a later rule refuses it. A rule already at its limit refuses (429) before the
 * attempt's own (slow) work is done.
 */
export async function limitFailures<T>(
  db: Database,
  limits: RateLimits,
  rules: readonly CountedRule[],
  attempt: () => Promise<T>,
): Promise<T> {
  const counted: CountedRule[] = [];
  const refund = () =>
    Promise.all(counted.map(([name, subject]) => refundRateLimit(db, name, subject)));
  try {
    for (const [name, subject] of rules) {
      await consumeRateLimit(db, limits, name, subject);
      counted.push([name, subject]);
    }
  } catch (error) {
    await refund();
    throw error;
  }
  const result = await attempt();
  await refund();
  return result;
}
