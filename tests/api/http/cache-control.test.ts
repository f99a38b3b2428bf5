import { randomBytes } from "node:crypto";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaItem } from "../../../api/media/media";
import { createTestApi, ownerActor, ownerWithSession, type TestApi } from "../helpers";

let t: TestApi;
const globals = { Request: globalThis.Request, Response: globalThis.Response };

beforeAll(async () => {
  // What the web server does when it mounts the API: @hono/node-server puts its own light
  // Request and Response in place of the global ones, for the whole process.
  getRequestListener(() => new Response(null));
  t = await createTestApi();
});

afterAll(async () => {
  await t.close();
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, name, { value });
  }
});

describe("Cache-Control on the API's answers, read in the same process", () => {
  it("is no-store on an answer with personal data, once its body is read", async () => {
    const created = await t.createUser();
    const token = await t.loginToken(created.email, created.password);
    const response = await t.request("GET", "/user", { token });
    expect(response.status).toBe(200);
    expect(response.body.email).toBe(created.email);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("is no-store on an error, and the route's own where it declares one", async () => {
    const refused = await t.request("GET", "/user");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const unknown = await t.request("GET", "/no-such-path");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).toBe("no-store");

    const owner = await ownerWithSession(t);
    const bytes = new Uint8Array(randomBytes(100));
    const id = await createMediaItem(t.db, t.storage, ownerActor(owner), {
      kind: "audio",
      bytes,
      contentType: "audio/mpeg",
      prompt: "A calm voice",
    });
    const file = await t.request("GET", `/media/${id}/content`, { token: owner.token });
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
  });
});
