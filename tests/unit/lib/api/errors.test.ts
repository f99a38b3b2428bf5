import { describe, expect, it } from "vitest";
import { ApiError, ApiUnavailableError, isApiError, isUserError } from "~/lib/api/errors";

describe("ApiError", () => {
  it("defaults fields and fieldCodes to {} and retryAfterSeconds to null", () => {
    const error = new ApiError(404, "NOT_FOUND", "No such thing.");
    expect(error).toMatchObject({ fields: {}, fieldCodes: {}, retryAfterSeconds: null });
  });
});

describe("isApiError", () => {
  it("matches an ApiError, and its status when one is given", () => {
    const error = new ApiError(404, "NOT_FOUND", "No such thing.");
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 404)).toBe(true);
    expect(isApiError(error, 403)).toBe(false);
    expect(isApiError(new Error("x"))).toBe(false);
  });
});

describe("isUserError", () => {
  it.each([
    [400, true],
    [422, true],
    [429, true],
    [401, false],
    [500, false],
  ])("is %i a user error: %s", (status, expected) => {
    expect(isUserError(new ApiError(status, "X", "x"))).toBe(expected);
  });

  it("is true for a full mail queue, whose form asks to try again in a minute", () => {
    expect(isUserError(new ApiError(503, "MAIL_QUEUE_FULL", "x"))).toBe(true);
    expect(isUserError(new ApiError(503, "X", "x"))).toBe(false);
  });

  it("is false for an unavailable API", () => {
    expect(isUserError(new ApiUnavailableError("down"))).toBe(false);
  });
});
