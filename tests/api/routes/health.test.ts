import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createApp } from "../../../api/app";
import type { Database } from "../../../api/db/client";
import { appDependencies, createTestApi, type TestApi } from "../helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

it("reports ok when the database answers", async () => {
  const response = await t.request("GET", "/health");

  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: "ok", database: "ok" });
});

it("reports 503 when the database does not answer", async () => {
  const failing = {
    execute: async () => {
      throw new Error("connection refused");
    },
  } as unknown as Database;
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  const app = createApp({ db: failing, production: true, ...appDependencies() });

  const response = await app.request("/api/v1/health");

  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ status: "error", database: "error" });
  expect(log).toHaveBeenCalled();
  log.mockRestore();
});
