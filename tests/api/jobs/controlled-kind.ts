import type { Capability } from "../../../api/ai/capabilities";
import { defineJobKind, type JobKind } from "../../../api/jobs/kinds";

type Step = { kind: "succeed"; result?: unknown } | { kind: "fail"; error: Error };

/**
 * A kind of work that the test steers: each job reports half its progress, then waits until the
 * test ends it (`finish`) or cancels it (its signal). It counts how many ran at once, per
 * organization and in all.
 */
export function controlledKind(
  name: string,
  options: { capability?: Capability; tries?: number; retryDelaySeconds?: number } = {},
) {
  const waiting = new Map<string, (step: Step) => void>();
  const state = {
    starts: [] as string[],
    aborted: [] as string[],
    running: new Map<string, number>(),
    mostAtOnce: 0,
    mostAtOnceByOrganization: new Map<string, number>(),
  };
  /** What the next tries of a label do, in order, before waiting for `finish`. */
  const scripted = new Map<string, Step[]>();

  const kind: JobKind = defineJobKind<{ label: string }, { label: string; attempt: number }>({
    kind: name,
    capability: options.capability,
    tries: options.tries ?? 3,
    retryDelaySeconds: options.retryDelaySeconds ?? 1,
    run: async ({ job, signal, progress }) => {
      const { label } = job.input;
      state.starts.push(label);
      const org = job.organizationId;
      state.running.set(org, (state.running.get(org) ?? 0) + 1);
      const total = [...state.running.values()].reduce((sum, n) => sum + n, 0);
      state.mostAtOnce = Math.max(state.mostAtOnce, total);
      state.mostAtOnceByOrganization.set(
        org,
        Math.max(state.mostAtOnceByOrganization.get(org) ?? 0, state.running.get(org) ?? 0),
      );
      try {
        await progress(0.5);
        const step =
          scripted.get(label)?.shift() ??
          (await new Promise<Step>((resolve, reject) => {
            waiting.set(label, resolve);
            signal.addEventListener("abort", () => {
              state.aborted.push(label);
              reject(signal.reason);
            });
          }));
        if (step.kind === "fail") throw step.error;
        return step.result === undefined
          ? { label, attempt: job.attempt }
          : (step.result as { label: string; attempt: number });
      } finally {
        waiting.delete(label);
        state.running.set(org, (state.running.get(org) ?? 1) - 1);
      }
    },
  }) as JobKind;

  return {
    kind,
    state,
    /** Makes the next tries of `label` end as told, without waiting. */
    script: (label: string, ...steps: Step[]) => scripted.set(label, steps),
    /** Ends the waiting job `label`; false when it is not waiting (yet). */
    finish: (label: string, step: Step = { kind: "succeed" }) => {
      const resolve = waiting.get(label);
      resolve?.(step);
      return resolve !== undefined;
    },
    isWaiting: (label: string) => waiting.has(label),
  };
}

/** Polls `check` until it returns something truthy, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  what = "the condition",
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
