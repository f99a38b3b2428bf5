import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, expectTypeOf, it } from "vitest";
import { type ApiBody, type ApiClient, type ApiSchema, createApiClient } from "~/lib/api/client";
import { ApiError, ApiUnavailableError } from "~/lib/api/errors";

const baseUrl = "http://api.test/api/v1";
const login = { value: "demo@qalam.local", password: "correct horse" };
const workspace = { name: "Acme", description: "", color: "teal" } as const;

type Reply = () => Response | Promise<Response>;

/** A fetch that answers with the scripted replies in turn and records every request. */
function scripted(...replies: Reply[]) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    const reply = replies[Math.min(requests.length, replies.length) - 1];
    if (!reply) throw new Error("no scripted reply");
    return reply();
  };
  return { fetch, requests };
}

function json(body: unknown, status = 200): Reply {
  return () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
}

function noContent(): Reply {
  return () => new Response(null, { status: 204 });
}

function errorBody(
  status: number,
  code: string,
  message: string,
  details: { fields?: Record<string, string>; fieldCodes?: Record<string, string> } = {},
): Reply {
  return json({ error: { code, message, ...details } }, status);
}

const PENDING = Symbol("pending");

/** What the promise settles to within `ms`, rejection reasons included, or PENDING. */
function settleWithin<T>(promise: Promise<T>, ms: number) {
  return Promise.race([
    promise.catch((error: unknown) => error),
    new Promise<typeof PENDING>((resolve) => setTimeout(() => resolve(PENDING), ms)),
  ]);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function collectGarbage() {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

describe("createApiClient", () => {
  describe("headers", () => {
    it("sends Authorization: Bearer <token> when there is a token", async () => {
      const api = scripted(json({}));
      await createApiClient({ baseUrl, fetch: api.fetch, token: "t0k3n" }).get("/user");
      expect(api.requests[0]?.headers.get("Authorization")).toBe("Bearer t0k3n");
    });

    it.each([undefined, null, ""])("sends no Authorization header for token %j", async (token) => {
      const api = scripted(json({}));
      await createApiClient({ baseUrl, fetch: api.fetch, token }).get("/user");
      expect(api.requests[0]?.headers.has("Authorization")).toBe(false);
    });

    it("asks for JSON and passes the language on", async () => {
      const api = scripted(json({}));
      await createApiClient({ baseUrl, fetch: api.fetch, language: "ar" }).get("/user");
      expect(api.requests[0]?.headers.get("Accept")).toBe("application/json");
      expect(api.requests[0]?.headers.get("Accept-Language")).toBe("ar");
    });

    it("forwards the browser's address for the API's per-address limits", async () => {
      const api = scripted(json({}), json({}));
      await createApiClient({ baseUrl, fetch: api.fetch, clientAddress: "203.0.113.7" }).get(
        "/user",
      );
      await createApiClient({ baseUrl, fetch: api.fetch }).get("/user");
      expect(api.requests[0]?.headers.get("X-Forwarded-For")).toBe("203.0.113.7");
      expect(api.requests[1]?.headers.has("X-Forwarded-For")).toBe(false);
    });

    it("forwards the browser's User-Agent, which the API keeps with a new session", async () => {
      const api = scripted(json({}));
      const userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)";
      await createApiClient({ baseUrl, fetch: api.fetch, userAgent }).post("/login", {
        body: login,
      });
      expect(api.requests[0]?.headers.get("User-Agent")).toBe(userAgent);
    });
  });

  describe("URLs and bodies", () => {
    it("joins the base URL and the path, with or without a trailing slash", async () => {
      const api = scripted(json({}));
      await createApiClient({ baseUrl, fetch: api.fetch }).get("/workspaces");
      await createApiClient({ baseUrl: `${baseUrl}/`, fetch: api.fetch }).get("/workspaces");
      expect(api.requests.map((request) => request.url)).toEqual([
        "http://api.test/api/v1/workspaces",
        "http://api.test/api/v1/workspaces",
      ]);
    });

    it("puts the path parameters into the path, URL-encoded", async () => {
      const api = scripted(noContent());
      await createApiClient({ baseUrl, fetch: api.fetch }).delete(
        "/organizations/{id}/members/{userId}",
        { path: { id: "a/b", userId: "c d?" } },
      );
      expect(api.requests[0]?.url).toBe(
        "http://api.test/api/v1/organizations/a%2Fb/members/c%20d%3F",
      );
    });

    it("rejects, sending nothing, when a path parameter is missing", async () => {
      const api = scripted(noContent());
      const error = await createApiClient({ baseUrl, fetch: api.fetch })
        // @ts-expect-error: the path parameter userId is required
        .delete("/organizations/{id}/members/{userId}", { path: { id: "o1" } })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TypeError);
      expect(api.requests).toHaveLength(0);
    });

    it("puts the query in the URL, dropping null and undefined, with no body", async () => {
      const api = scripted(json({ items: [] }));
      // Values of other types than this operation's, to show how each is written.
      const others: object = { archived: false, empty: "", gone: null };
      const result = await createApiClient({ baseUrl, fetch: api.fetch }).get(
        "/organizations/{id}/members",
        { path: { id: "o1" }, query: { page: 2, search: "a b", pageSize: undefined, ...others } },
      );
      expect(result).toEqual({ items: [] });
      const request = api.requests[0];
      expect(request?.method).toBe("GET");
      const url = new URL(request?.url ?? "");
      expect(url.pathname).toBe("/api/v1/organizations/o1/members");
      expect([...url.searchParams]).toEqual([
        ["page", "2"],
        ["search", "a b"],
        ["archived", "false"],
        ["empty", ""],
      ]);
      expect(request?.body).toBeNull();
      expect(request?.headers.has("Content-Type")).toBe(false);
    });

    it("sends a DELETE without params with no body", async () => {
      const api = scripted(noContent());
      await createApiClient({ baseUrl, fetch: api.fetch }).delete("/workspaces/{id}", {
        path: { id: "w1" },
      });
      expect(api.requests[0]?.method).toBe("DELETE");
      expect(api.requests[0]?.url).toBe("http://api.test/api/v1/workspaces/w1");
      expect(api.requests[0]?.body).toBeNull();
    });

    const registration = { firstName: "Layla", "organization.name": "Haddad Studio", phone: null };
    it.each([
      [
        "POST",
        "/registration",
        registration,
        (client: ApiClient) => client.post("/registration", { body: registration }),
      ],
      [
        "PUT",
        "/user/current-organization",
        { organizationId: "o1" },
        (client: ApiClient) =>
          client.put("/user/current-organization", { body: { organizationId: "o1" } }),
      ],
      [
        "PATCH",
        "/workspaces/w1",
        workspace,
        (client: ApiClient) =>
          client.patch("/workspaces/{id}", { path: { id: "w1" }, body: workspace }),
      ],
    ])("sends a %s payload to %s as a JSON body", async (method, path, payload, send) => {
      const api = scripted(json({ id: 1 }, 201));
      const result = await send(createApiClient({ baseUrl, fetch: api.fetch }));
      expect(result).toEqual({ id: 1 });
      const request = api.requests[0];
      expect(request?.method).toBe(method);
      expect(request?.url).toBe(`http://api.test/api/v1${path}`);
      expect(request?.headers.get("Content-Type")).toBe("application/json");
      expect(await request?.json()).toEqual(payload);
    });

    it("sends a POST without a payload with no body", async () => {
      const api = scripted(noContent());
      await createApiClient({ baseUrl, fetch: api.fetch }).post("/logout");
      expect(api.requests[0]?.body).toBeNull();
      expect(api.requests[0]?.headers.has("Content-Type")).toBe(false);
    });

    it("passes FormData through as multipart, not JSON", async () => {
      const api = scripted(json({}));
      const form = new FormData();
      form.set("name", "Acme");
      form.set("file", new File(["hello"], "hello.txt", { type: "text/plain" }));
      await createApiClient({ baseUrl, fetch: api.fetch }).put("/user", { body: form });
      const request = api.requests[0];
      expect(request?.headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
      const received = await request?.formData();
      expect(received?.get("name")).toBe("Acme");
      const file = received?.get("file");
      expect(file).toBeInstanceOf(File);
      expect(await (file as File).text()).toBe("hello");
    });
    it("sends a file as the body itself, with its own type (an import)", async () => {
      const api = scripted(json({ imported: 1 }));
      const id = "00000000-0000-4000-8000-000000000001";
      const csv = new Blob(["question,answer\nق,ج\n"], { type: "text/csv" });
      await createApiClient({ baseUrl, fetch: api.fetch }).post("/bots/{id}/knowledge/qa/import", {
        path: { id },
        body: csv as never,
      });
      const request = api.requests[0];
      expect(request?.url).toBe(`${baseUrl}/bots/${id}/knowledge/qa/import`);
      expect(request?.headers.get("Content-Type")).toBe("text/csv");
      expect(await request?.text()).toBe("question,answer\nق,ج\n");
    });
    it("sends a form an API stops reading (a refused upload) without an error escaping", async () => {
      const escaped: unknown[] = [];
      const onEscape = (error: unknown) => escaped.push(error);
      process.on("unhandledRejection", onEscape);
      try {
        for (let read = 0; read < 8; read++) {
          // The API reads a chunk or a few of the body, then cancels the rest.
          const refusing = async (request: Request) => {
            const reader = request.body?.getReader();
            for (let i = 0; i < read; i++) await reader?.read();
            await reader?.cancel();
            return new Response(JSON.stringify({ error: { code: "FORBIDDEN", message: "No" } }), {
              status: 403,
              headers: { "Content-Type": "application/json" },
            });
          };
          const form = new FormData();
          form.set("file", new File([new Uint8Array(4 * 1024 * 1024)], "big.bin"));
          await expect(
            createApiClient({ baseUrl, fetch: refusing }).put("/user", { body: form }),
          ).rejects.toBeInstanceOf(ApiError);
        }
        await sleep(50);
      } finally {
        process.off("unhandledRejection", onEscape);
      }
      expect(escaped).toEqual([]);
    });
  });

  describe("responses", () => {
    it("resolves a 204 to undefined", async () => {
      const api = scripted(noContent());
      await expect(
        createApiClient({ baseUrl, fetch: api.fetch }).delete("/workspaces/{id}", {
          path: { id: "w1" },
        }),
      ).resolves.toBe(undefined);
    });

    it("maps the error body onto ApiError", async () => {
      const api = scripted(
        errorBody(422, "VALIDATION_FAILED", "Check the form.", {
          fields: { email: "Invalid email.", name: "Required" },
          fieldCodes: { email: "INVALID_FORMAT", name: "REQUIRED" },
        }),
      );
      const error = await createApiClient({ baseUrl, fetch: api.fetch })
        .post("/workspaces", { body: workspace })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        name: "ApiError",
        status: 422,
        code: "VALIDATION_FAILED",
        message: "Check the form.",
        fields: { email: "Invalid email.", name: "Required" },
        fieldCodes: { email: "INVALID_FORMAT", name: "REQUIRED" },
      });
    });

    it("gives an error body without fields empty fields and fieldCodes objects", async () => {
      const api = scripted(errorBody(401, "UNAUTHENTICATED", "Sign in."));
      const error = await createApiClient({ baseUrl, fetch: api.fetch })
        .get("/user")
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        status: 401,
        code: "UNAUTHENTICATED",
        fields: {},
        fieldCodes: {},
      });
    });

    it("keeps only the string entries of fields and fieldCodes", async () => {
      const api = scripted(
        json(
          {
            error: { code: "X", message: "m", fields: { a: "ok", b: 1 }, fieldCodes: ["TOO_LONG"] },
          },
          422,
        ),
      );
      const error = await createApiClient({ baseUrl, fetch: api.fetch })
        .get("/user")
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ fields: { a: "ok" }, fieldCodes: {} });
    });

    it("reads Retry-After into retryAfterSeconds", async () => {
      const api = scripted(
        () =>
          new Response(JSON.stringify({ error: { code: "TOO_MANY_REQUESTS", message: "Wait." } }), {
            status: 429,
            headers: { "Content-Type": "application/json", "Retry-After": "120" },
          }),
        errorBody(429, "TOO_MANY_REQUESTS", "Wait."),
      );
      const client = createApiClient({ baseUrl, fetch: api.fetch });
      const first = await client.post("/login", { body: login }).catch((caught: unknown) => caught);
      const second = await client
        .post("/login", { body: login })
        .catch((caught: unknown) => caught);
      expect(first).toMatchObject({ status: 429, retryAfterSeconds: 120 });
      expect(second).toMatchObject({ status: 429, retryAfterSeconds: null });
    });

    it("falls back to HTTP_<status> and the status text when the error body is not JSON", async () => {
      const api = scripted(() => new Response("oops", { status: 418, statusText: "I'm a teapot" }));
      const error = await createApiClient({ baseUrl, fetch: api.fetch })
        .get("/health")
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 418, code: "HTTP_418", message: "I'm a teapot" });
    });
  });

  describe("retries", () => {
    it("retries a GET answered 503 once and resolves with the second answer", async () => {
      const api = scripted(errorBody(503, "UNAVAILABLE", "Busy."), json({ ok: true }));
      await expect(createApiClient({ baseUrl, fetch: api.fetch }).get("/health")).resolves.toEqual({
        ok: true,
      });
      expect(api.requests).toHaveLength(2);
    });

    it("rejects a GET answered 503 twice with ApiError 503 after exactly 2 calls", async () => {
      const api = scripted(
        errorBody(503, "UNAVAILABLE", "Busy."),
        errorBody(503, "UNAVAILABLE", "Still busy."),
        json({ ok: true }),
      );
      const error = await createApiClient({ baseUrl, fetch: api.fetch })
        .get("/health")
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 503, code: "UNAVAILABLE", message: "Still busy." });
      expect(api.requests).toHaveLength(2);
    });

    it.each([
      ["POST", (client: ApiClient) => client.post("/logout")],
      ["PUT", (client: ApiClient) => client.put("/user", { body: new FormData() })],
      [
        "PATCH",
        (client: ApiClient) =>
          client.patch("/workspaces/{id}", { path: { id: "w1" }, body: workspace }),
      ],
      ["DELETE", (client: ApiClient) => client.delete("/user/sessions")],
    ])("does not retry a %s answered 503", async (_method, send) => {
      const api = scripted(errorBody(503, "UNAVAILABLE", "Busy."), json({ ok: true }));
      const error = await send(createApiClient({ baseUrl, fetch: api.fetch })).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
      expect(api.requests).toHaveLength(1);
    });

    it("does not retry a GET answered 404", async () => {
      const api = scripted(errorBody(404, "NOT_FOUND", "No such client."), json({ ok: true }));
      const error = await createApiClient({ baseUrl, fetch: api.fetch })
        .get("/workspaces/{id}", { path: { id: "w9" } })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ status: 404, code: "NOT_FOUND" });
      expect(api.requests).toHaveLength(1);
    });
  });

  describe("unavailable API", () => {
    it("rejects with ApiUnavailableError once timeoutMs has passed, even after a garbage collection", async () => {
      const api = scripted(() => new Promise<Response>(() => {}));
      const started = performance.now();
      const pending = createApiClient({ baseUrl, fetch: api.fetch, timeoutMs: 50 }).get("/user");
      await sleep(10);
      collectGarbage();
      const outcome = await settleWithin(pending, 1000);
      expect(outcome).toBeInstanceOf(ApiUnavailableError);
      expect((outcome as Error).message).toContain("GET /user failed");
      expect(performance.now() - started).toBeGreaterThanOrEqual(40);
      expect(api.requests).toHaveLength(1);
    });

    it("rejects with ApiUnavailableError when the caller's signal aborts, even after a garbage collection", async () => {
      const controller = new AbortController();
      const api = scripted(() => new Promise<Response>(() => {}));
      const pending = createApiClient({
        baseUrl,
        fetch: api.fetch,
        signal: controller.signal,
      }).get("/user");
      await sleep(10);
      collectGarbage();
      controller.abort();
      const outcome = await settleWithin(pending, 1000);
      expect(outcome).toBeInstanceOf(ApiUnavailableError);
      expect(api.requests[0]?.signal.aborted).toBe(true);
    });

    it("rejects with ApiUnavailableError when fetch throws, keeping the cause", async () => {
      const cause = new TypeError("fetch failed");
      const api = scripted(() => {
        throw cause;
      });
      const error = await createApiClient({ baseUrl, fetch: api.fetch })
        .get("/health")
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiUnavailableError);
      expect((error as Error).message).toBe("GET /health failed: fetch failed");
      expect((error as Error).cause).toBe(cause);
      expect(api.requests).toHaveLength(1);
    });

    it("does not retry after a network error", async () => {
      const api = scripted(() => Promise.reject(new TypeError("fetch failed")), json({ ok: true }));
      await expect(
        createApiClient({ baseUrl, fetch: api.fetch }).get("/health"),
      ).rejects.toBeInstanceOf(ApiUnavailableError);
      expect(api.requests).toHaveLength(1);
    });
  });

  describe("types, checked by tsc", () => {
    it("takes paths, parameters and bodies, and answers, as the OpenAPI document says", () => {
      const client = createApiClient({ baseUrl });
      // Never called: these lines are for the type checker.
      const calls = () => {
        expectTypeOf(client.get("/workspaces/{id}", { path: { id: "w1" } })).resolves.toEqualTypeOf<
          ApiSchema<"WorkspaceDetails">
        >();
        expectTypeOf(client.post("/login/email", { body: login })).resolves.toEqualTypeOf<
          ApiSchema<"SignedIn">
        >();
        expectTypeOf(client.put("/user", { body: new FormData() })).resolves.toEqualTypeOf<
          ApiSchema<"CurrentUser">
        >();
        expectTypeOf(
          client.delete("/workspaces/{id}", { path: { id: "w1" } }),
        ).resolves.toBeUndefined();
        expectTypeOf<ApiBody<"/organizations/{id}/members">>().toEqualTypeOf<
          ApiSchema<"MemberList">
        >();
        expectTypeOf<ApiBody<"/organizations", "post">>().toEqualTypeOf<
          ApiSchema<"Organization">
        >();

        // @ts-expect-error: no such path
        client.get("/no-such-path");
        // @ts-expect-error: /login/email has no GET
        client.get("/login/email");
        // @ts-expect-error: the path parameter is required
        client.get("/workspaces/{id}");
        // @ts-expect-error: the path parameter is id, not workspaceId
        client.get("/workspaces/{id}", { path: { workspaceId: "w1" } });
        // @ts-expect-error: the body is required
        client.post("/login/email");
        // @ts-expect-error: the field is value, not email
        client.post("/login/email", { body: { email: "a@b.c", password: "p" } });
        // @ts-expect-error: page is a number
        client.get("/organizations/{id}/members", { path: { id: "o1" }, query: { page: "2" } });
        // @ts-expect-error: the token query parameter is required
        client.get("/invitations");
        // @ts-expect-error: PUT /user takes multipart/form-data
        client.put("/user", { body: { firstName: "Sara" } });
        // @ts-expect-error: POST /workspaces takes JSON
        client.post("/workspaces", { body: new FormData() });
      };
      expect(calls).toBeTypeOf("function");
    });
  });
});
