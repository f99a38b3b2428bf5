/**
 * How often an open page asks whether a new build is out. Deployments happen a few times a day at
 * most: five minutes puts a visible tab at most that far behind, for one small request (a 304
 * mostly) per tab. A tab that comes back into view asks at once, which is when people notice.
 */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;

/** Focus and visibility changes ask again no sooner than this after the last question. */
export const BUILD_CHECK_MIN_GAP_MS = 30_000;

export type LatestBuild = { id: string; timestamp: number };

/** The latest-build file, with a timestamp query no cache between here and the server can answer. */
export function latestBuildUrl(now: number) {
  return `/builds/latest.json?t=${now}`;
}

export function parseLatestBuild(value: unknown): LatestBuild | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, timestamp } = value as Record<string, unknown>;
  if (typeof id !== "string" || id === "" || typeof timestamp !== "number") return null;
  return { id, timestamp };
}

/** Reads the latest build; null when the file cannot be had or is not what it should be. */
export async function fetchLatestBuild(now: number, fetcher: typeof fetch = fetch) {
  try {
    const response = await fetcher(latestBuildUrl(now), { cache: "no-store" });
    if (!response.ok) return null;
    return parseLatestBuild(await response.json());
  } catch {
    return null;
  }
}

/**
 * Another id is another deployment, whichever is newer: a rollback replaces the files an open
 * page would load just as a release does.
 */
export function isOtherBuild(currentId: string, latest: LatestBuild | null): latest is LatestBuild {
  return latest !== null && latest.id !== currentId;
}

type BuildCheckOptions = {
  currentId: string;
  onNewBuild: (latest: LatestBuild) => void;
  fetchLatest?: (now: number) => Promise<LatestBuild | null>;
  now?: () => number;
  win?: Pick<Window, "addEventListener" | "removeEventListener">;
  doc?: Pick<Document, "addEventListener" | "removeEventListener" | "visibilityState">;
};

/**
 * Polls the latest-build file every `BUILD_CHECK_INTERVAL_MS` while the tab is visible, and when it
 * regains focus, until another build is found: then calls `onNewBuild` once and stops.
 */
export function startBuildCheck({
  currentId,
  onNewBuild,
  fetchLatest = fetchLatestBuild,
  now = Date.now,
  win = window,
  doc = document,
}: BuildCheckOptions) {
  // The page was just served by the current build: that counts as the first answer.
  let lastCheck = now();
  let stopped = false;

  async function check() {
    if (stopped || doc.visibilityState === "hidden") return;
    lastCheck = now();
    const latest = await fetchLatest(lastCheck);
    if (stopped || !isOtherBuild(currentId, latest)) return;
    stop();
    onNewBuild(latest);
  }

  function onReturn() {
    if (doc.visibilityState === "visible" && now() - lastCheck >= BUILD_CHECK_MIN_GAP_MS) {
      void check();
    }
  }

  const timer = setInterval(check, BUILD_CHECK_INTERVAL_MS);
  win.addEventListener("focus", onReturn);
  doc.addEventListener("visibilitychange", onReturn);

  function stop() {
    stopped = true;
    clearInterval(timer);
    win.removeEventListener("focus", onReturn);
    doc.removeEventListener("visibilitychange", onReturn);
  }
  return stop;
}
