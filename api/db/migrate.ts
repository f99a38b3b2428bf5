import { fileURLToPath } from "node:url";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseConnection } from "./client";
import * as schema from "./schema";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

// Any constant shared by every instance; it names the advisory lock taken while migrating.
const migrationLockKey = 7_240_011;

export async function migrateDatabase(connection: DatabaseConnection): Promise<void> {
  if (connection.driver === "pglite") {
    await migratePglite(connection.db, { migrationsFolder });
    return;
  }
  // Several instances may start at once against one server: the lock lets one migrate while the
  // others wait, then find nothing left to do. It is held by one connection, so migrate on that one.
  const client = await connection.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [migrationLockKey]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}
