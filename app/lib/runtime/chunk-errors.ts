import { claimReload, tabStorage } from "./reload-guard";

// What each engine says when a module or a stylesheet of the build cannot be fetched.
const chunkLoadMessages = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preloader
];

/** Whether an error is a part of the build (a chunk) that could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return chunkLoadMessages.some((pattern) => pattern.test(error.message));
}

/**
 * Reloads the current path after a part of the build failed to load: most often the page is of
 * an older deployment whose files are gone. Returns false, and does nothing, within the reload
 * guard: the caller lets the error page show instead.
 */
export function reloadAfterChunkError(error: unknown): boolean {
  console.error("A part of the app could not be loaded.", error);
  if (!claimReload(tabStorage())) return false;
  window.location.reload();
  return true;
}

/**
 * Stands in for a route module that could not be loaded, within the reload guard: rendering it
 * throws the load error, which the nearest error boundary shows as the page to reload.
 */
export function failedRouteModule(error: unknown) {
  return {
    default: function FailedRoute(): never {
      throw error;
    },
  };
}

/**
 * Vite reports failed preloads of dynamic imports as `vite:preloadError`; cancelling the event
 * stops the error from reaching the import while the page reloads.
 */
export function listenForPreloadErrors(target: Window = window) {
  const onPreloadError = (event: Event) => {
    const { payload } = event as Event & { payload?: unknown };
    if (reloadAfterChunkError(payload)) event.preventDefault();
  };
  target.addEventListener("vite:preloadError", onPreloadError);
  return () => target.removeEventListener("vite:preloadError", onPreloadError);
}
