/** After an automatic reload, another is held back this long, so a broken page cannot loop. */
export const RELOAD_GUARD_MS = 10_000;

/** Where the time of the last automatic reload is kept, for this tab only. */
export const RELOAD_GUARD_KEY = "qalam:reloaded-at";

type GuardStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * Claims the automatic reload the guard allows: true, with the time recorded, when the last one
 * was at least `RELOAD_GUARD_MS` ago (or never); false within the window. Without storage it is
 * false too, since a reload that cannot be remembered could repeat forever.
 */
export function claimReload(storage: GuardStorage | null, now: number = Date.now()): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(RELOAD_GUARD_KEY));
    const elapsed = now - last;
    if (last > 0 && elapsed >= 0 && elapsed < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_GUARD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/** The tab's sessionStorage, or null where the browser refuses it (some private modes do). */
export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
