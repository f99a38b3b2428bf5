import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { fullName } from "../db/names";
import { activity, users } from "../db/schema";
import type { OrganizationActor } from "./permissions";

/** How long the organization's activity is kept before the daily purge takes it. */
export const activityRetentionDays = 90;

/**
 * The changes worth a line on the dashboard: a record made, deleted, restored, imported or a
 * version kept. Edits are left out: a document saves itself every few seconds.
 */
const recordedVerbs = new Set(["created", "deleted", "restored", "imported", "version_saved"]);

/** Whether an event of `type` (`client.created`…) goes into the organization's activity. */
export function isRecordedActivity(type: string): boolean {
  const verb = type.slice(type.lastIndexOf(".") + 1);
  return recordedVerbs.has(verb);
}

/**
 * Records a change in the organization's activity, in the transaction that made it; `userId`
 * keeps it to one member, for a record only its author sees.
 */
export async function recordActivity(
  tx: Database,
  actor: OrganizationActor,
  change: { type: string; subjectId: string; userId?: string },
): Promise<void> {
  if (!isRecordedActivity(change.type)) return;
  await tx.insert(activity).values({
    organizationId: actor.organizationId,
    actorId: actor.userId,
    userId: change.userId ?? null,
    type: change.type,
    subjectId: change.subjectId,
  });
}

export type ActivityItem = {
  id: number;
  type: string;
  subjectId: string;
  actorId: string | null;
  actorName: string | null;
  at: Date;
};

/** The latest of the organization's activity that the actor may see, newest first. */
export async function recentActivity(
  db: Database,
  actor: OrganizationActor,
  limit: number,
): Promise<ActivityItem[]> {
  return db
    .select({
      id: activity.id,
      type: activity.type,
      subjectId: activity.subjectId,
      actorId: activity.actorId,
      actorName: fullName(users),
      at: activity.at,
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.actorId))
    .where(
      and(
        eq(activity.organizationId, actor.organizationId),
        or(isNull(activity.userId), eq(activity.userId, actor.userId)),
      ),
    )
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(limit);
}

/** Removes activity older than its retention (the daily purge). */
export async function purgeActivity(db: Database): Promise<number> {
  const removed = await db
    .delete(activity)
    .where(lt(activity.at, sql`now() - make_interval(days => ${activityRetentionDays})`))
    .returning({ id: activity.id });
  return removed.length;
}
