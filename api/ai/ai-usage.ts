import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gte, lt, sql, sum } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  aiQuotaReservations,
  aiUsage,
  aiUsageMonths,
  organizationAiModels,
  organizationAiQuotas,
  organizations,
  users,
} from "../db/schema";
import { errorOnFields, QuotaExceededError, validationFailed } from "../errors";
import { type Actor, requirePermission } from "../organizations/permissions";
import { type Capability, capabilities } from "./capabilities";
import { type AiFailure, classifyAiError } from "./errors";
import type { ResolvedModel } from "./registry";

/** What a capability's usage and quota are counted in. */
export const usageUnits: Record<Capability, "tokens" | "images" | "characters" | "seconds"> = {
  chat: "tokens",
  embedding: "tokens",
  image: "images",
  speech: "characters",
  transcription: "seconds",
  video: "seconds",
  // The question's and the passages' tokens, as the services that rerank count them.
  rerank: "tokens",
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

/**
 * The limit a capability's calls meet. The operator's (`AI_MONTHLY_LIMIT_<CAPABILITY>`) holds
 * unless the organization set its own; on the deployment's models (the environment's, the
 * embedded ones) the operator pays, so an organization's own limit can only be lower, and its
 * "no limit" is the operator's; on its own provider the organization's word is the last.
 */
export function effectiveLimit(
  own: { monthlyLimit: number | null } | undefined,
  operator: number | undefined,
  onOwnProvider: boolean,
): Pick<CapabilityUsage, "limit" | "limitSource"> {
  const fromOperator = operator === undefined ? null : operator;
  if (!own) {
    return { limit: fromOperator, limitSource: fromOperator === null ? null : "environment" };
  }
  if (onOwnProvider || fromOperator === null) {
    return { limit: own.monthlyLimit, limitSource: "organization" };
  }
  return own.monthlyLimit !== null && own.monthlyLimit <= fromOperator
    ? { limit: own.monthlyLimit, limitSource: "organization" }
    : { limit: fromOperator, limitSource: "environment" };
}

/** The month's first day, as the counters key it. */
function monthKey(now: Date) {
  return monthOf(now).start.toISOString().slice(0, 10);
}

/**
 * A capability's limit for an organization and what it has used this month, in one query: the
 * organization's own limit if it set one (null: none at all), whether it calls its own provider,
 * and the month's counter.
 */
async function quotaOf(
  db: Database,
  defaults: AiQuotaDefaults,
  organizationId: string,
  capability: Capability,
  now: Date,
  onOwnProvider?: boolean,
): Promise<{ limit: number | null; used: number }> {
  const row = await quotaRow(db, organizationId, capability, monthKey(now));
  const { limit } = effectiveLimit(
    row?.hasOwn ? { monthlyLimit: row.own ?? null } : undefined,
    defaults[capability],
    onOwnProvider ?? row?.ownModel === true,
  );
  return { limit, used: Number(row?.used ?? 0) };
}

/** The reads of quota rows under way, by database, then organization, capability and month. */
const quotaReads = new WeakMap<Database, Map<string, ReturnType<typeof readQuotaRow>>>();

/**
 * An organization's own limit and use of a capability in a month. Checks that come while the
 * same row is being read share that read, as if they had come with it: a hundred answers that an
 * x-bot starts at once read it once, not a hundred times one after the other. The use read so is
 * good for a first look only (checkAiQuota): what lets a call through is its reservation, made
 * in one statement against the row as it is then (runAiCall).
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
  const ownModel = and(
    eq(organizationAiModels.organizationId, organizationId),
    eq(organizationAiModels.capability, capability),
  );
  const [row] = await db
    .select({
      ownModel: sql<boolean>`exists(${db.select({ one: sql`1` }).from(organizationAiModels).where(ownModel)})`,
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

function quotaExceeded(capability: Capability, now: Date) {
  const untilNextMonth = Math.ceil((monthOf(now).end.getTime() - now.getTime()) / 1000);
  return new QuotaExceededError(capability, untilNextMonth);
}

/**
 * Throws 429 QUOTA_EXCEEDED when the organization has used this month's quota of a capability,
 * or when what is left is less than `estimate`, what the call to come may reserve: a first look,
 * for a feature that must refuse before it writes anything (a thread's message); runAiCall's
 * reservation is what holds the limit.
 */
export async function checkAiQuota(
  context: Pick<AiCallContext, "db" | "quotas" | "organizationId">,
  capability: Capability,
  now = new Date(),
  estimate = 0,
): Promise<void> {
  const { limit, used } = await quotaOf(
    context.db,
    context.quotas,
    context.organizationId,
    capability,
    now,
  );
  if (limit !== null && (used >= limit || used + estimate > limit)) {
    throw quotaExceeded(capability, now);
  }
}

/** How long a reservation holds its quota when its call never gives it back (a stopped process). */
export const reservationLifetimeMs = 60 * 60_000;

/**
 * Tokens a text is likely to take, for a reservation or when a stopped provider said nothing:
 * tokenizers cut UTF-8 bytes into pieces of three to four bytes, Arabic letters take two bytes
 * each, and three bytes a token keeps the guess on the high side in either script.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, "utf8") / 3);
}

/**
 * Gives back the reservations of a month that outlived their call (its process stopped); true
 * when there were some.
 */
async function releaseExpired(db: Database, key: QuotaKey, now: Date): Promise<boolean> {
  const released = (await db.execute(sql`
    with expired as (
      delete from ${aiQuotaReservations}
      where organization_id = ${key.organizationId} and capability = ${key.capability}
        and month = ${key.month} and expires_at <= ${now.toISOString()}::timestamptz
      returning units
    )
    update ${aiUsageMonths}
    set reserved = greatest(0, reserved - (select sum(units) from expired))
    where organization_id = ${key.organizationId} and capability = ${key.capability}
      and month = ${key.month} and exists (select 1 from expired)
    returning 1 as released`)) as unknown as { rows: unknown[] };
  return released.rows.length > 0;
}

type QuotaKey = { organizationId: string; capability: Capability; month: string };

/**
 * Holds `units` of the month's quota for one call, or throws 429 QUOTA_EXCEEDED when the month's
 * use, what the calls under way hold, and these units pass the limit. One statement does both
 * the check and the hold against the month's row as it stands (its lock orders concurrent
 * calls), so calls that start together cannot all pass: together they overshoot the limit by
 * what one call uses beyond its reservation at most. Expired reservations are given back when
 * they stand in the way, and the call tried again. Resolves with the reservation's id, or null
 * when there is no limit to hold.
 */
async function reserve(
  context: AiCallContext,
  source: ResolvedModel<Capability>["source"],
  key: QuotaKey,
  units: number,
  now: Date,
): Promise<string | null> {
  const { db } = context;
  const { limit } = await quotaOf(
    db,
    context.quotas,
    key.organizationId,
    key.capability,
    now,
    source === "organization",
  );
  if (limit === null) return null;
  const id =
    (await hold(db, key, units, limit, now)) ??
    ((await releaseExpired(db, key, now)) ? await hold(db, key, units, limit, now) : null);
  if (!id) throw quotaExceeded(key.capability, now);
  return id;
}

/** One call's ask for a reservation, waiting for its month's row. */
type Hold = {
  id: string;
  units: number;
  limit: number;
  expiresAt: string;
  settle: (granted: boolean) => void;
  fail: (error: unknown) => void;
};

/** The asks that wait while a statement on their month's row is under way, by database and key. */
const waitingHolds = new WeakMap<Database, Map<string, Hold[]>>();

/**
 * Adds `units` to the month's reservations where they fit `limit`: the reservation's id, or null.
 * The asks that come while a statement on the same row is under way go together in the next
 * one, each let through only where it fits after those before it: a hundred answers started at
 * once take two statements, not a hundred one after the other on the row's lock.
 */
function hold(
  db: Database,
  key: QuotaKey,
  units: number,
  limit: number,
  now: Date,
): Promise<string | null> {
  let queues = waitingHolds.get(db);
  if (!queues) {
    queues = new Map();
    waitingHolds.set(db, queues);
  }
  const queueKey = `${key.organizationId} ${key.capability} ${key.month}`;
  return new Promise((resolve, reject) => {
    const id = randomUUID();
    const ask: Hold = {
      id,
      units,
      limit,
      expiresAt: new Date(now.getTime() + reservationLifetimeMs).toISOString(),
      settle: (granted) => resolve(granted ? id : null),
      fail: reject,
    };
    const waiting = queues.get(queueKey);
    if (waiting) {
      waiting.push(ask);
      return;
    }
    queues.set(queueKey, [ask]);
    void holdInTurn(db, key, queues, queueKey);
  });
}

/** Runs the asks of one month's row, those that came meanwhile together, until none wait. */
async function holdInTurn(
  db: Database,
  key: QuotaKey,
  queues: Map<string, Hold[]>,
  queueKey: string,
) {
  for (;;) {
    const asks = queues.get(queueKey) ?? [];
    if (asks.length === 0) {
      queues.delete(queueKey);
      return;
    }
    queues.set(queueKey, []);
    try {
      const granted = await holdTogether(db, key, asks);
      for (const ask of asks) ask.settle(granted.has(ask.id));
    } catch (error) {
      for (const ask of asks) ask.fail(error);
    }
  }
}

/**
 * One statement: locks the month's row, lets through the asks, in order, whose running sum fits
 * their limit beside the month's use and reservations, adds them to `reserved` and writes their
 * rows. A month without a row yet gets one first.
 */
async function holdTogether(db: Database, key: QuotaKey, asks: Hold[]): Promise<Set<string>> {
  const list = JSON.stringify(
    asks.map((ask, ord) => ({
      ord,
      id: ask.id,
      units: ask.units,
      lim: ask.limit,
      expires_at: ask.expiresAt,
    })),
  );
  const thisMonth = sql`organization_id = ${key.organizationId} and capability = ${key.capability} and month = ${key.month}`;
  for (;;) {
    const result = (await db.execute(sql`
      with asks as (
        select * from jsonb_to_recordset(${list}::jsonb)
          as a(ord int, id uuid, units bigint, lim bigint, expires_at timestamptz)
      ), locked as (
        select units, reserved from ${aiUsageMonths} where ${thisMonth} for update
      ), granted as (
        select a.id, a.units, a.expires_at
        from (select *, sum(units) over (order by ord) as running from asks) a, locked
        where locked.units + locked.reserved + a.running <= a.lim
      ), bumped as (
        update ${aiUsageMonths} set reserved = reserved + (select sum(units) from granted)
        where ${thisMonth} and exists (select 1 from granted)
      ), kept as (
        insert into ${aiQuotaReservations} (id, organization_id, capability, month, units, expires_at)
        select id, ${key.organizationId}, ${key.capability}, ${key.month}, units, expires_at
        from granted
      )
      select (select count(*) from locked)::int as found,
        coalesce((select json_agg(id) from granted), '[]') as granted`)) as unknown as {
      rows: { found: number; granted: string[] | string }[];
    };
    const [row] = result.rows;
    if (row && row.found > 0) {
      const granted = typeof row.granted === "string" ? JSON.parse(row.granted) : row.granted;
      return new Set(granted as string[]);
    }
    await db
      .insert(aiUsageMonths)
      .values({ organizationId: key.organizationId, capability: key.capability, month: key.month })
      .onConflictDoNothing();
  }
}

/** How much one call used, in the capability's unit, with the tokens where there are some. */
export type CallUsage = { units: number; inputTokens?: number; outputTokens?: number };

/**
 * What a call says it has used so far, for a call that may fail or be stopped after the provider
 * did some work (a streamed answer): that is counted, not nothing.
 */
export type SpentSoFar = (usage: CallUsage) => void;

export type AiCallContext = {
  db: Database;
  quotas: AiQuotaDefaults;
  organizationId: string;
  userId: string | null;
  purpose: string;
  now?: () => Date;
};

/**
 * Runs one AI call for an organization: reserves `estimate` units of the month's quota first
 * (429 QUOTA_EXCEEDED, and no call, when they do not fit), then records who called which model,
 * how much it used, how long it took and how it ended, whether it succeeded or not, and gives
 * the reservation back for what was used. A call that fails counts what it reported through
 * `spent` before it did (a stopped answer's text so far), else nothing.
 */
export async function runAiCall<C extends Capability, T>(
  context: AiCallContext,
  resolved: ResolvedModel<C>,
  call: (spent: SpentSoFar) => Promise<{ value: T; usage: CallUsage }>,
  options: { estimate: number },
): Promise<T> {
  const now = context.now?.() ?? new Date();
  const key = {
    organizationId: context.organizationId,
    capability: resolved.capability,
    month: monthKey(now),
  };
  const estimate = Math.max(0, Math.ceil(options.estimate));
  const reservation = await reserve(context, resolved.source, key, estimate, now);
  const started = performance.now();
  // The call, its reservation given back and its month's counter in one statement: the counter
  // never misses a call, nor keeps a reservation its call settled.
  const settle = (outcome: string, usage: CallUsage) => {
    const units = Math.max(0, Math.round(usage.units));
    const failed = outcome === "ok" ? 0 : 1;
    return context.db.execute(sql`
      with released as (
        delete from ${aiQuotaReservations} where id = ${reservation}::uuid returning units
      ), call as (
        insert into ${aiUsage} (organization_id, user_id, capability, purpose, source, provider, model, units, input_tokens, output_tokens, latency_ms, outcome)
        values (${context.organizationId}, ${context.userId}, ${resolved.capability}, ${context.purpose}, ${resolved.source}, ${resolved.provider}, ${resolved.modelId}, ${units}, ${usage.inputTokens ?? null}, ${usage.outputTokens ?? null}, ${Math.round(performance.now() - started)}, ${outcome})
        returning organization_id
      )
      insert into ${aiUsageMonths} (organization_id, capability, month, units, calls, failures)
      select organization_id, ${key.capability}, ${key.month}, ${units}, 1, ${failed} from call
      on conflict (organization_id, capability, month) do update set
        units = ${aiUsageMonths}.units + excluded.units,
        reserved = greatest(0, ${aiUsageMonths}.reserved - coalesce((select sum(units) from released), 0)),
        calls = ${aiUsageMonths}.calls + 1,
        failures = ${aiUsageMonths}.failures + excluded.failures`);
  };
  let spentSoFar: CallUsage = { units: 0 };
  let result: { value: T; usage: CallUsage };
  try {
    result = await call((usage) => {
      spentSoFar = usage;
    });
  } catch (error) {
    const failure: AiFailure = classifyAiError(error);
    await settle(failure.code, spentSoFar);
    throw error;
  }
  await settle("ok", result.usage);
  return result.value;
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
  return {
    month: month.label,
    capabilities: await usageByCapability(db, defaults, organizationId, month),
    members: await usageByMember(db, organizationId, month),
  };
}

/**
 * A month's usage of each capability against its quota. The caller checks who may see it: the
 * dashboard shows it to every member, the usage page to ai.manage.
 */
export async function usageByCapability(
  db: Database,
  defaults: AiQuotaDefaults,
  organizationId: string,
  month: { start: Date },
): Promise<CapabilityUsage[]> {
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
  const ownLimits = await db
    .select({
      capability: organizationAiQuotas.capability,
      monthlyLimit: organizationAiQuotas.monthlyLimit,
    })
    .from(organizationAiQuotas)
    .where(eq(organizationAiQuotas.organizationId, organizationId));
  const ownModels = new Set(await capabilitiesOnOwnProvider(db, organizationId));
  const counted = new Map(byCapability.map((row) => [row.capability, row]));
  return capabilities.map((capability): CapabilityUsage => {
    const row = counted.get(capability);
    return {
      capability,
      unit: usageUnits[capability],
      used: row?.used ?? 0,
      calls: row?.calls ?? 0,
      failures: row?.failures ?? 0,
      ...effectiveLimit(
        ownLimits.find((own) => own.capability === capability),
        defaults[capability],
        ownModels.has(capability),
      ),
    };
  });
}

/** A month's usage by member and capability; for those who manage the AI (the caller checks). */
export async function usageByMember(
  db: Database,
  organizationId: string,
  month: { start: Date; end: Date },
): Promise<MemberUsage[]> {
  return db
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
    .where(
      and(
        eq(aiUsage.organizationId, organizationId),
        gte(aiUsage.createdAt, month.start),
        lt(aiUsage.createdAt, month.end),
      ),
    )
    .groupBy(users.id, users.firstName, users.lastName, aiUsage.capability)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id), asc(aiUsage.capability));
}

/** The capabilities an organization calls on a provider of its own. */
async function capabilitiesOnOwnProvider(db: Database, organizationId: string) {
  const rows = await db
    .select({ capability: organizationAiModels.capability })
    .from(organizationAiModels)
    .where(eq(organizationAiModels.organizationId, organizationId));
  return rows.map((row) => row.capability);
}

/**
 * Sets the organization's monthly limit of a capability (the owner: ai.quotas); null lifts every
 * limit. Going back to the environment's is `clearAiQuota`. On the deployment's models the
 * operator pays: a limit above the operator's (`defaults`), or none, is 422
 * ABOVE_DEPLOYMENT_LIMIT, with the operator's limit as `details.deploymentLimit`; on its own
 * provider the organization sets any.
 */
export async function setAiQuota(
  db: Database,
  actor: Actor,
  capability: Capability,
  monthlyLimit: number | null,
  defaults: AiQuotaDefaults = {},
): Promise<void> {
  requirePermission(actor, "ai.quotas");
  if (monthlyLimit !== null && (!Number.isInteger(monthlyLimit) || monthlyLimit < 0)) {
    throw validationFailed({
      monthlyLimit: { code: "TOO_SMALL", message: "A whole number of at least 0, or null" },
    });
  }
  const operator = defaults[capability];
  if (operator !== undefined && (monthlyLimit === null || monthlyLimit > operator)) {
    const onOwnProvider = (await capabilitiesOnOwnProvider(db, actor.organizationId)).includes(
      capability,
    );
    if (!onOwnProvider) throw aboveDeploymentLimit(capability, operator);
  }
  await db
    .insert(organizationAiQuotas)
    .values({ organizationId: actor.organizationId, capability, monthlyLimit })
    .onConflictDoUpdate({
      target: [organizationAiQuotas.organizationId, organizationAiQuotas.capability],
      set: { monthlyLimit, updatedAt: new Date() },
    });
}

function aboveDeploymentLimit(capability: Capability, deploymentLimit: number) {
  const message =
    `On the deployment's models, this organization's ${capability} limit can be at most ` +
    `${deploymentLimit} ${usageUnits[capability]} a month, the deployment's own.`;
  const error = errorOnFields("invalid", "ABOVE_DEPLOYMENT_LIMIT", message, {
    monthlyLimit: message,
  });
  error.details = { deploymentLimit };
  return error;
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
