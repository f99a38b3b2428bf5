import { afterEach, describe, expect, it, vi } from "vitest";
import {
  failedRouteModule,
  isChunkLoadError,
  listenForPreloadErrors,
  reloadAfterChunkError,
} from "~/lib/runtime/chunk-errors";
import { RELOAD_GUARD_KEY } from "~/lib/runtime/reload-guard";

describe("isChunkLoadError", () => {
  it.each([
    "Failed to fetch dynamically imported module: https://qalam.example/assets/x-1.js",
    "error loading dynamically imported module: https://qalam.example/assets/x-1.js",
    "Importing a module script failed.",
    "Unable to preload CSS for /assets/x-1.css",
  ])("recognizes %s", (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it.each([
    new Error("Network request failed"),
    new TypeError("Cannot read properties of undefined"),
    "Failed to fetch dynamically imported module",
    null,
    { message: "Importing a module script failed." },
  ])("does not take %s for one", (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});

describe("failedRouteModule", () => {
  it("throws the load error when its page renders", () => {
    const error = new TypeError("Failed to fetch dynamically imported module: /assets/a.js");
    expect(() => failedRouteModule(error).default()).toThrow(error);
  });
});

/** A window whose sessionStorage and reload the test can see. */
function stubWindow() {
  const values = new Map<string, string>();
  const events = new EventTarget();
  const window = {
    sessionStorage: {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => values.set(key, value),
    },
    location: { reload: vi.fn() },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  };
  vi.stubGlobal("window", window);
  vi.spyOn(console, "error").mockImplementation(() => {});
  return { window, values };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("reloadAfterChunkError", () => {
  it("reloads once, then leaves the error to the error page within the guard", () => {
    const { window, values } = stubWindow();
    expect(reloadAfterChunkError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(window.location.reload).toHaveBeenCalledTimes(1);
    expect(values.has(RELOAD_GUARD_KEY)).toBe(true);

    expect(reloadAfterChunkError(new TypeError("Importing a module script failed."))).toBe(false);
    expect(window.location.reload).toHaveBeenCalledTimes(1);
  });
});

describe("listenForPreloadErrors", () => {
  function preloadError() {
    const event = new Event("vite:preloadError", { cancelable: true });
    return Object.assign(event, { payload: new Error("Unable to preload CSS for /assets/a.css") });
  }

  it("reloads on Vite's preload error and cancels it; within the guard it lets it through", () => {
    const { window } = stubWindow();
    const stop = listenForPreloadErrors(window as unknown as Window);

    const first = preloadError();
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(window.location.reload).toHaveBeenCalledTimes(1);

    const second = preloadError();
    window.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(window.location.reload).toHaveBeenCalledTimes(1);

    stop();
  });
});
