import { fromPglite, type Job, PgBoss } from "pg-boss";
import { logError } from "../log";
import type { DatabaseConnection } from "./client";

/** Where pg-boss keeps its tables, beside the product's own (decision 016). */
export const queueSchema = "pgboss";

export type JobQueueOptions = {
  /** The server's address when the database is PostgreSQL (pg-boss keeps a small pool of its own). */
  databaseUrl?: string;
  /**
   * How often the supervisor looks for work whose process went quiet (a crash, a kill) and puts it
   * back in the queue; seconds, default 30.
   */
  superviseIntervalSeconds?: number;
};

/**
 * The durable queue under every long piece of work: pg-boss on the product's own database,
 * PGlite or a PostgreSQL server. Workers are woken by NOTIFY as soon as work is sent, and poll
 * as a backstop.
 */
export async function openJobQueue(
  connection: DatabaseConnection,
  options: JobQueueOptions = {},
): Promise<PgBoss> {
  const common = {
    schema: queueSchema,
    useListenNotify: true,
    supervise: true,
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 30,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 30,
    // Nothing reads the telemetry; its spans would only cost.
    openTelemetry: { enabled: false },
  };
  const boss =
    connection.driver === "pglite"
      ? new PgBoss({ ...common, db: fromPglite(connection.client) })
      : new PgBoss({ ...common, connectionString: requireUrl(options.databaseUrl), max: 4 });
  // Without a listener an "error" event ends the process; the queue recovers from most of them
  // (a dropped connection is opened again), so they are logged.
  boss.on("error", (error) => logError("Job queue error", error));
  await boss.start();
  return boss;
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error("The job queue needs the database's URL on PostgreSQL.");
  return url;
}

type WorkOptions = {
  /** Jobs this instance runs at once. */
  concurrency: number;
  /** Jobs of one group (organization) running at once across every instance. */
  groupConcurrency?: number;
};

/**
 * Works a queue with `concurrency` workers that each fetch again as soon as they finish, so a
 * backlog drains at the handlers' pace; idle workers wait for NOTIFY, and poll every two
 * seconds for retries that come due. (A pg-boss worker otherwise waits out its polling interval after each
 * job.) Resolves with a function that stops them, letting running jobs end.
 */
export async function workQueue<Data>(
  boss: PgBoss,
  name: string,
  options: WorkOptions,
  handler: (job: Job<Data>) => Promise<unknown>,
): Promise<() => Promise<void>> {
  const ids: string[] = [];
  for (let i = 0; i < options.concurrency; i++) {
    let id = "";
    id = await boss.work<Data>(
      name,
      {
        localConcurrency: 1,
        // New work wakes a worker at once (NOTIFY); polling finds work that comes due later
        // (a retry after its pause) and is the backstop when a notification is lost.
        pollingIntervalSeconds: 2,
        notifyPollingIntervalSeconds: 2,
        ...(options.groupConcurrency ? { groupConcurrency: options.groupConcurrency } : {}),
      },
      async ([job]) => {
        if (!job) return;
        try {
          return await handler(job);
        } finally {
          boss.notifyWorker(id);
        }
      },
    );
    ids.push(id);
  }
  return async () => {
    await Promise.all(ids.map((id) => boss.offWork(name, { id, wait: true })));
  };
}
