// A benchmark's run: what it leaves behind (servers it started, folders it wrote) is removed when
// the process exits, and a stop (Ctrl-C, SIGTERM) drops its database at once.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { type DatabaseConnection, openDatabase } from "../../api/db/client";
import { migrateDatabase } from "../../api/db/migrate";
import { createDatabase, dropCreatedDatabase } from "./database";

const children: ChildProcess[] = [];
const dirs: string[] = [];
let stopping = false;
let started = performance.now();

/**
 * Starts the run's clock and its clean-up. Stopped, the database goes at once, and the statement
 * it cuts short is no failure (`isStopping()`).
 */
export function startRun() {
  started = performance.now();
  process.on("exit", () => {
    for (const child of children) {
      if (child.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // Gone already.
        }
      }
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const stopOnSignal = (signal: NodeJS.Signals) => {
    stopping = true;
    void dropCreatedDatabase({ wait: false }).finally(() =>
      process.exit(signal === "SIGINT" ? 130 : 143),
    );
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
}

/** Whether the run was stopped by a signal. */
export const isStopping = () => stopping;

/** Milliseconds since `startRun`. */
export const runMs = () => performance.now() - started;

/** A new folder in the system's temporary one, removed at exit. */
export function temporaryDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A child process in a group of its own, its group ended at exit if it is still running. */
export function adopt(child: ChildProcess) {
  children.push(child);
  return child;
}

/**
 * Runs `body` on a database of the benchmark's own (`createDatabase`, `needs` as it says), migrated; closed and
 * dropped after, and when the run is stopped, the statement it cut short is no failure.
 */
export async function onOwnDatabase(
  { bench, needs }: { bench: string; needs?: string },
  body: (connection: DatabaseConnection, database: { name: string; url: string }) => Promise<void>,
) {
  const database = await createDatabase(bench, needs);
  let connection: DatabaseConnection | undefined;
  try {
    connection = await openDatabase({ databaseUrl: database.url });
    await migrateDatabase(connection);
    await body(connection, database);
  } catch (error) {
    if (!stopping) throw error;
  } finally {
    await connection?.close();
    await dropCreatedDatabase({ wait: !stopping });
  }
}
