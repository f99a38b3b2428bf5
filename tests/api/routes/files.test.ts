import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers";
import { imageInfo, pngImage } from "../test-images";

let t: TestApi;
let avatarUrl: string;
beforeAll(async () => {
  t = await createTestApi();
  const { email, password } = await t.createUser();
  const token = await t.loginToken(email, password);
  const body = new FormData();
  body.append(
    "avatar",
    new Blob([new Uint8Array(await pngImage())], { type: "image/png" }),
    "a.png",
  );
  const response = await t.request("PUT", "/user", { token, body });
  avatarUrl = response.body.avatarUrl;
});
afterAll(() => t.close());

async function get(path: string, method = "GET") {
  const response = await t.api.fetch(new Request(`http://qalam.test${path}`, { method }));
  return { status: response.status, headers: response.headers, body: await response.arrayBuffer() };
}

function errorOf(body: ArrayBuffer) {
  return JSON.parse(new TextDecoder().decode(body)).error;
}

describe("GET /files/{folder}/{name}", () => {
  it("serves a stored file as an inert, immutable image, without a token", async () => {
    const response = await get(avatarUrl);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'");
    expect((await imageInfo(new Uint8Array(response.body))).format).toBe("webp");
  });

  it("answers a name that was never stored with 404 NOT_FOUND, not cached", async () => {
    const response = await get(`/api/v1/files/avatars/${randomUUID()}.webp`);

    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(errorOf(response.body)).toEqual({ code: "NOT_FOUND", message: expect.any(String) });
  });

  it.each([
    "/api/v1/files/avatars/..%2F..%2F..%2Fpackage.json",
    "/api/v1/files/..%2F..%2F/package.json",
    "/api/v1/files/%2e%2e/%2e%2e%2fpackage.json",
    "/api/v1/files/avatars/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json",
    "/api/v1/files/avatars/..%5C..%5Cpackage.json",
    "/api/v1/files/avatars/..",
    "/api/v1/files/avatars/.%2e",
    "/api/v1/files/%2Fetc/passwd",
    "/api/v1/files/avatars/00000000-0000-0000-0000-000000000000.webp%00.json",
    `/api/v1/files/avatars/${randomUUID().toUpperCase()}.webp`,
    `/api/v1/files/avatars/${randomUUID()}.svg`,
    `/api/v1/files/AVATARS/${randomUUID()}.webp`,
    `/api/v1/files/avatars/x/${randomUUID()}.webp`,
    "/api/v1/files/avatars",
    "/api/v1/files/",
  ])("answers %s with 404 in the API's error format", async (path) => {
    const response = await get(path);

    expect(response.status).toBe(404);
    expect(errorOf(response.body).code).toBe("NOT_FOUND");
  });

  it("does not reach a file through dot segments the URL parser removes", async () => {
    const name = avatarUrl.split("/").at(-1);

    const response = await get(`/api/v1/files/avatars/../avatars/${name}`);
    const outside = await get(`/api/v1/files/avatars/../../../../package.json`);

    // Normalised to the same avatar, which is public anyway; never anything outside the folder.
    expect(response.status).toBe(200);
    expect(outside.status).toBe(404);
  });

  it("keeps no-store on every other response", async () => {
    const response = await get("/api/v1/health");

    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("is documented in the OpenAPI document", async () => {
    const document = (await t.request("GET", "/openapi.json")).body;

    const operation = document.paths["/api/v1/files/{folder}/{name}"].get;
    expect(Object.keys(operation.responses["200"].content)).toEqual(
      expect.arrayContaining(["image/webp", "image/png", "image/jpeg"]),
    );
    expect(operation.responses).toHaveProperty("404");
  });
});
