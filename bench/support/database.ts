// The PostgreSQL database a benchmark writes its data into: one of its own, made on a server
// (BENCH_SERVER_URL) and dropped at the end, and what the seeding of it shares.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "../../api/db/client";

export const serverUrl =
  process.env.BENCH_SERVER_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";

let createdDatabase: { name: string; admin: pg.Client } | undefined;

/**
 * A database of its own on the server, `qalam_bench_<bench>_<random>`; `needs` says why the
 * benchmark cannot do without the server, when there is none.
 */
export async function createDatabase(bench: string, needs = "") {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `No PostgreSQL at ${serverUrl} (BENCH_SERVER_URL): this benchmark needs a server` +
        `${needs ? `, ${needs}` : ""}. ${(error as Error).message}`,
    );
  }
  const name = `qalam_bench_${bench}_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database "${name}"`);
  createdDatabase = { name, admin };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * Drops the database `createDatabase` made, if any. The pool's end resolves before its
 * connections are gone: with `wait`, they are given a moment to go, rather than ended (which the
 * pool would report as errors).
 */
export async function dropCreatedDatabase({ wait }: { wait: boolean }) {
  const created = createdDatabase;
  createdDatabase = undefined;
  if (!created) return;
  for (let tries = 0; wait && tries < 50; tries++) {
    const { rows } = await created.admin.query(
      "select count(*)::int as open from pg_stat_activity where datname = $1",
      [created.name],
    );
    if (rows[0]?.open === 0) break;
    await sleep(100);
  }
  await created.admin.query(`drop database if exists "${created.name}" with (force)`);
  await created.admin.end();
}

/** Rows of `db.execute`, whichever the driver: node-postgres gives a result, PGlite too. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The server's version, as it names it. */
export async function serverVersion(db: Database) {
  const [row] = await db
    .execute<{ version: string }>(sql`select current_setting('server_version') as version`)
    .then(rowsOf<{ version: string }>);
  return row?.version;
}

/** Steps of a seeding, timed: `step` runs one and notes "name 1.2 s" in `steps`. */
export function stepTimer() {
  const steps: string[] = [];
  const step = async <T>(name: string, run: () => Promise<T>) => {
    const started = performance.now();
    const value = await run();
    steps.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return value;
  };
  return { steps, step };
}

export type IndexDefinition = { name: string; definition: string };

/**
 * Drops the indexes named, to be built once after the rows are in (`recreateIndexes`): a GIN
 * index above all takes rows one by one far slower. Their definitions, as pg_indexes has them.
 */
export async function dropIndexes(db: Database, names: string[]) {
  const indexes = await db
    .execute<IndexDefinition>(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where indexname in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})`)
    .then(rowsOf<IndexDefinition>);
  if (indexes.length !== names.length) throw new Error("an index is missing");
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  return indexes;
}

/** Builds indexes again, in one transaction with room to sort. */
export function recreateIndexes(db: Database, indexes: IndexDefinition[]) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
}
