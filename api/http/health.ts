import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { logError } from "../log";

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch (error) {
    logError("Health check: database query failed", error);
    return false;
  }
}
