import { and, eq, inArray } from "drizzle-orm";
import type { PgBoss, Job as QueuedJob } from "pg-boss";
import type { Capability } from "../ai/capabilities";
import { classifyAiError } from "../ai/errors";
import type { Database, Notifications } from "../db/client";
import { workQueue } from "../db/queue";
import { type Job, type JobStatus, jobs } from "../db/schema";
import { describeError } from "../log";
import { publishEvent } from "../realtime/events";
import { claimJob, deferSeconds } from "./fair-share";
import { type JobKind, PermanentJobError } from "./kinds";

/** What services need to start and stop long work. */
export type Jobs = {
  boss: PgBoss;
  runner: JobRunner;
};

/** The queue that failed work lands in once it has no tries left, whatever ended it. */
export const failedJobsQueue = "jobs-failed";
/** The NOTIFY channel that tells every instance to stop a job it is running. */
export const jobCancelChannel = "qalam_job_cancel";

/** Jobs of one organization that run at once, per kind (default 2). */
export const defaultPerOrganization = 2;
/** Jobs of one capability that run at once on one instance (default 4). */
export const defaultPerCapability = 4;
/** Jobs of one kind that one person runs at once, across organizations and instances (default 2). */
export const defaultPerUser = 2;
/** Jobs of one organization that may wait to run, of every kind together (default 20). */
export const defaultWaitingPerOrganization = 20;
/** Progress is written and announced at most this often per job (ms). */
const progressIntervalMs = 250;

export type JobRunnerOptions = {
  db: Database;
  notifications: Notifications;
  boss: PgBoss;
  kinds: readonly JobKind[];
  /** Jobs of one organization that run at once, per kind, across every instance. */
  perOrganization?: number;
  /** Jobs of a capability that run at once on each instance. */
  perCapability?: Partial<Record<Capability, number>>;
  /** Jobs of one kind that one person runs at once, whatever their organization. */
  perUser?: number;
  /** Jobs of one organization that may wait to run; past it, new work is refused. */
  waitingPerOrganization?: number;
  /**
   * How long a running job may go without a sign of life from its process before it is tried
   * again (seconds, at least 10; default 30): what a crash costs.
   */
  heartbeatSeconds?: number;
};

/** AI failures that may pass: the provider's rate limit, an outage, a slow answer. */
const transientAiFailures = new Set(["AI_PROVIDER_QUOTA", "AI_PROVIDER_DOWN", "AI_TIMEOUT"]);

type Failure = { code: string; message: string; retry: boolean };

function failureOf(error: unknown, capability: Capability | undefined): Failure {
  if (error instanceof PermanentJobError) {
    return { code: error.code, message: error.message, retry: false };
  }
  if (capability) {
    const failure = classifyAiError(error);
    return {
      code: failure.code,
      message: failure.detail ?? failure.code,
      retry: transientAiFailures.has(failure.code),
    };
  }
  return { code: "JOB_FAILED", message: "The work failed.", retry: true };
}

export type JobRunner = {
  kinds: ReadonlyMap<string, JobKind>;
  /** Jobs of one organization that may wait to run (enqueueJob refuses more). */
  waitingPerOrganization: number;
  /** Stops this instance's running jobs of `id`, wherever it runs (every instance listens). */
  stop: (id: string) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Runs every kind's queue on this instance: the record in `jobs` follows the work (running,
 * progress, its end), and each change goes out to the organization as `job.progress` or
 * `job.finished`. Every write is conditional on the state it leaves, so a cancel that lands while
 * the work finishes wins, and a second process never overwrites a settled record.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { db, boss, notifications } = options;
  const kinds = new Map(options.kinds.map((kind) => [kind.kind, kind]));
  const running = new Map<string, AbortController>();
  const cancelled = new Error("The job was cancelled.");
  let stopping = false;
  const heartbeatSeconds = Math.max(10, options.heartbeatSeconds ?? 30);

  const announce = (job: Pick<Job, "id" | "organizationId" | "userId">, type: string) =>
    publishEvent(
      db,
      { organizationId: job.organizationId },
      { type, id: job.id, organizationId: job.organizationId, actor: job.userId ?? "" },
    );

  /** Moves a job still queued or running to `status`; false when it had settled already. */
  const settle = async (id: string, values: Partial<Job> & { status: JobStatus }) => {
    const [row] = await db
      .update(jobs)
      .set({ ...values, finishedAt: values.status === "queued" ? null : new Date() })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ["queued", "running"])))
      .returning();
    if (row) await announce(row, values.status === "queued" ? "job.progress" : "job.finished");
    return row !== undefined;
  };

  await boss.createQueue(failedJobsQueue, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
  const stops: (() => Promise<void>)[] = [];
  stops.push(
    await workQueue<QueueData>(boss, failedJobsQueue, { concurrency: 1 }, async (queued) => {
      if (!queued.data?.jobId) return;
      // What failed here without a last word from its worker: a crash on its final try, or a try
      // that outlived its time.
      await settle(queued.data.jobId, {
        status: "failed",
        errorCode: "JOB_INTERRUPTED",
        errorMessage: "The work stopped before it finished and has no tries left.",
      });
    }),
  );

  for (const kind of kinds.values()) {
    const queueOptions = {
      retryLimit: (kind.tries ?? 3) - 1,
      retryDelay: kind.retryDelaySeconds ?? 5,
      // Doubling from the first pause; none at all when the kind asks for none.
      retryBackoff: (kind.retryDelaySeconds ?? 5) > 0,
      expireInSeconds: kind.timeoutSeconds ?? 900,
      heartbeatSeconds,
      deadLetter: failedJobsQueue,
      notify: true,
    };
    await boss.createQueue(kind.kind, queueOptions);
    const { heartbeatSeconds: _, deadLetter: __, ...changeable } = queueOptions;
    await boss.updateQueue(kind.kind, changeable);
    const perCapability = kind.capability
      ? (options.perCapability?.[kind.capability] ?? defaultPerCapability)
      : defaultPerCapability;
    stops.push(
      await workQueue<QueueData>(
        boss,
        kind.kind,
        {
          concurrency: perCapability,
          groupConcurrency: options.perOrganization ?? defaultPerOrganization,
        },
        (queued) => runOne(kind, queued),
      ),
    );
  }

  async function runOne(kind: JobKind, queued: QueuedJob<QueueData>) {
    const claim = await claimJob(
      db,
      queued.data.jobId,
      kind.kind,
      options.perUser ?? defaultPerUser,
    );
    // Cancelled, or its organization gone, while it waited.
    if (!claim) return;
    if ("deferred" in claim) {
      // Its author runs their share: it waits again, in its organization's group, without
      // spending a try, and this worker takes someone else's.
      await boss.send(kind.kind, queued.data, {
        startAfter: deferSeconds,
        ...(queued.groupId ? { group: { id: queued.groupId } } : {}),
      });
      return;
    }
    const { job } = claim;
    await announce(job, "job.progress");

    const controller = new AbortController();
    running.set(job.id, controller);
    const signal = AbortSignal.any([controller.signal, queued.signal]);
    let reported = 0;
    let lastWrite = 0;
    try {
      const result = await kind.run({
        job: {
          id: job.id,
          organizationId: job.organizationId,
          userId: job.userId,
          input: job.input,
          attempt: job.attempts,
        },
        signal,
        db,
        progress: async (fraction) => {
          const value = Math.min(1, Math.max(0, fraction));
          const now = Date.now();
          if (value <= reported || (now - lastWrite < progressIntervalMs && value < 1)) return;
          reported = value;
          lastWrite = now;
          const [row] = await db
            .update(jobs)
            .set({ progress: value })
            .where(and(eq(jobs.id, job.id), eq(jobs.status, "running")))
            .returning({ id: jobs.id });
          if (row) await announce(job, "job.progress");
        },
      });
      await settle(job.id, { status: "succeeded", progress: 1, result: result ?? null });
    } catch (error) {
      if (controller.signal.reason === cancelled) return; // Its record says so already.
      const failure: Failure = stopping
        ? {
            code: "JOB_INTERRUPTED",
            message: "The server stopped while this ran; it is tried again.",
            retry: true,
          }
        : failureOf(error, kind.capability);
      const triesLeft = queued.retryCount < (kind.tries ?? 3) - 1;
      if (failure.retry && triesLeft) {
        await settle(job.id, {
          status: "queued",
          errorCode: failure.code,
          errorMessage: failure.message,
        });
        throw error; // pg-boss tries again after its pause.
      }
      if (!failure.retry) console.warn(`Job ${job.id} (${kind.kind}) failed: ${failure.code}`);
      else console.error(`Job ${job.id} (${kind.kind}) failed: ${describeError(error)}`);
      await settle(job.id, {
        status: "failed",
        errorCode: failure.code,
        errorMessage: failure.message,
      });
    } finally {
      running.delete(job.id);
    }
  }

  const stopListening = await notifications.listen(jobCancelChannel, (id) => {
    running.get(id)?.abort(cancelled);
  });

  return {
    kinds,
    waitingPerOrganization: options.waitingPerOrganization ?? defaultWaitingPerOrganization,
    stop: async (id) => {
      await notifications.notify(jobCancelChannel, id);
    },
    close: async () => {
      // Running work is stopped and goes back to the queue for another try, here or elsewhere.
      stopping = true;
      await stopListening();
      for (const controller of running.values()) controller.abort(new Error("The server stops."));
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}

/** What the queue holds of a job: the id of its record, which holds the rest. */
export type QueueData = { jobId: string };
