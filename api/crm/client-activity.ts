import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { fullName } from "../db/names";
import { rowsBefore } from "../db/paging";
import {
  clientActivity,
  type clientActivityActions,
  type clientActivitySubjects,
  clients,
  users,
} from "../db/schema";
import { notFound } from "../errors";
import { publishChange } from "../organizations/changes";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";

export type ClientActivityAction = (typeof clientActivityActions)[number];
export type ClientActivitySubject = (typeof clientActivitySubjects)[number];

/** What an entry is about: the client itself, or one of its projects or documents. */
export type ActivitySubject = { type: ClientActivitySubject; id: string; name: string };

export type ClientActivityView = {
  id: string;
  action: ClientActivityAction;
  subject: ActivitySubject;
  /** The fields a change touched (`updated`), in the API's names. */
  fields: string[];
  actor: { id: string; name: string } | null;
  createdAt: Date;
};

/**
 * Writes what happened on a client's activity, inside the change's transaction. `clientId` null
 * (a project or document of no client) writes nothing, as does a change that touched no field.
 */
export async function recordClientActivity(
  tx: Database,
  actor: OrganizationActor,
  clientId: string | null | undefined,
  action: ClientActivityAction,
  subject: ActivitySubject,
  fields: string[] = [],
): Promise<void> {
  if (!clientId) return;
  if (action === "updated" && fields.length === 0) return;
  await tx.insert(clientActivity).values(entry(actor, clientId, action, subject, fields));
}

/**
 * What a created, deleted or restored record tells, inside the change's transaction: an entry on
 * its client's activity (none without a client), and the event `<subject type>.<action>`
 * (`project.deleted`) to the organization's open pages.
 */
export async function recordAndPublish(
  tx: Database,
  actor: OrganizationActor,
  clientId: string | null,
  action: "created" | "deleted" | "restored",
  subject: ActivitySubject,
): Promise<void> {
  await recordClientActivity(tx, actor, clientId, action, subject);
  await publishChange(tx, actor, `${subject.type}.${action}`, subject.id);
}

function entry(
  actor: OrganizationActor,
  clientId: string,
  action: ClientActivityAction,
  subject: ActivitySubject,
  fields: string[] = [],
) {
  return {
    clientId,
    subjectType: subject.type,
    subjectId: subject.id,
    subjectName: subject.name,
    action,
    fields,
    actorId: actor.userId,
  };
}

/** Each client of an import starts its activity with it, in one statement. */
export async function recordClientsImported(
  tx: Database,
  actor: OrganizationActor,
  imported: { id: string; name: string }[],
): Promise<void> {
  if (imported.length === 0) return;
  await tx
    .insert(clientActivity)
    .values(
      imported.map((client) =>
        entry(actor, client.id, "imported", { type: "client", id: client.id, name: client.name }),
      ),
    );
}

/**
 * The names of the fields of `changes` whose value differs from `current` (arrays and dates
 * compared by value); fields left out of `changes` are unchanged.
 */
export function changedFields<T extends object>(current: T, changes: Partial<T>): string[] {
  const comparable = (value: unknown) =>
    value instanceof Date ? value.toISOString() : JSON.stringify(value ?? null);
  return Object.entries(changes)
    .filter(([key, value]) => {
      if (value === undefined) return false;
      return comparable(value) !== comparable(current[key as keyof T]);
    })
    .map(([key]) => key);
}

/**
 * Tells a record's old and new client that it moved between them (`unlinked`, `linked`), or its
 * client that it changed (`updated` with the fields, when it stayed).
 */
export async function recordMove(
  tx: Database,
  actor: OrganizationActor,
  from: string | null,
  to: string | null,
  subject: ActivitySubject,
  fields: string[],
): Promise<void> {
  if (from === to) {
    await recordClientActivity(tx, actor, to, "updated", subject, fields);
    return;
  }
  await recordClientActivity(tx, actor, from, "unlinked", subject);
  await recordClientActivity(tx, actor, to, "linked", subject);
}

/** A client's activity, newest first (clients.read): 404 for a client of another organization. */
export async function listClientActivity(
  db: Database,
  actor: Actor,
  clientId: string,
  page: { page: number; pageSize: number },
): Promise<{ items: ClientActivityView[]; total: number }> {
  requirePermission(actor, "clients.read");
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.organizationId, actor.organizationId)));
  if (!client) throw notFound("No such client.");
  const where = eq(clientActivity.clientId, clientId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: clientActivity.id,
        action: clientActivity.action,
        subjectType: clientActivity.subjectType,
        subjectId: clientActivity.subjectId,
        subjectName: clientActivity.subjectName,
        fields: clientActivity.fields,
        actorId: clientActivity.actorId,
        actorName: fullName(users),
        createdAt: clientActivity.createdAt,
      })
      .from(clientActivity)
      .leftJoin(users, eq(users.id, clientActivity.actorId))
      .where(where)
      .orderBy(desc(clientActivity.createdAt), desc(clientActivity.id))
      .limit(page.pageSize)
      .offset(rowsBefore(page)),
    db.select({ total: count() }).from(clientActivity).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      action: row.action,
      subject: { type: row.subjectType, id: row.subjectId, name: row.subjectName },
      fields: row.fields,
      actor: row.actorId ? { id: row.actorId, name: row.actorName ?? "" } : null,
      createdAt: row.createdAt,
    })),
    total: totals?.total ?? 0,
  };
}
