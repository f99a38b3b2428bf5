import { shouldRetry } from "../retry-policy";
import { ApiUnavailableError, readApiError } from "./errors";
import type { components, paths } from "./schema";

type Fetcher = (request: Request) => Promise<Response>;

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

type Method = "get" | "post" | "put" | "patch" | "delete";

/** What openapi-typescript writes for every operation. */
type OperationShape = {
  parameters: { path?: unknown; query?: unknown };
  requestBody?: unknown;
  responses: unknown;
};

/** The paths (relative to /api/v1) that have an operation for `M`. */
export type ApiPath<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends OperationShape ? P : never;
}[keyof paths];

type Operation<P extends keyof paths, M extends Method> = Extract<paths[P][M], OperationShape>;

/** A named schema of the API, such as ApiSchema<"Workspace">. */
export type ApiSchema<N extends keyof components["schemas"]> = components["schemas"][N];

/** What an operation answers with on success: its 200, 201 or 202 JSON, or undefined for a 204. */
export type ApiBody<P extends ApiPath<M>, M extends Method = "get"> = SuccessBody<
  Operation<P, M>["responses"]
>;

/** The `path`, `query` and `body` of a call, each required where the operation requires it. */
export type ApiRequest<P extends ApiPath<M>, M extends Method = "get"> = RequestOf<Operation<P, M>>;

type SuccessBody<R> = 200 extends keyof R
  ? JsonContent<R[200]>
  : 201 extends keyof R
    ? JsonContent<R[201]>
    : 202 extends keyof R
      ? JsonContent<R[202]>
      : undefined;

type JsonContent<R> = R extends { content: { "application/json": infer T } } ? T : undefined;

type RequestOf<O extends OperationShape> = Option<"path", O["parameters"]["path"]> &
  Option<"query", O["parameters"]["query"]> &
  Option<"body", RequestBody<O["requestBody"]>>;

/** FormData where the operation takes multipart/form-data, otherwise its JSON. */
type RequestBody<B> = B extends { content: infer C }
  ? "multipart/form-data" extends keyof C
    ? FormData
    : C[keyof C]
  : B;

/** `{ key: T }`: optional when T may be undefined, never there when the operation has none. */
type Option<K extends string, T> = [Exclude<T, undefined>] extends [never]
  ? { [_ in K]?: never }
  : undefined extends T
    ? { [_ in K]?: Exclude<T, undefined> }
    : { [_ in K]: T };

/** The request argument may be left out when nothing in it is required. */
type RequestArgs<R> = Partial<R> extends R ? [request?: R] : [request: R];

/** A request as the client sends it, once the types have done their work. */
type RawRequest = {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
};

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * A form as the bytes it encodes to, and its content type with the boundary. Node writes a
 * FormData body from a promise that nothing awaits: an API that stops reading it early (a refused
 * upload) cancels it while it is written, which threw where nothing could catch it and ended the
 * process. Bytes go in one piece.
 */
async function encodedForm(
  form: FormData,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  return { bytes, type: encoded.headers.get("content-type") ?? "multipart/form-data" };
}

export function createApiClient(options: ApiClientOptions) {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function buildRequest(method: string, path: string, { query, body }: RawRequest) {
    const url = new URL(`${options.baseUrl.replace(/\/$/, "")}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const headers = new Headers({ Accept: "application/json" });
    if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
    if (options.language) headers.set("Accept-Language", options.language);
    if (options.clientAddress) headers.set("X-Forwarded-For", options.clientAddress);
    if (options.userAgent) headers.set("User-Agent", options.userAgent);

    let content: BodyInit | undefined;
    if (body instanceof FormData) {
      const form = await encodedForm(body);
      headers.set("Content-Type", form.type);
      content = form.bytes;
    } else if (body instanceof Blob) {
      // A file sent as the body itself (an import), with its own type.
      headers.set("Content-Type", body.type || "application/octet-stream");
      content = new Uint8Array(await body.arrayBuffer());
    } else if (body !== undefined) {
      headers.set("Content-Type", "application/json");
      content = JSON.stringify(body);
    }

    return new Request(url, { method, headers, body: content });
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

  /** The API's successful answer, retried where that is safe; an error status throws ApiError. */
  async function respond(method: string, template: string, request: RawRequest) {
    const path = substitute(template, request.path ?? {});
    for (let retries = 0; ; retries++) {
      let response: Response;
      try {
        response = await withDeadline(send, await buildRequest(method, path, request));
      } catch (error) {
        throw new ApiUnavailableError(`${method} ${path} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      if (response.ok) return response;
      if (shouldRetry(method, response.status, retries)) {
        response.body?.cancel().catch(() => {});
        continue;
      }
      throw await readApiError(response);
    }
  }

  async function call(method: string, template: string, request: RawRequest): Promise<unknown> {
    const response = await respond(method, template, request);
    if (response.status === 204) return undefined;
    // A file (CSV) comes as its text; everything else is JSON.
    if (!response.headers.get("content-type")?.includes("json")) return await response.text();
    return await response.json();
  }

  function operation<M extends Method>(method: M) {
    return <P extends ApiPath<M>>(path: P, ...[request]: RequestArgs<ApiRequest<P, M>>) =>
      call(method.toUpperCase(), path, (request ?? {}) as RawRequest) as Promise<ApiBody<P, M>>;
  }

  /**
   * Sends and answers the API's response once its headers arrive, whatever its status, never
   * retried. The deadline covers only the wait for the headers; the page request's abort reaches
   * the API for as long as the body flows. `release` unties the two once the body is not wanted.
   */
  async function openResponse(
    method: string,
    template: string,
    request: RawRequest,
    headers: Record<string, string | null | undefined>,
  ) {
    const path = substitute(template, request.path ?? {});
    const built = await buildRequest(method, path, request);
    const controller = new AbortController();
    const onCallerAbort = () => controller.abort(options.signal?.reason);
    const release = () => options.signal?.removeEventListener("abort", onCallerAbort);
    if (options.signal?.aborted) onCallerAbort();
    options.signal?.addEventListener("abort", onCallerAbort, { once: true });
    const timer = setTimeout(
      () => controller.abort(new DOMException("The API did not answer in time", "TimeoutError")),
      timeoutMs,
    );
    const sent = new Request(built, { signal: controller.signal });
    for (const [name, value] of Object.entries(headers)) {
      if (value) sent.headers.set(name, value);
    }
    try {
      const response = await new Promise<Response>((resolve, reject) => {
        const onAbort = () => reject(controller.signal.reason);
        if (controller.signal.aborted) return onAbort();
        controller.signal.addEventListener("abort", onAbort, { once: true });
        send(sent).then(resolve, reject);
      });
      return { response, release };
    } catch (error) {
      release();
      throw new ApiUnavailableError(`${method} ${path} failed: ${(error as Error).message}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A streamed answer (Server-Sent Events): the API's response once its headers arrive, never
   * retried; a reader who leaves stops the work behind it.
   */
  async function stream(template: string, request: RawRequest): Promise<Response> {
    const { response, release } = await openResponse("POST", template, request, {
      Accept: "text/event-stream",
    });
    if (!response.ok) {
      release();
      throw await readApiError(response);
    }
    return response;
  }

  /**
   * A file as the API streams it (media): its response with status, headers and body as they
   * come, for a resource route to pass on. 206, 304 and 416 are answers to pass on too; other
   * error statuses throw ApiError.
   */
  async function passThrough(
    method: "GET" | "POST",
    template: string,
    request: RawRequest,
    headers: Record<string, string | null | undefined>,
  ): Promise<Response> {
    const { response, release } = await openResponse(method, template, request, {
      Accept: "*/*",
      ...headers,
    });
    if (!response.ok && response.status !== 304 && response.status !== 416) {
      release();
      throw await readApiError(response);
    }
    return response;
  }

  return {
    get: operation("get"),
    post: operation("post"),
    /** POST to an operation that answers with a stream of events (an AI answer). */
    stream: <P extends ApiPath<"post">>(
      path: P,
      ...[request]: RequestArgs<ApiRequest<P, "post">>
    ) => stream(path, (request ?? {}) as RawRequest),
    /**
     * A file streamed as the API answers it, for a resource route to pass on: `headers` (Range,
     * If-None-Match, If-Range) go with the request; 200, 206, 304 and 416 come back as they are.
     */
    passThrough: <M extends "get" | "post", P extends ApiPath<M>>(
      method: M,
      path: P,
      request: ApiRequest<P, M>,
      headers: Record<string, string | null | undefined> = {},
    ) => passThrough(method.toUpperCase() as "GET" | "POST", path, request as RawRequest, headers),
    put: operation("put"),
    patch: operation("patch"),
    delete: operation("delete"),
    /** A file the API serves (an export): its text, with the type and name the API gave it. */
    file: async <P extends ApiPath<"get">>(
      path: P,
      ...[request]: RequestArgs<ApiRequest<P, "get">>
    ) => {
      const response = await respond("GET", path, (request ?? {}) as RawRequest);
      return {
        text: await response.text(),
        contentType: response.headers.get("content-type") ?? "application/octet-stream",
        disposition: response.headers.get("content-disposition"),
      };
    },
    /** A file the API serves as it is, text or binary (a PNG export): its bytes, type and name. */
    bytes: async <P extends ApiPath<"get">>(
      path: P,
      ...[request]: RequestArgs<ApiRequest<P, "get">>
    ) => {
      const response = await respond("GET", path, (request ?? {}) as RawRequest);
      return {
        body: new Uint8Array(await response.arrayBuffer()),
        contentType: response.headers.get("content-type") ?? "application/octet-stream",
        disposition: response.headers.get("content-disposition"),
      };
    },
  };
}

/** "/workspaces/{id}" with { id } → "/workspaces/<id, URL-encoded>". */
function substitute(template: string, params: Record<string, string | number>) {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${template} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
