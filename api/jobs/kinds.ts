import type { Capability } from "../ai/capabilities";
import type { Database } from "../db/client";

/** What a piece of work gets while it runs. */
export type JobContext<Input> = {
  job: {
    id: string;
    organizationId: string;
    userId: string | null;
    input: Input;
    /** 1 on the first try. */
    attempt: number;
  };
  /** Aborted when someone cancels the job or the process stops. */
  signal: AbortSignal;
  /** Reports how far it has come, 0 to 1; the page follows it live. */
  progress: (fraction: number) => Promise<void>;
  db: Database;
};

/**
 * A kind of long work: what runs it and how it is retried. Each kind is a queue of its own, so
 * its concurrency is limited apart from the others'.
 */
export type JobKind<Input = unknown, Result = unknown> = {
  /** The queue's name and the job's `kind`: lowercase words joined by dots or dashes. */
  kind: string;
  /** The AI capability it calls, if any: its concurrency limit applies. */
  capability?: Capability;
  /** Tries in all, the first included (default 3). */
  tries?: number;
  /** The pause before the second try, doubling after each (seconds, default 5). */
  retryDelaySeconds?: number;
  /** How long one try may run before it is stopped and counted as failed (seconds, default 900). */
  timeoutSeconds?: number;
  run: (context: JobContext<Input>) => Promise<Result>;
};

/** Declares a kind of work, with its input and result types checked where it is defined. */
export function defineJobKind<Input, Result>(kind: JobKind<Input, Result>): JobKind<Input, Result> {
  return kind;
}

/**
 * A failure that trying again cannot mend (bad input, a refused key): the job fails at once,
 * with this code and message on its record.
 */
export class PermanentJobError extends Error {
  override readonly name = "PermanentJobError";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
