import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;

/** What services see: the same query builder whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseConnection =
  | { driver: "pglite"; db: PgliteDatabase<Schema>; close: () => Promise<void> }
  | { driver: "pg"; db: NodePgDatabase<Schema>; pool: pg.Pool; close: () => Promise<void> };

export type OpenDatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseConnection> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    // An idle client that loses its server emits "error"; without a listener that kills the process.
    pool.on("error", (error) => console.error("PostgreSQL pool error", error));
    const db = drizzlePg({ client: pool, schema });
    return { driver: "pg", db, pool, close: () => pool.end() };
  }
  const dataDir = options.dataDir && options.dataDir !== "memory://" ? options.dataDir : undefined;
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema });
  return { driver: "pglite", db, close: () => client.close() };
}
