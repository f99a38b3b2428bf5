import { describe, expect, it, vi } from "vitest";
import { socketUrl } from "~/lib/realtime/connection.client";
import {
  disconnectRealtime,
  getRealtimeStatus,
  registerRealtimeStop,
  setRealtimeStatus,
  subscribeRealtimeStatus,
} from "~/lib/realtime/store";

describe("socketUrl", () => {
  it.each([
    ["/api/v1/socket", "http://localhost:3000/dashboard", "ws://localhost:3000/api/v1/socket"],
    ["/api/v1/socket", "https://qalam.example/ar/account", "wss://qalam.example/api/v1/socket"],
    [
      "https://api.example/api/v1/socket",
      "https://qalam.example/",
      "wss://api.example/api/v1/socket",
    ],
    ["wss://rt.example/socket", "https://qalam.example/", "wss://rt.example/socket"],
  ])("opens %s from %s at %s", (url, page, expected) => {
    expect(socketUrl(url, page)).toBe(expected);
  });
});

describe("disconnectRealtime", () => {
  it("stops the registered connection", async () => {
    const stop = vi.fn(async () => {});
    registerRealtimeStop(stop);
    await disconnectRealtime();
    expect(stop).toHaveBeenCalledOnce();
    registerRealtimeStop(null);
  });

  it("never fails, so that signing out goes on", async () => {
    registerRealtimeStop(async () => {
      throw new Error("socket already gone");
    });
    await expect(disconnectRealtime()).resolves.toBeUndefined();
    registerRealtimeStop(null);
  });

  it("does nothing without a connection", async () => {
    await expect(disconnectRealtime()).resolves.toBeUndefined();
  });
});

describe("the status store", () => {
  it("merges partial updates and tells listeners of changes only", () => {
    const listener = vi.fn();
    const stop = subscribeRealtimeStatus(listener);
    setRealtimeStatus({ activation: "active", connected: false });
    setRealtimeStatus({ connected: true });
    expect(getRealtimeStatus()).toEqual({ activation: "active", connected: true });
    setRealtimeStatus({ connected: true });
    expect(listener).toHaveBeenCalledTimes(2);

    stop();
    setRealtimeStatus({ activation: "inactive", connected: false });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getRealtimeStatus()).toEqual({ activation: "inactive", connected: false });
  });
});
