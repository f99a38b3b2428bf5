import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type Job, jobs } from "../db/schema";

/** How long a job that its author's share holds back waits before it is looked at again (s). */
export const deferSeconds = 5;

export type Claim = { job: Job } | { deferred: true } | null;

/**
 * Moves a waiting job to `running` unless its author already runs `perUser` jobs of its kind,
 * in any of their organizations: then it waits (`deferred`), and the slot goes to work of
 * someone else. pg-boss caps an organization's running jobs (its group); this caps a person's,
 * so that one member of two organizations cannot hold every slot of a capability while another
 * organization waits (decision 016). The count and the claim hold the author's lock, so that
 * two workers cannot both take the last place. Null: cancelled, or its organization gone.
 */
export async function claimJob(
  db: Database,
  id: string,
  kind: string,
  perUser: number,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const [waiting] = await tx
      .select({ userId: jobs.userId })
      .from(jobs)
      .where(and(eq(jobs.id, id), inArray(jobs.status, ["queued", "running"])));
    if (!waiting) return null;
    if (waiting.userId) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`jobs:${kind}:${waiting.userId}`}, 0))`,
      );
      const [running] = await tx
        .select({ count: count() })
        .from(jobs)
        .where(
          and(
            eq(jobs.userId, waiting.userId),
            eq(jobs.kind, kind),
            eq(jobs.status, "running"),
            ne(jobs.id, id),
          ),
        );
      if ((running?.count ?? 0) >= perUser) return { deferred: true };
    }
    const [job] = await tx
      .update(jobs)
      .set({
        status: "running",
        attempts: sql`${jobs.attempts} + 1`,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ["queued", "running"])))
      .returning();
    return job ? { job } : null;
  });
}
