import { describe, expect, it, vi } from "vitest";
import {
  attempts,
  backoffDelay,
  isRetryable,
  responseError,
  retryAfterSeconds,
  WidgetApiError,
  withRetry,
} from "../../../widget/client";
import { inTime, translator } from "../../../widget/strings";

describe("the widget's retries", () => {
  it("waits 1, 2, 4… seconds up to 30, a quarter more at most, or what Retry-After says", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((attempt) => backoffDelay(attempt, null, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffDelay(1, null, () => 0.999)).toBeLessThanOrEqual(1250);
    expect(backoffDelay(3, 7)).toBe(7000);
  });

  it("keeps the code of each field a refusal names", async () => {
    const response = new Response(
      JSON.stringify({ error: { code: "VALIDATION_FAILED", fieldCodes: { email: "REQUIRED" } } }),
      { status: 422, headers: { "Content-Type": "application/json" } },
    );
    const error = await responseError(response);
    expect(error).toMatchObject({ status: 422, code: "VALIDATION_FAILED" });
    expect(error.fields).toEqual({ email: "REQUIRED" });
    const bare = await responseError(new Response("oops", { status: 500 }));
    expect(bare.fields).toEqual({});
  });

  it("reads Retry-After as seconds or as a date", () => {
    expect(retryAfterSeconds("12")).toBe(12);
    expect(retryAfterSeconds(new Date(21_000).toUTCString(), 9_500)).toBe(12);
    expect(retryAfterSeconds("soon")).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
  });

  it("tries again after the network, a gateway or a short rate limit, never after a refusal", () => {
    expect(isRetryable(new WidgetApiError(0, "NETWORK"))).toBe(true);
    expect(isRetryable(new WidgetApiError(503, "UNAVAILABLE"))).toBe(true);
    expect(isRetryable(new WidgetApiError(429, "RATE_LIMITED", 5))).toBe(true);
    expect(isRetryable(new WidgetApiError(429, "RATE_LIMITED", 3600))).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 413, 422, 500]) {
      expect(isRetryable(new WidgetApiError(status, "X")), String(status)).toBe(false);
    }
    expect(isRetryable(new TypeError("x"))).toBe(false);
  });

  it("retries until the call succeeds, telling of each wait", async () => {
    const wait = vi.fn(async (_ms: number) => {});
    const onRetry = vi.fn();
    const call = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new WidgetApiError(0, "NETWORK"))
      .mockRejectedValueOnce(new WidgetApiError(429, "RATE_LIMITED", 2))
      .mockResolvedValueOnce("answer");
    await expect(withRetry(call, { wait, onRetry })).resolves.toBe("answer");
    expect(call).toHaveBeenCalledTimes(3);
    expect(onRetry).toHaveBeenCalledTimes(2);
    expect(wait.mock.calls.map(([ms]) => ms)[1]).toBe(2000);
  });

  it("gives up after its tries, at once on a refusal, and when aborted", async () => {
    const wait = async () => {};
    const network = vi.fn(async () => {
      throw new WidgetApiError(0, "NETWORK");
    });
    await expect(withRetry(network, { wait })).rejects.toMatchObject({ code: "NETWORK" });
    expect(network).toHaveBeenCalledTimes(attempts);
    network.mockClear();
    await expect(withRetry(network, { wait, attempts: 3 })).rejects.toMatchObject({
      code: "NETWORK",
    });
    expect(network).toHaveBeenCalledTimes(3);

    const refused = vi.fn(async () => {
      throw new WidgetApiError(422, "VALIDATION_FAILED");
    });
    await expect(withRetry(refused, { wait })).rejects.toMatchObject({ status: 422 });
    expect(refused).toHaveBeenCalledTimes(1);

    const abort = new AbortController();
    const aborted = vi.fn(async () => {
      abort.abort();
      throw new WidgetApiError(0, "NETWORK");
    });
    await expect(withRetry(aborted, { wait, signal: abort.signal })).rejects.toBeInstanceOf(
      WidgetApiError,
    );
    expect(aborted).toHaveBeenCalledTimes(1);
  });
});

describe("the widget's messages", () => {
  it("fills placeholders in both languages", () => {
    expect(translator("en")("open", { name: "Sara" })).toBe("Open the chat with Sara");
    expect(translator("ar")("open", { name: "سارة" })).toBe("افتح المحادثة مع سارة");
    expect(translator("en")("typing")).toBe("{{name}} is writing…");
  });

  it("says when a visitor may write again", () => {
    expect(inTime("en", 30)).toBe("in 30 seconds");
    expect(inTime("en", 600)).toBe("in 10 minutes");
    expect(inTime("ar", 30)).toMatch(/30|٣٠/);
  });
});
