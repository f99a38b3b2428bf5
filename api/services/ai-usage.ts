import { and, asc, count, eq, gte, lt, sql, sum } from "drizzle-orm";
import { type Capability, capabilities } from "../ai/capabilities";
import { type AiFailure, classifyAiError } from "../ai/errors";
import type { ResolvedModel } from "../ai/registry";
import type { Database } from "../db/client";
import { aiUsage, aiUsageMonths, organizationAiQuotas, organizations, users } from "../db/schema";
import { QuotaExceededError, validationFailed } from "../errors";
import { type Actor, requirePermission } from "./permissions";

/** What a capability's usage and quota are counted in. */
export const usageUnits: Record<Capability, "tokens" | "images" | "characters" | "seconds"> = {
  chat: "tokens",
  embedding: "tokens",
  image: "images",
  speech: "characters",
  transcription: "seconds",
  video: "seconds",
};

/** Monthly limits per capability from the environment (`AI_MONTHLY_LIMIT_<CAPABILITY>`). */
export type AiQuotaDefaults = Partial<Record<Capability, number>>;

/** `AI_MONTHLY_LIMIT_CHAT=2000000` and the like; a value that is not a whole number stops the start. */
export function aiQuotaDefaults(env: Record<string, string | undefined>): AiQuotaDefaults {
  const defaults: AiQuotaDefaults = {};
  for (const capability of capabilities) {
    const name = `AI_MONTHLY_LIMIT_${capability.toUpperCase()}`;
    const value = env[name]?.trim();
    if (!value) continue;
    if (!/^\d{1,12}$/.test(value)) {
      throw new Error(
        `${name} must be a whole number (${usageUnits[capability]} a month), got "${value}"`,
      );
    }
    defaults[capability] = Number(value);
  }
  return defaults;
}

/** The calendar month (UTC) that `now` falls in, as `[start, end)`. */
export function monthOf(now: Date): { start: Date; end: Date; label: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, label: start.toISOString().slice(0, 7) };
}

/** The month of a `YYYY-MM` label, or undefined when it is not one. */
export function parseMonth(label: string): { start: Date; end: Date; label: string } | undefined {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(label);
  if (!match) return undefined;
  return monthOf(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** A capability's limit: the organization's own (null: none at all), else the environment's. */
function limitFrom(
  ownLimits: { capability: Capability; monthlyLimit: number | null }[],
  defaults: AiQuotaDefaults,
  capability: Capability,
): Pick<CapabilityUsage, "limit" | "limitSource"> {
  const own = ownLimits.find((row) => row.capability === capability);
  if (own) return { limit: own.monthlyLimit, limitSource: "organization" };
  const fromEnvironment = defaults[capability];
  return fromEnvironment === undefined
    ? { limit: null, limitSource: null }
    : { limit: fromEnvironment, limitSource: "environment" };
}

/** The month's first day, as the counters key it. */
function monthKey(now: Date) {
  return monthOf(now).start.toISOString().slice(0, 10);
}

/**
 * A capability's limit for an organization and what it has used this month, in one query: the
 * organization's own limit if it set one (null: none at all), and the month's counter.
 */
async function quotaOf(
  db: Database,
  defaults: AiQuotaDefaults,
  organizationId: string,
  capability: Capability,
  now: Date,
): Promise<{ limit: number | null; used: number }> {
  const row = await quotaRow(db, organizationId, capability, monthKey(now));
  const limit = row?.hasOwn ? (row.own ?? null) : (defaults[capability] ?? null);
  return { limit, used: Number(row?.used ?? 0) };
}

/** The reads of quota rows under way, by database, then organization, capability and month. */
const quotaReads = new WeakMap<Database, Map<string, ReturnType<typeof readQuotaRow>>>();

/**
 * An organization's own limit and use of a capability in a month. Checks that come while the
 * same row is being read share that read, as if they had come with it: a hundred answers that an
 * x-bot starts at once read it once, not a hundred times one after the other.
 */
function quotaRow(db: Database, organizationId: string, capability: Capability, month: string) {
  let reads = quotaReads.get(db);
  if (!reads) {
    reads = new Map();
    quotaReads.set(db, reads);
  }
  const key = `${organizationId} ${capability} ${month}`;
  let read = reads.get(key);
  if (!read) {
    const own = readQuotaRow(db, organizationId, capability, month);
    reads.set(key, own);
    const forget = () => {
      if (reads.get(key) === own) reads.delete(key);
    };
    own.then(forget, forget);
    read = own;
  }
  return read;
}

async function readQuotaRow(
  db: Database,
  organizationId: string,
  capability: Capability,
  month: string,
) {
  const own = and(
    eq(organizationAiQuotas.organizationId, organizationId),
    eq(organizationAiQuotas.capability, capability),
  );
  const [row] = await db
    .select({
      hasOwn: sql<boolean>`exists(${db.select({ one: sql`1` }).from(organizationAiQuotas).where(own)})`,
      own: sql<
        number | null
      >`(${db.select({ limit: organizationAiQuotas.monthlyLimit }).from(organizationAiQuotas).where(own)})`,
      used: sql<string | null>`(${db
        .select({ units: aiUsageMonths.units })
        .from(aiUsageMonths)
        .where(
          and(
            eq(aiUsageMonths.organizationId, organizationId),
            eq(aiUsageMonths.capability, capability),
            eq(aiUsageMonths.month, month),
          ),
        )})`,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

/**
 * Throws 429 QUOTA_EXCEEDED when the organization has used this month's quota of a capability:
 * for a feature that must refuse before it writes anything (a thread's message), ahead of the
 * check runAiCall makes again.
 */
export async function checkAiQuota(
  context: Pick<AiCallContext, "db" | "quotas" | "organizationId">,
  capability: Capability,
  now = new Date(),
): Promise<void> {
  const { limit, used } = await quotaOf(
    context.db,
    context.quotas,
    context.organizationId,
    capability,
    now,
  );
  if (limit !== null && used >= limit) {
    const untilNextMonth = Math.ceil((monthOf(now).end.getTime() - now.getTime()) / 1000);
    throw new QuotaExceededError(capability, untilNextMonth);
  }
}

/** How much one call used, in the capability's unit, with the tokens where there are some. */
export type CallUsage = { units: number; inputTokens?: number; outputTokens?: number };

export type AiCallContext = {
  db: Database;
  quotas: AiQuotaDefaults;
  organizationId: string;
  userId: string | null;
  purpose: string;
  now?: () => Date;
};

/**
 * Runs one AI call for an organization: refuses it with 429 QUOTA_EXCEEDED when the month's
 * quota is used up, then records who called which model, how much it used, how long it took and
 * how it ended, whether it succeeded or not.
 */
export async function runAiCall<C extends Capability, T>(
  context: AiCallContext,
  resolved: ResolvedModel<C>,
  call: () => Promise<{ value: T; usage: CallUsage }>,
): Promise<T> {
  const now = context.now?.() ?? new Date();
  await checkAiQuota(context, resolved.capability, now);
  const started = performance.now();
  // The call and its month's counter in one statement: the counter never misses a call.
  const record = (outcome: string, usage: CallUsage) => {
    const units = Math.max(0, Math.round(usage.units));
    const failed = outcome === "ok" ? 0 : 1;
    return context.db.execute(sql`
      with call as (
        insert into ${aiUsage} (organization_id, user_id, capability, purpose, source, provider, model, units, input_tokens, output_tokens, latency_ms, outcome)
        values (${context.organizationId}, ${context.userId}, ${resolved.capability}, ${context.purpose}, ${resolved.source}, ${resolved.provider}, ${resolved.modelId}, ${units}, ${usage.inputTokens ?? null}, ${usage.outputTokens ?? null}, ${Math.round(performance.now() - started)}, ${outcome})
        returning organization_id
      )
      insert into ${aiUsageMonths} (organization_id, capability, month, units, calls, failures)
      select organization_id, ${resolved.capability}, ${monthKey(now)}, ${units}, 1, ${failed} from call
      on conflict (organization_id, capability, month) do update set
        units = ${aiUsageMonths}.units + excluded.units,
        calls = ${aiUsageMonths}.calls + 1,
        failures = ${aiUsageMonths}.failures + excluded.failures`);
  };
  try {
    const { value, usage } = await call();
    await record("ok", usage);
    return value;
  } catch (error) {
    const failure: AiFailure = classifyAiError(error);
    await record(failure.code, { units: 0 });
    throw error;
  }
}

export type CapabilityUsage = {
  capability: Capability;
  unit: (typeof usageUnits)[Capability];
  used: number;
  calls: number;
  failures: number;
  limit: number | null;
  limitSource: "organization" | "environment" | null;
};

export type MemberUsage = {
  userId: string;
  firstName: string;
  lastName: string;
  capability: Capability;
  used: number;
  calls: number;
};

/** A month's usage by capability (with its quota) and by member (ai.manage). */
export async function getAiUsage(
  db: Database,
  defaults: AiQuotaDefaults,
  actor: Actor,
  month: { start: Date; end: Date; label: string },
): Promise<{ month: string; capabilities: CapabilityUsage[]; members: MemberUsage[] }> {
  requirePermission(actor, "ai.manage");
  const { organizationId } = actor;
  const inMonth = and(
    eq(aiUsage.organizationId, organizationId),
    gte(aiUsage.createdAt, month.start),
    lt(aiUsage.createdAt, month.end),
  );
  const byCapability = await db
    .select({
      capability: aiUsageMonths.capability,
      used: aiUsageMonths.units,
      calls: aiUsageMonths.calls,
      failures: aiUsageMonths.failures,
    })
    .from(aiUsageMonths)
    .where(
      and(
        eq(aiUsageMonths.organizationId, organizationId),
        eq(aiUsageMonths.month, month.start.toISOString().slice(0, 10)),
      ),
    );
  const byMember = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      capability: aiUsage.capability,
      used: sum(aiUsage.units).mapWith(Number),
      calls: count(),
    })
    .from(aiUsage)
    .innerJoin(users, eq(users.id, aiUsage.userId))
    .where(inMonth)
    .groupBy(users.id, users.firstName, users.lastName, aiUsage.capability)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id), asc(aiUsage.capability));
  const ownLimits = await db
    .select({
      capability: organizationAiQuotas.capability,
      monthlyLimit: organizationAiQuotas.monthlyLimit,
    })
    .from(organizationAiQuotas)
    .where(eq(organizationAiQuotas.organizationId, organizationId));
  const counted = new Map(byCapability.map((row) => [row.capability, row]));
  const rows = capabilities.map((capability): CapabilityUsage => {
    const row = counted.get(capability);
    return {
      capability,
      unit: usageUnits[capability],
      used: row?.used ?? 0,
      calls: row?.calls ?? 0,
      failures: row?.failures ?? 0,
      ...limitFrom(ownLimits, defaults, capability),
    };
  });
  return { month: month.label, capabilities: rows, members: byMember };
}

/**
 * Sets the organization's monthly limit of a capability (the owner: ai.quotas); null lifts every
 * limit. Going back to the environment's is `clearAiQuota`.
 */
export async function setAiQuota(
  db: Database,
  actor: Actor,
  capability: Capability,
  monthlyLimit: number | null,
): Promise<void> {
  requirePermission(actor, "ai.quotas");
  if (monthlyLimit !== null && (!Number.isInteger(monthlyLimit) || monthlyLimit < 0)) {
    throw validationFailed({
      monthlyLimit: { code: "TOO_SMALL", message: "A whole number of at least 0, or null" },
    });
  }
  await db
    .insert(organizationAiQuotas)
    .values({ organizationId: actor.organizationId, capability, monthlyLimit })
    .onConflictDoUpdate({
      target: [organizationAiQuotas.organizationId, organizationAiQuotas.capability],
      set: { monthlyLimit, updatedAt: new Date() },
    });
}

/** Goes back to the environment's limit of a capability (the owner: ai.quotas). */
export async function clearAiQuota(db: Database, actor: Actor, capability: Capability) {
  requirePermission(actor, "ai.quotas");
  await db
    .delete(organizationAiQuotas)
    .where(
      and(
        eq(organizationAiQuotas.organizationId, actor.organizationId),
        eq(organizationAiQuotas.capability, capability),
      ),
    );
}
