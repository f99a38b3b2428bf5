import { logError } from "../api/log";

/**
 * What libraries throw where no caller can catch it, known to concern only the request or job it
 * belongs to: a web stream that a cancel closed, which a late write or close then finds closed
 * (Node's fetch after an abort), and an abort itself.
 */
const containedMessages =
  /ReadableStream is already closed|Controller is already closed|ReadableStream is locked/;

/** Whether an error that escaped every handler leaves the rest of the process as it was. */
export function isContainedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "AbortError") return true;
  const code = (error as { code?: unknown }).code;
  return code === "ERR_INVALID_STATE" && containedMessages.test(error.message);
}

type ProcessEvents = Pick<NodeJS.Process, "on">;

/**
 * The last word on an error that escaped every handler: one known to be contained is logged with
 * what it was and the server keeps serving everyone else; any other is logged and the process
 * ends (status 1), as Node would end it, since what it was doing is no longer known, and the
 * supervisor starts it again.
 */
export function keepServingThroughContainedErrors(
  target: ProcessEvents = process,
  exit: (code: number) => void = (code) => process.exit(code),
) {
  const report = (what: string) => (error: unknown) => {
    if (isContainedError(error)) {
      logError(`${what}; it concerned only its own request or job, and the server goes on`, error);
      return;
    }
    logError(`${what}; the server stops`, error);
    exit(1);
  };
  target.on("unhandledRejection", report("A promise failed and nothing awaited it"));
  target.on("uncaughtException", report("An error escaped every handler"));
}
