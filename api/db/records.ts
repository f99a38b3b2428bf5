/**
 * The rules every domain's records follow, written once: a reference given in a request must
 * name a record of the actor's organization, and a deleted record waits in the bin, restorable for
 * a number of days, before the daily purge takes it. The tables are passed in, so this module
 * imports no domain; each domain names its own references (`organizations/references.ts`,
 * `crm/references.ts`) and its own restore window.
 */
import { and, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
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
