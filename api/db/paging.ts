import { count, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client";

/**
 * The lists of what an organization keeps in any number (clients, projects, documents) count
 * their matches up to this many, or to the end of the page asked for: an exact count reads every
 * matching row, whatever the page shows (docs/performance.md, "Data at scale").
 */
export const countedTotalLimit = 1000;

export type CountedTotal = {
  total: number;
  /** True when there are more than `total`: the count stopped there. */
  totalCapped: boolean;
};

/**
 * The rows of `table` matching `where`, counted up to the limit or to the page's end; a search's
 * (`q`) every match. With a limit, PostgreSQL may read the table in order rather than go through
 * the search's index, which for a common word is slower than counting every match
 * (docs/performance.md, "Data at scale"); a search's count grows with what it finds anyway.
 */
export async function countMatches(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  query: { page: number; pageSize: number; q?: string },
): Promise<CountedTotal> {
  if (query.q) {
    const [row] = await db.select({ total: count() }).from(table).where(where);
    return { total: row?.total ?? 0, totalCapped: false };
  }
  const cap = Math.max(countedTotalLimit, query.page * query.pageSize);
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as("matching");
  const [row] = await db.select({ total: count() }).from(matching);
  const counted = row?.total ?? 0;
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted, totalCapped: false };
}

/** How many rows come before the page asked for: what a paged query's `offset` skips. */
export function rowsBefore(page: { page: number; pageSize: number }): number {
  return (page.page - 1) * page.pageSize;
}
