import { isWriteMethod, shouldRetry } from "../retry-policy";
import { ApiUnavailableError, readApiError } from "./errors";

type Fetcher = (request: Request) => Promise<Response>;
type Params = Record<string, string | number | boolean | null | undefined>;
type Body = Record<string, unknown> | FormData;

export type ApiClientOptions = {
  /** Base URL ending in /api/v1. */
  baseUrl: string;
  /** Sends the request; the embedded API's handler in-process, or the network. */
  fetch?: Fetcher;
  token?: string | null;
  /** Every call gives up after this long, so that a slow API never hangs a page. */
  timeoutMs?: number;
  /** Aborts the call when the page request that needs it goes away. */
  signal?: AbortSignal;
  language?: string;
  /** The browser's address, for the API's per-address rate limits. */
  clientAddress?: string;
  /** The browser's User-Agent, which the API records with the sessions it starts. */
  userAgent?: string | null;
};

export const DEFAULT_TIMEOUT_MS = 5000;

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  function buildRequest(method: string, path: string, payload?: Params | Body) {
    const url = new URL(`${options.baseUrl.replace(/\/$/, "")}${path}`);
    const headers = new Headers({ Accept: "application/json" });
    if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
    if (options.language) headers.set("Accept-Language", options.language);
    if (options.clientAddress) headers.set("X-Forwarded-For", options.clientAddress);
    if (options.userAgent) headers.set("User-Agent", options.userAgent);

    let body: BodyInit | undefined;
    if (!isWriteMethod(method) || method === "DELETE") {
      for (const [key, value] of Object.entries((payload ?? {}) as Params)) {
        if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
      }
    } else if (payload instanceof FormData) {
      body = payload;
    } else if (payload !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(payload);
    }

    return new Request(url, { method, headers, body });
  }

  /**
   * Sends with a deadline and the page request's abort. The controller and timer are held here:
   * a signal made by AbortSignal.timeout/any can be garbage-collected mid-call on Node 20 and then
   * never fire. An in-process handler does not watch signals, so the race is enforced here too.
   */
  function withDeadline(sendRequest: Fetcher, request: Request): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException("The API did not answer in time", "TimeoutError")),
      timeoutMs,
    );
    const onCallerAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) onCallerAbort();
    options.signal?.addEventListener("abort", onCallerAbort, { once: true });
    const sent = new Request(request, { signal: controller.signal });
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(controller.signal.reason);
      if (controller.signal.aborted) return onAbort();
      controller.signal.addEventListener("abort", onAbort, { once: true });
      sendRequest(sent).then(resolve, reject);
    }).finally(() => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onCallerAbort);
    });
  }

  async function call<T>(method: string, path: string, payload?: Params | Body): Promise<T> {
    for (let retries = 0; ; retries++) {
      let response: Response;
      try {
        response = await withDeadline(send, buildRequest(method, path, payload));
      } catch (error) {
        throw new ApiUnavailableError(`${method} ${path} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      if (response.ok) {
        if (response.status === 204) return undefined as T;
        return (await response.json()) as T;
      }
      if (shouldRetry(method, response.status, retries)) {
        response.body?.cancel().catch(() => {});
        continue;
      }
      throw await readApiError(response);
    }
  }

  return {
    get: <T>(path: string, params?: Params) => call<T>("GET", path, params),
    post: <T>(path: string, body?: Body) => call<T>("POST", path, body),
    put: <T>(path: string, body?: Body) => call<T>("PUT", path, body),
    patch: <T>(path: string, body?: Body) => call<T>("PATCH", path, body),
    delete: <T>(path: string, params?: Params) => call<T>("DELETE", path, params),
  };
}
