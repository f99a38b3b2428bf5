import { describe, expect, it } from "vitest";
import { isWriteMethod, MAX_RETRIES, RETRYABLE_STATUSES, shouldRetry } from "~/lib/retry-policy";

const retryable = [408, 409, 425, 429, 500, 502, 503, 504];
const notRetryable = [200, 204, 301, 400, 401, 403, 404, 405, 410, 413, 422, 501, 505];
const reads = ["GET", "HEAD", "OPTIONS", "get", "Head", "options"];
const writes = ["POST", "PUT", "PATCH", "DELETE", "post", "Put", "patch", "delete"];

describe("RETRYABLE_STATUSES", () => {
  it("holds exactly the retryable statuses", () => {
    expect([...RETRYABLE_STATUSES].sort((a, b) => a - b)).toEqual(retryable);
  });

  it("allows one retry", () => {
    expect(MAX_RETRIES).toBe(1);
  });
});

describe("isWriteMethod", () => {
  it.each(writes)("%s is a write", (method) => {
    expect(isWriteMethod(method)).toBe(true);
  });

  it.each(reads)("%s is not a write", (method) => {
    expect(isWriteMethod(method)).toBe(false);
  });
});

describe("shouldRetry", () => {
  describe.each(reads)("%s", (method) => {
    it.each(retryable)("retries once on %i", (status) => {
      expect(shouldRetry(method, status, 0)).toBe(true);
    });

    it.each(retryable)("does not retry a second time on %i", (status) => {
      expect(shouldRetry(method, status, 1)).toBe(false);
      expect(shouldRetry(method, status, 2)).toBe(false);
    });

    it.each(notRetryable)("never retries on %i", (status) => {
      expect(shouldRetry(method, status, 0)).toBe(false);
    });
  });

  describe.each(writes)("%s", (method) => {
    it.each([...retryable, ...notRetryable])("never retries on %i", (status) => {
      expect(shouldRetry(method, status, 0)).toBe(false);
    });
  });
});
