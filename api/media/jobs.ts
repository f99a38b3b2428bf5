import { and, count, desc, eq, exists, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { type DrizzleTransactionLike, fromDrizzle } from "pg-boss";
import type { Database } from "../db/client";
import { rowsBefore } from "../db/paging";
import { type Job, type JobStatus, jobs, recipes, users } from "../db/schema";
import { conflict, notFound, TooManyWaitingJobsError } from "../errors";
import type { JobKind } from "../jobs/kinds";
import type { Jobs, QueueData } from "../jobs/runner";
import {
  type Actor,
  can,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import { publishEvent } from "../realtime/events";
import { readableRecipes } from "./recipe-access";

export type { Jobs } from "../jobs/runner";

/** A job as a member sees it: `input` is null for one who may not see what it was asked. */
export type JobSummary = Job & { userName: string | null };

/**
 * Records a job and queues it in one transaction: the work runs only if the record exists,
 * and a record never waits for work that was not queued. An organization that has
 * `waitingPerOrganization` jobs waiting already is refused (429 TOO_MANY_WAITING_JOBS): the count
 * and the insert hold the organization's lock, so that parallel requests cannot pass it.
 */
export async function enqueueJob<Input>(
  db: Database,
  jobsService: Jobs,
  actor: OrganizationActor,
  kind: JobKind<Input, unknown>,
  input: Input,
): Promise<Job> {
  if (!jobsService.runner.kinds.has(kind.kind)) throw new Error(`Unknown job kind ${kind.kind}`);
  const job = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`jobs-waiting:${actor.organizationId}`}, 0))`,
    );
    const [waiting] = await tx
      .select({ count: count() })
      .from(jobs)
      .where(and(eq(jobs.organizationId, actor.organizationId), eq(jobs.status, "queued")));
    const limit = jobsService.runner.waitingPerOrganization;
    if ((waiting?.count ?? 0) >= limit) throw new TooManyWaitingJobsError(limit);
    const [row] = await tx
      .insert(jobs)
      .values({
        organizationId: actor.organizationId,
        userId: actor.userId,
        kind: kind.kind,
        capability: kind.capability ?? null,
        input: input as object,
      })
      .returning();
    if (!row) throw new Error("The job was not recorded.");
    const data: QueueData = { jobId: row.id };
    await jobsService.boss.send(kind.kind, data, {
      id: row.id,
      group: { id: actor.organizationId },
      // Drizzle's execute() is typed by its driver; both drivers answer with { rows }.
      db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql),
    });
    return row;
  });
  await publishEvent(
    db,
    { organizationId: job.organizationId },
    { type: "job.progress", id: job.id, organizationId: job.organizationId, actor: actor.userId },
  );
  return job;
}

/**
 * Whether the actor may see what a job was asked: a job whose input names a recipe (a recipe's
 * run carries its prompts) shows it to its author and to those who may read that recipe alone.
 */
function inputShownTo(db: Database, actor: OrganizationActor): SQL<boolean> {
  const recipeId = sql`${jobs.input}->>'recipeId'`;
  const readable = can(actor, "media.read")
    ? exists(
        db
          .select({ id: recipes.id })
          .from(recipes)
          .where(and(sql`${recipes.id}::text = ${recipeId}`, readableRecipes(actor))),
      )
    : sql`false`;
  return sql<boolean>`coalesce(${or(eq(jobs.userId, actor.userId), isNull(recipeId), readable)}, false)`;
}

function summaryColumns(db: Database, actor: OrganizationActor) {
  return {
    job: jobs,
    userName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    inputShown: inputShownTo(db, actor),
  };
}

function toSummary(row: { job: Job; userName: string | null; inputShown: boolean }): JobSummary {
  return { ...row.job, input: row.inputShown ? row.job.input : null, userName: row.userName };
}

/**
 * The organization's jobs, newest first; every member sees them (organization.read), what each
 * was asked only where inputShownTo allows.
 */
export async function listJobs(
  db: Database,
  actor: Actor,
  query: { page: number; pageSize: number; status?: JobStatus[]; kind?: string; mine?: boolean },
): Promise<{ items: JobSummary[]; total: number }> {
  requirePermission(actor, "organization.read");
  const conditions: (SQL | undefined)[] = [
    eq(jobs.organizationId, actor.organizationId),
    query.status?.length ? inArray(jobs.status, query.status) : undefined,
    query.kind ? eq(jobs.kind, query.kind) : undefined,
    query.mine ? eq(jobs.userId, actor.userId) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns(db, actor))
      .from(jobs)
      .leftJoin(users, eq(users.id, jobs.userId))
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(query.pageSize)
      .offset(rowsBefore(query)),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  return { items: rows.map(toSummary), total: totals?.total ?? 0 };
}

/** One job of the actor's organization; 404 for any other. */
export async function getJob(db: Database, actor: Actor, id: string): Promise<JobSummary> {
  requirePermission(actor, "organization.read");
  const [row] = await db
    .select(summaryColumns(db, actor))
    .from(jobs)
    .leftJoin(users, eq(users.id, jobs.userId))
    .where(and(eq(jobs.id, id), eq(jobs.organizationId, actor.organizationId)));
  if (!row) throw notFound("No such job.");
  return toSummary(row);
}

/**
 * Cancels a job that is waiting or running: its author may, and so may whoever manages the
 * organization's AI (ai.manage). The record says so at once; a running try is stopped wherever
 * it runs. 409 JOB_FINISHED once it has ended.
 */
export async function cancelJob(
  db: Database,
  jobsService: Jobs,
  actor: Actor,
  id: string,
): Promise<JobSummary> {
  requirePermission(actor, "organization.read");
  const job = await getJob(db, actor, id);
  if (job.userId !== actor.userId) requirePermission(actor, "ai.manage");
  const [cancelled] = await db
    .update(jobs)
    .set({ status: "cancelled", finishedAt: new Date() })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ["queued", "running"])))
    .returning();
  if (!cancelled) {
    throw conflict("JOB_FINISHED", "The job has already ended.");
  }
  await jobsService.boss.cancel(job.kind, id);
  await jobsService.runner.stop(id);
  await publishEvent(
    db,
    { organizationId: job.organizationId },
    { type: "job.finished", id, organizationId: job.organizationId, actor: actor.userId },
  );
  return getJob(db, actor, id);
}

/** Whether the actor may cancel `job` (what the list offers). */
export function canCancel(actor: Actor, job: Job): boolean {
  return (
    (job.status === "queued" || job.status === "running") &&
    (job.userId === actor.userId || can(actor, "ai.manage"))
  );
}
