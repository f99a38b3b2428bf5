import { describe, expect, it } from "vitest";
import {
  ApiError,
  ApiUnavailableError,
  explainApiError,
  isApiError,
  isUserError,
} from "~/lib/api/errors";

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

describe("explainApiError", () => {
  it("maps a known code to its message key, with the first field the API named", () => {
    const error = new ApiError(409, "EMAIL_TAKEN", "Taken.", {
      fields: { email: "Taken." },
      fieldCodes: { email: "EMAIL_TAKEN" },
    });
    expect(explainApiError(error)).toEqual({ message: "emailTaken", field: "email" });
  });

  it("says unknown for a code it does not know", () => {
    expect(explainApiError(new ApiError(400, "SOMETHING_NEW", "?"))).toEqual({
      message: "unknown",
    });
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

  it("is false for an unavailable API", () => {
    expect(isUserError(new ApiUnavailableError("down"))).toBe(false);
  });
});
