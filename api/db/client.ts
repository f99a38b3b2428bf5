import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite/vector";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import pg from "pg";
import { logError } from "../log";
import * as schema from "./schema";

export type Schema = typeof schema;

/** What services see: the same query builder whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** PostgreSQL's LISTEN/NOTIFY: messages between every process on one database. */
export type Notifications = {
  notify: (channel: string, payload: string) => Promise<void>;
  /** Calls `handler` with each payload sent on `channel`; resolves once listening. */
  listen: (channel: string, handler: (payload: string) => void) => Promise<() => Promise<void>>;
  /**
   * Resolves once every notification committed before the call has been handed to this
   * process's listeners (or after `settleTimeoutMs`, should the database not answer): what a
   * request changed is known here before its answer is sent.
   */
  settle: () => Promise<void>;
};

/** How long `settle` waits for the database at most. */
export const settleTimeoutMs = 2_000;
const settleChannel = "qalam_settle";

export type DatabaseConnection = (
  | { driver: "pglite"; db: PgliteDatabase<Schema>; client: PGlite }
  | { driver: "pg"; db: NodePgDatabase<Schema>; pool: pg.Pool }
) & { notifications: Notifications; close: () => Promise<void> };

export type OpenDatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseConnection> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    // An idle client that loses its server emits "error"; without a listener that kills the process.
    pool.on("error", (error) => logError("PostgreSQL pool error", error));
    const db = drizzlePg({ client: pool, schema });
    const server = serverNotifications(options.databaseUrl, pool);
    const notifications = { ...withSettle(server), close: server.close };
    return {
      driver: "pg",
      db,
      pool,
      notifications,
      close: async () => {
        await notifications.close();
        await pool.end();
      },
    };
  }
  const dataDir = options.dataDir && options.dataDir !== "memory://" ? options.dataDir : undefined;
  // pgvector, for the knowledge's vectors (docs/knowledge.md).
  const client = await PGlite.create({ dataDir, extensions: { vector } });
  const db = drizzlePglite({ client, schema });
  const notifications = withSettle({
    notify: async (channel, payload) => {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, handler);
      return () => unlisten();
    },
  });
  return { driver: "pglite", db, client, notifications, close: () => client.close() };
}

/**
 * Adds `settle` to notify and listen: a marker of its own is sent through the database, which hands
 * every listener its notifications in the order their transactions committed, so once the marker
 * is back, everything committed before it has been delivered.
 */
function withSettle(base: Omit<Notifications, "settle">): Notifications {
  const waiting = new Map<string, () => void>();
  let listening: Promise<unknown> | undefined;
  return {
    ...base,
    settle: async () => {
      listening ??= base
        .listen(settleChannel, (payload) => waiting.get(payload)?.())
        .catch((error: unknown) => {
          listening = undefined;
          throw error;
        });
      const marker = crypto.randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const delivered = new Promise<void>((resolve) => {
        waiting.set(marker, resolve);
        timer = setTimeout(resolve, settleTimeoutMs);
      });
      try {
        await listening;
        await base.notify(settleChannel, marker);
        await delivered;
      } catch (error) {
        logError("PostgreSQL notifications could not settle", error);
      } finally {
        clearTimeout(timer);
        waiting.delete(marker);
      }
    },
  };
}

/**
 * LISTEN needs a connection of its own that stays open, outside the pool; it is opened on the
 * first listen and opened again (listening again) when the server drops it.
 */
function serverNotifications(connectionString: string, pool: pg.Pool) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: Promise<pg.Client> | undefined;
  let closed = false;

  function connect(): Promise<pg.Client> {
    const connecting = (async () => {
      const listener = new pg.Client({ connectionString });
      listener.on("notification", ({ channel, payload }) => {
        for (const handler of handlers.get(channel) ?? []) handler(payload ?? "");
      });
      listener.on("error", (error) => {
        logError("PostgreSQL listener error", error);
        client = undefined;
        listener.end().catch(() => {});
        if (!closed) setTimeout(() => void reconnect(), 1000).unref();
      });
      await listener.connect();
      for (const channel of handlers.keys()) await listener.query(`LISTEN ${quote(channel)}`);
      return listener;
    })();
    connecting.catch(() => {
      client = undefined;
    });
    return connecting;
  }

  async function reconnect() {
    if (closed || client || handlers.size === 0) return;
    client = connect();
    await client.catch((error: unknown) => {
      logError("PostgreSQL listener could not reconnect", error);
      setTimeout(() => void reconnect(), 1000).unref();
    });
  }

  return {
    notify: async (channel: string, payload: string) => {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    listen: async (channel: string, handler: (payload: string) => void) => {
      const known = handlers.has(channel);
      handlers.set(channel, (handlers.get(channel) ?? new Set()).add(handler));
      client ??= connect();
      const listener = await client;
      if (!known) await listener.query(`LISTEN ${quote(channel)}`);
      return async () => {
        const channelHandlers = handlers.get(channel);
        channelHandlers?.delete(handler);
        if (channelHandlers?.size === 0) {
          handlers.delete(channel);
          await listener.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
        }
      };
    },
    close: async () => {
      closed = true;
      const listener = await client?.catch(() => undefined);
      client = undefined;
      await listener?.end().catch(() => {});
    },
  };
}

/** A channel name as a quoted identifier. */
function quote(identifier: string) {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** The rows of a statement written in SQL; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
