import type { ApiErrorBody } from "./contract";

/** A refusal of the API, in its error shape, or a network failure (status 0). */
export class WidgetApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** Seconds from Retry-After on a 429 or 503, when the server sent it. */
    readonly retryAfter: number | null = null,
    /** The code of each field the server refused (a 422's `fieldCodes`). */
    readonly fields: Record<string, string> = {},
  ) {
    super(code);
  }
}

/** Seconds of a Retry-After header: a number of seconds or an HTTP date. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The error a failed response stands for. */
export async function responseError(response: Response): Promise<WidgetApiError> {
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  return new WidgetApiError(
    response.status,
    body?.error?.code ?? `HTTP_${response.status}`,
    retryAfterSeconds(response.headers.get("Retry-After")),
    body?.error?.fieldCodes ?? {},
  );
}

/** The longest wait for Retry-After that the widget waits out by itself. */
export const longestAutomaticWait = 30;
export const attempts = 6;
/**
 * Tries at the bot's configuration as the page loads. A site the bot does not allow is refused
 * without CORS headers, which the browser reports as a network failure: the widget gives up after
 * seconds rather than half a minute, and asks the API three times, not six, for each visitor.
 */
export const configurationAttempts = 3;

/**
 * Whether a failure is worth another try: the network, a gateway or an instance going away, and
 * a rate limit that ends soon. Everything else is an answer that another try would repeat.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof WidgetApiError)) return false;
  if (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504) {
    return true;
  }
  return error.status === 429 && (error.retryAfter ?? 0) <= longestAutomaticWait;
}

/**
 * Milliseconds before try number `attempt` (1 for the first retry): Retry-After when the server
 * said, otherwise 1, 2, 4, 8… seconds up to 30, each with up to a quarter more at random so that
 * the visitors a drop cut off do not all come back at once.
 */
export function backoffDelay(attempt: number, retryAfter: number | null, random = Math.random) {
  if (retryAfter !== null) return retryAfter * 1000;
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + random() / 4));
}

/** Waits, ending early when the browser comes back online or the signal aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.("online", done);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.("online", done);
    signal?.addEventListener("abort", done);
  });
}

/**
 * Runs `call` until it succeeds, fails for good, or its tries (`attempts` unless told) are spent;
 * `onRetry` hears of each wait so that the visitor sees what happens.
 */
export async function withRetry<T>(
  call: () => Promise<T>,
  options: {
    signal?: AbortSignal;
    onRetry?: (error: WidgetApiError, attempt: number) => void;
    wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
    attempts?: number;
  } = {},
): Promise<T> {
  const wait = options.wait ?? pause;
  const tries = options.attempts ?? attempts;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (options.signal?.aborted || !isRetryable(error) || attempt >= tries) throw error;
      const failure = error as WidgetApiError;
      options.onRetry?.(failure, attempt);
      await wait(backoffDelay(attempt, failure.retryAfter), options.signal);
      if (options.signal?.aborted) throw error;
    }
  }
}

/** `fetch` whose network failure is a WidgetApiError with status 0, and a refusal one too. */
export async function request(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if ((error as Error)?.name === "AbortError") throw error;
    throw new WidgetApiError(0, "NETWORK");
  }
  if (!response.ok) throw await responseError(response);
  return response;
}
