import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../api/app";
import type { Database } from "../../api/db/client";
import { maxBodyBytes } from "../../api/http/body-limit";
import { appDependencies, createTestApi, type TestApi } from "./helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const url = "http://qalam.test/api/v1/login";
const oversized = JSON.stringify({ value: "x".repeat(maxBodyBytes), password: "secret" });

function streamOf(text: string, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

describe("request body limit (1 MiB)", () => {
  it("refuses a body whose Content-Length is over the limit", async () => {
    const response = await t.request("POST", "/login", {
      body: oversized,
      headers: { "content-type": "application/json" },
    });

    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("counts a streamed body that declares no length", async () => {
    const request = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: streamOf(oversized),
      duplex: "half",
    } as RequestInit);
    expect(request.headers.has("content-length")).toBe(false);

    const response = await t.api.fetch(request);

    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("counts the bytes even when Content-Length understates them", async () => {
    const request = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "20" },
      body: streamOf(oversized),
      duplex: "half",
    } as RequestInit);

    const response = await t.api.fetch(request);

    expect(response.status).toBe(413);
  });

  it("lets a body just under the limit through to validation", async () => {
    const json = { value: "x".repeat(maxBodyBytes - 100), password: "secret" };

    const response = await t.request("POST", "/login", { json });

    expect(response.status).toBe(422);
    expect(response.body.error.fields).toHaveProperty("value");
  });
});

describe("error format", () => {
  it("answers an unknown API route with 404 NOT_FOUND", async () => {
    const response = await t.request("GET", "/no-such-thing");

    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body).toEqual({
      error: { code: "NOT_FOUND", message: expect.any(String) },
    });
  });

  it("answers a known path with the wrong method with 404", async () => {
    const response = await t.request("GET", "/login");

    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("NOT_FOUND");
  });

  it("refuses a body that is not JSON with 415", async () => {
    const response = await t.request("POST", "/login", {
      body: "value=a&password=b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("answers a JSON body that is not an object with 422", async () => {
    const response = await t.request("POST", "/login", { json: ["a", "b"] });

    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
  });
});

describe("unexpected errors", () => {
  // Any use of this database throws, as a broken connection would.
  const brokenDatabase = new Proxy(
    {},
    {
      get() {
        throw new Error("connection to 10.0.0.7 lost");
      },
    },
  ) as Database;
  const validLogin = { value: "a@example.test", password: "secret" };

  it("answer 500 INTERNAL_ERROR without details in production, and are logged", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = createApp({ db: brokenDatabase, production: true, ...appDependencies() });

    const response = await app.request("/api/v1/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLogin),
    });
    const text = await response.text();

    expect(response.status).toBe(500);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(text)).toEqual({
      error: { code: "INTERNAL_ERROR", message: "Internal Server Error" },
    });
    expect(text).not.toContain("10.0.0.7");
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it("carry the message but never a stack trace outside production", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = createApp({ db: brokenDatabase, production: false, ...appDependencies() });

    const response = await app.request("/api/v1/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLogin),
    });
    const body = await response.json();

    expect(response.status).toBe(500);
    expect(body.error).toEqual({ code: "INTERNAL_ERROR", message: "connection to 10.0.0.7 lost" });
    expect(JSON.stringify(body)).not.toMatch(/\bat \S+ \(|\.ts:\d+/);
    log.mockRestore();
  });
});

describe("GET /openapi.json", () => {
  it("documents every route, its errors and the bearer scheme", async () => {
    const response = await t.request("GET", "/openapi.json");

    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("Qalam API");
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/login",
        "/api/v1/login/email",
        "/api/v1/logout",
        "/api/v1/user",
        "/api/v1/health",
      ]),
    );

    const login = document.paths["/api/v1/login"].post;
    expect(Object.keys(login.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "413", "422", "500"]),
    );
    expect(login.responses["401"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
    for (const [path, method] of [
      ["/api/v1/user", "get"],
      ["/api/v1/logout", "post"],
    ] as const) {
      const operation = document.paths[path][method];
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(operation.responses).toHaveProperty("401");
    }
  });

  it("documents a code per field next to the messages of the Error schema", async () => {
    const document = (await t.request("GET", "/openapi.json")).body;

    const error = document.components.schemas.Error.properties.error;
    expect(error.properties.fieldCodes).toMatchObject({
      type: "object",
      additionalProperties: { type: "string" },
      description: expect.stringContaining("REQUIRED"),
    });
    expect(error.required).not.toContain("fieldCodes");
  });

  // The calls of SPEC.md §7, and the account page's session calls.
  it.each([
    ["post", "/login"],
    ["post", "/login/phone"],
    ["post", "/login/email"],
    ["post", "/logout"],
    ["post", "/registration"],
    ["post", "/request-reg-verification-key"],
    ["post", "/verify-reg-verification-key"],
    ["post", "/password/request/reset-by-email"],
    ["post", "/password/verify/by-email"],
    ["post", "/password/reset"],
    ["get", "/user"],
    ["post", "/user/email-exists"],
    ["put", "/user"],
    ["post", "/password/change"],
    ["get", "/user/sessions"],
    ["delete", "/user/sessions"],
    ["delete", "/user/sessions/{id}"],
  ])("documents %s %s with its request and responses", async (method, path) => {
    const document = (await t.request("GET", "/openapi.json")).body;

    const operation = document.paths[`/api/v1${path}`]?.[method];

    expect(operation, `${method} ${path}`).toBeDefined();
    expect(operation.summary).toEqual(expect.any(String));
    expect(operation.responses).toHaveProperty("500");
    if (method === "post" && path !== "/logout") {
      expect(Object.keys(operation.requestBody.content)).toEqual(["application/json"]);
    }
  });
});
