import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ICON_FETCH_TIMEOUT_MS, watchIconSprite } from "~/lib/runtime/icon-sprite";

const href = "/assets/sprite-abc.svg";

/** A fetch that answers after `delay` ms with `status`, or fails when status is "offline". */
function answeringAfter(delay: number, status: number | "offline" = 200) {
  return vi.fn(
    () =>
      new Promise<Response>((resolve, reject) => {
        setTimeout(() => {
          if (status === "offline") reject(new TypeError("Failed to fetch"));
          else resolve(new Response("<svg/>", { status }));
        }, delay);
      }),
  );
}

describe("watchIconSprite", () => {
  const onFallback = vi.fn();
  const onReady = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    onFallback.mockReset();
    onReady.mockReset();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits 1500 ms at most", () => {
    expect(ICON_FETCH_TIMEOUT_MS).toBe(1500);
  });

  it("shows the icons when the sprite arrives in time", async () => {
    const fetcher = answeringAfter(300);
    const watched = watchIconSprite({ href, onFallback, onReady, fetcher });
    await vi.advanceTimersByTimeAsync(300);
    await watched;
    expect(fetcher).toHaveBeenCalledWith(href, { signal: undefined });
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(onFallback).not.toHaveBeenCalled();
  });

  it("falls back at 1500 ms, and shows the icons when the sprite comes late", async () => {
    const watched = watchIconSprite({ href, onFallback, onReady, fetcher: answeringAfter(4000) });
    await vi.advanceTimersByTimeAsync(ICON_FETCH_TIMEOUT_MS - 1);
    expect(onFallback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onFallback).toHaveBeenCalledTimes(1);
    expect(onReady).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4000);
    await watched;
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it("falls back for good when the sprite is missing", async () => {
    const fetcher = answeringAfter(100, 404);
    const watched = watchIconSprite({ href, onFallback, onReady, fetcher });
    await vi.advanceTimersByTimeAsync(1000);
    await watched;
    expect(onFallback).toHaveBeenCalledTimes(1);
    expect(onReady).not.toHaveBeenCalled();
    // One more try in case the failure was passing, and no more.
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("shows the icons when a failed first request is followed by one that works", async () => {
    const fetcher = answeringAfter(100, "offline");
    fetcher.mockImplementationOnce(() => Promise.reject(new TypeError("Failed to fetch")));
    fetcher.mockImplementationOnce(() => Promise.resolve(new Response("<svg/>")));
    await watchIconSprite({ href, onFallback, onReady, fetcher });
    expect(onFallback).toHaveBeenCalledTimes(1);
    expect(onReady).toHaveBeenCalledTimes(1);
  });
});
