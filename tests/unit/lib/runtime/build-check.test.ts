import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BUILD_CHECK_INTERVAL_MS,
  BUILD_CHECK_MIN_GAP_MS,
  fetchLatestBuild,
  isOtherBuild,
  type LatestBuild,
  latestBuildUrl,
  parseLatestBuild,
  startBuildCheck,
} from "~/lib/runtime/build-check";

describe("the latest-build file", () => {
  it("is asked for with a timestamp query", () => {
    expect(latestBuildUrl(1795441281667)).toBe("/builds/latest.json?t=1795441281667");
  });

  it.each([
    [
      { id: "fcb900e5", timestamp: 1795441281667 },
      { id: "fcb900e5", timestamp: 1795441281667 },
    ],
    [
      { id: "fcb900e5", timestamp: 1, extra: true },
      { id: "fcb900e5", timestamp: 1 },
    ],
    [{ id: "", timestamp: 1 }, null],
    [{ id: 5, timestamp: 1 }, null],
    [{ id: "fcb900e5", timestamp: "yesterday" }, null],
    [["fcb900e5"], null],
    [null, null],
    ["fcb900e5", null],
  ])("reads %j as %j", (value, expected) => {
    expect(parseLatestBuild(value)).toEqual(expected);
  });

  it("is null when the request fails, answers an error or is not JSON", async () => {
    const answering = (response: Response) => vi.fn(async () => response);
    const ok = answering(Response.json({ id: "a1", timestamp: 2 }));
    expect(await fetchLatestBuild(7, ok)).toEqual({ id: "a1", timestamp: 2 });
    expect(ok).toHaveBeenCalledWith("/builds/latest.json?t=7", { cache: "no-store" });
    expect(await fetchLatestBuild(7, answering(new Response("gone", { status: 404 })))).toBeNull();
    expect(await fetchLatestBuild(7, answering(new Response("<html>")))).toBeNull();
    const offline = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await fetchLatestBuild(7, offline)).toBeNull();
  });

  it("marks another deployment by its id, whichever is newer", () => {
    expect(isOtherBuild("a1", { id: "a1", timestamp: 9 })).toBe(false);
    expect(isOtherBuild("a1", { id: "b2", timestamp: 9 })).toBe(true);
    expect(isOtherBuild("a1", { id: "b2", timestamp: 0 })).toBe(true);
    expect(isOtherBuild("a1", null)).toBe(false);
  });
});

describe("startBuildCheck", () => {
  let win: EventTarget;
  let doc: EventTarget & { visibilityState: DocumentVisibilityState };
  let deployed: LatestBuild;
  let fetchLatest: ReturnType<typeof vi.fn<(now: number) => Promise<LatestBuild | null>>>;
  let onNewBuild: ReturnType<typeof vi.fn<(latest: LatestBuild) => void>>;

  beforeEach(() => {
    vi.useFakeTimers();
    win = new EventTarget();
    doc = Object.assign(new EventTarget(), { visibilityState: "visible" as const });
    deployed = { id: "current", timestamp: 1 };
    fetchLatest = vi.fn(async () => deployed);
    onNewBuild = vi.fn();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  function start() {
    return startBuildCheck({
      currentId: "current",
      onNewBuild,
      fetchLatest,
      win: win as Window,
      doc: doc as unknown as Document,
    });
  }

  it("polls on its interval and reports another build once", async () => {
    start();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetchLatest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(onNewBuild).not.toHaveBeenCalled();

    deployed = { id: "next", timestamp: 2 };
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledWith({ id: "next", timestamp: 2 });

    // Found once: it stops asking.
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 3);
    win.dispatchEvent(new Event("focus"));
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
  });

  it("asks when the tab regains focus, but not twice within the gap", async () => {
    start();
    win.dispatchEvent(new Event("focus"));
    expect(fetchLatest).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(BUILD_CHECK_MIN_GAP_MS);
    win.dispatchEvent(new Event("focus"));
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(fetchLatest).toHaveBeenCalledTimes(1);

    deployed = { id: "next", timestamp: 2 };
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_MIN_GAP_MS);
    doc.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(onNewBuild).toHaveBeenCalledWith({ id: "next", timestamp: 2 });
  });

  it("does not poll a hidden tab", async () => {
    start();
    doc.visibilityState = "hidden";
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(fetchLatest).not.toHaveBeenCalled();

    doc.visibilityState = "visible";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(fetchLatest).toHaveBeenCalledTimes(1);
  });

  it("keeps polling through failed requests", async () => {
    fetchLatest.mockResolvedValueOnce(null);
    start();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    deployed = { id: "next", timestamp: 2 };
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
  });

  it("stops on request, even with an answer on its way", async () => {
    let answer: (latest: LatestBuild) => void = () => {};
    fetchLatest.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const stop = start();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    stop();
    answer({ id: "next", timestamp: 2 });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    win.dispatchEvent(new Event("focus"));
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(onNewBuild).not.toHaveBeenCalled();
  });
});
