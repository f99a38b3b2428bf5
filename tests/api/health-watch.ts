import type { TestApi } from "./helpers";

/** How often the watcher asks for health, in milliseconds. */
const interval = 20;

export type HealthWatch<T> = {
  /** What the work returned. */
  result: T;
  /**
   * The longest wait for an answer from /health, in milliseconds, counted from the moment the
   * request was due: a blocked event loop that delays the request itself counts too.
   */
  slowest: number;
  /** How many health answers came while the work ran; none means the watch proved nothing. */
  answers: number;
  /** Statuses other than 200 seen while the work ran. */
  failures: number[];
};

/**
 * Runs `work` while another client reads GET /health every 20 ms, and says how long the slowest
 * answer took. The API, its database and the work share one process, as in production, so any
 * work that holds the event loop shows up as a slow health answer.
 */
export async function whileHealthIsWatched<T>(
  t: Pick<TestApi, "request">,
  work: () => Promise<T>,
): Promise<HealthWatch<T>> {
  let done = false;
  let slowest = 0;
  let answers = 0;
  const failures: number[] = [];
  const watcher = (async () => {
    let due = performance.now();
    while (!done) {
      const response = await t.request("GET", "/health");
      const now = performance.now();
      slowest = Math.max(slowest, now - due);
      answers += 1;
      if (response.status !== 200) failures.push(response.status);
      due = now + interval;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  })();
  try {
    // Let the watcher take its first reading before the work starts.
    await new Promise((resolve) => setTimeout(resolve, interval * 2));
    const result = await work();
    await new Promise((resolve) => setTimeout(resolve, interval * 2));
    return { result, slowest, answers, failures };
  } finally {
    done = true;
    await watcher;
  }
}
