import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  isContainedError,
  keepServingThroughContainedErrors,
} from "../../../server/process-errors";

/** Node's own error of a byte stream written after a cancel closed it, as fetch's bodies are. */
function closedStreamError(): unknown {
  let controller: ReadableByteStreamController | undefined;
  new ReadableStream({
    type: "bytes",
    start(started) {
      controller = started;
    },
  });
  controller?.close();
  try {
    controller?.enqueue(new Uint8Array(1));
  } catch (error) {
    return error;
  }
  throw new Error("The closed stream took a write");
}

describe("isContainedError", () => {
  it("knows a stream closed by a cancel and an abort", () => {
    const closed = closedStreamError();
    expect(closed).toMatchObject({ code: "ERR_INVALID_STATE" });
    expect(isContainedError(closed)).toBe(true);
    expect(isContainedError(new DOMException("stopped", "AbortError"))).toBe(true);
  });

  it("knows nothing else", () => {
    expect(isContainedError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isContainedError(Object.assign(new Error("other"), { code: "ERR_INVALID_STATE" }))).toBe(
      false,
    );
    expect(isContainedError("ReadableStream is already closed")).toBe(false);
    expect(isContainedError(undefined)).toBe(false);
  });
});

describe("keepServingThroughContainedErrors", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("logs a contained error and goes on; logs any other and ends the process", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const events = new EventEmitter();
    const exit = vi.fn();
    keepServingThroughContainedErrors(events as unknown as NodeJS.Process, exit);

    const closed = closedStreamError();
    events.emit("unhandledRejection", closed);
    events.emit("uncaughtException", closed);
    expect(exit).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(2);
    expect(String(logged.mock.calls[0]?.[0])).toContain("ReadableStream is already closed");

    events.emit("uncaughtException", new TypeError("x is not a function"));
    expect(exit).toHaveBeenCalledWith(1);
    events.emit("unhandledRejection", new Error("lost"));
    expect(exit).toHaveBeenCalledTimes(2);
    expect(String(logged.mock.calls[3]?.[0])).toContain("Error: lost");
  });
});
