/**
 * The rules every domain's records follow, written once: a reference given in a request must
 * name a record of the actor's organization; a record with an author and a visibility is read by
 * its author alone while private, by the whole organization once shared, and its changes are told
 * to the same audience; and a deleted record waits in the bin, restorable for a number of days,
 * before the daily purge takes it (deleting to the bin and restoring from it are written here too).
 * The tables are passed in, so this module imports no domain; each domain names its own
 * references (`organizations/references.ts`, `crm/references.ts`) and its own restore window.
 */
import { and, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { notFound } from "../errors";
import { type Audience, publishEvent } from "../realtime/events";
import type { Database } from "./client";

// --- References ------------------------------------------------------------------------------

/**
 * One id, or a list of ids, a request refers to, and where it must be found: a row of `table`
 * whose `id` matches and whose `organizationId` is the actor's (and, when `deletedAt` is given,
 * not deleted). `error` is thrown when one is missing; an empty id or list checks nothing.
 */
export interface Reference {
  ids: string | readonly string[] | null | undefined;
  table: PgTable;
  id: PgColumn;
  organizationId: PgColumn;
  deletedAt?: PgColumn;
  error: () => Error;
}

/** Checks each reference in turn, in the organization; throws the first one's error that fails. */
export async function checkReferences(
  tx: Database,
  organizationId: string,
  references: readonly Reference[],
): Promise<void> {
  for (const reference of references) {
    const { ids } = reference;
    if (!ids || ids.length === 0) continue;
    const one = typeof ids === "string";
    const found = await tx
      .select({ id: reference.id })
      .from(reference.table)
      .where(
        and(
          one ? eq(reference.id, ids) : inArray(reference.id, [...ids]),
          eq(reference.organizationId, organizationId),
          reference.deletedAt ? isNull(reference.deletedAt) : undefined,
        ),
      );
    if (found.length !== (one ? 1 : new Set(ids).size)) throw reference.error();
  }
}

// --- Author or shared ------------------------------------------------------------------------

/** Who reads or changes a record: a member of an organization. */
export type RecordActor = { organizationId: string; userId: string };

/** The columns of a table whose records have an author and a visibility (the table itself). */
export type AuthoredColumns = {
  organizationId: PgColumn;
  authorId: PgColumn;
  visibility: PgColumn;
};

/** Who may see a record: its author alone while it is private, its organization once shared. */
export type Visibility = "private" | "organization";

/**
 * The records of the actor's organization the actor may see: their own, and those shared with the
 * organization (`visibility = 'organization'`); another member's private record is not among them.
 */
export function visibleTo(actor: RecordActor, table: AuthoredColumns): SQL | undefined {
  return and(
    eq(table.organizationId, actor.organizationId),
    or(eq(table.authorId, actor.userId), eq(table.visibility, "organization")),
  );
}

/** An authored record as its events need it: its id, its organization, author and visibility. */
export type AuthoredRecord = {
  id: string | number;
  organizationId: string;
  authorId: string;
  visibility: Visibility;
};

/** Who hears of a record's changes: its author alone while private, else the organization. */
function audienceOf(record: Omit<AuthoredRecord, "id">): Audience {
  return record.visibility === "organization"
    ? { organizationId: record.organizationId }
    : { userId: record.authorId };
}

/**
 * Publishes an event of an authored record (`type`, its `id` the record's) to those who may see
 * it now, in the transaction of the change; when `before` had another visibility, to those who
 * could see it before too, so that a page that showed it hears it is gone.
 */
export async function publishToAudience(
  tx: Database,
  actor: RecordActor,
  type: string,
  record: AuthoredRecord,
  before?: Pick<AuthoredRecord, "visibility">,
): Promise<void> {
  const audiences = [audienceOf(record)];
  if (before && before.visibility !== record.visibility) {
    audiences.push(audienceOf({ ...record, visibility: before.visibility }));
  }
  for (const to of audiences) {
    await publishEvent(tx, to, {
      type,
      id: String(record.id),
      organizationId: record.organizationId,
      actor: actor.userId,
    });
  }
}

// --- The bin ---------------------------------------------------------------------------------

/** The oldest deletion that can still be undone, `days` after it. */
export function restorableSince(days: number): SQL {
  return sql`now() - make_interval(days => ${days})`;
}

/** Deleted recently enough to be restored: the restore's condition. */
export function restorable(deletedAt: PgColumn, days: number): SQL {
  return gte(deletedAt, restorableSince(days));
}

/** In the bin: deleted, and still restorable. */
export function inBin(deletedAt: PgColumn, days: number): SQL | undefined {
  return and(isNotNull(deletedAt), restorable(deletedAt, days));
}

/** Not deleted, or still in the bin: what a record's own page can show. */
export function liveOrRestorable(deletedAt: PgColumn, days: number): SQL {
  return sql`(${deletedAt} is null or ${deletedAt} >= ${restorableSince(days)})`;
}

/** Deleted longer ago than it can be restored: what the daily purge deletes for good. */
export function purgeable(deletedAt: PgColumn, days: number): SQL | undefined {
  return and(isNotNull(deletedAt), lt(deletedAt, restorableSince(days)));
}

// --- Locking in an organization ---------------------------------------------------------------

/** A table of an organization's records: keyed by `id`, owned by `organizationId`. */
export type OrganizationTable = PgTable & { id: PgColumn; organizationId: PgColumn };

/**
 * The record of `table` with this id in the organization, locked until the transaction ends
 * (`select … for update`), so that a change reads what it changes and no other change comes
 * between. A deleted record is found too (the caller says what its deletion means); `missing`
 * is thrown when the organization has no record with this id.
 */
export async function lockInOrganization<T extends OrganizationTable>(
  tx: Database,
  table: T,
  organizationId: string,
  id: string,
  missing: () => Error,
): Promise<T["$inferSelect"]> {
  const [record] = await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.organizationId, organizationId)))
    .for("update");
  if (!record) throw missing();
  return record as T["$inferSelect"];
}

// --- Deleting and restoring ------------------------------------------------------------------

/**
 * A table whose records are deleted to the bin: `deletedAt` is set while one is there, and
 * `version` moves on with a deletion and a restore as with any change.
 */
export type BinnedTable = PgTable & {
  id: PgColumn;
  deletedAt: PgColumn;
  version: PgColumn;
};

/** A record of such a table as the domain's lock reads it. */
type BinnedRecord = { id: string; deletedAt: Date | null };

/**
 * A record of `table` that a deletion or a restore is about: `lock` finds and locks it in the
 * actor's organization inside the transaction (and throws the domain's 404 when there is none);
 * `changed` records and publishes what happened, inside the same transaction.
 */
export interface BinChange<R extends BinnedRecord> {
  table: BinnedTable;
  lock: (tx: Database) => Promise<R>;
  changed: (tx: Database, record: R) => Promise<void>;
}

/** The update that puts a record in the bin (`deletedAt`) or takes it out (`null`). */
function binColumns(table: BinnedTable, deletedAt: Date | null) {
  return { deletedAt, version: sql`${table.version} + 1` } as PgUpdateSetSource<BinnedTable>;
}

/**
 * Deletes a record to the bin, in one transaction. A record in the bin already is left as it is,
 * and nothing is recorded: deleting twice is deleting once.
 */
export async function deleteToBin<R extends BinnedRecord>(
  db: Database,
  { table, lock, changed }: BinChange<R>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await lock(tx);
    if (record.deletedAt) return;
    await tx.update(table).set(binColumns(table, new Date())).where(eq(table.id, record.id));
    await changed(tx, record);
  });
}

/**
 * Brings a record back from the bin, in one transaction, while it is `restoreDays` or less from
 * its deletion; after that it is 404 ("This `noun` can no longer be restored."). A record that is
 * not deleted is left as it is, and nothing is recorded.
 */
export async function restoreFromBin<R extends BinnedRecord>(
  db: Database,
  { table, lock, changed, restoreDays, noun }: BinChange<R> & { restoreDays: number; noun: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await lock(tx);
    if (!record.deletedAt) return;
    const [restored] = await tx
      .update(table)
      .set(binColumns(table, null))
      .where(and(eq(table.id, record.id), restorable(table.deletedAt, restoreDays)))
      .returning({ id: table.id });
    if (!restored) throw notFound(`This ${noun} can no longer be restored.`);
    await changed(tx, record);
  });
}
