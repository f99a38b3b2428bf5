import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiUnavailableError } from "../../../app/lib/api/errors";
import { serviceUnavailable } from "../../../app/lib/session.server";

const unavailable = (reason: DOMException) =>
  new ApiUnavailableError(`GET /user failed: ${reason.message}`, { cause: reason });

describe("serviceUnavailable", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("reports an API that did not answer in time, as 503", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = serviceUnavailable(
      unavailable(new DOMException("The API did not answer in time", "TimeoutError")),
    );
    expect(response.status).toBe(503);
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it("keeps quiet about a call stopped because the reader left", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = serviceUnavailable(
      unavailable(new DOMException("This operation was aborted", "AbortError")),
    );
    expect(response.status).toBe(503);
    expect(logged).not.toHaveBeenCalled();
  });

  it("reports anything else as 500", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(serviceUnavailable(new Error("a bug")).status).toBe(500);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
