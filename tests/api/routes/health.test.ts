import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createApp } from "../../../api/app";
import type { Database } from "../../../api/db/client";
import { vectorsEnabled } from "../../../api/knowledge/vectors";
import { appDependencies, createTestApi, type TestApi } from "../helpers";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

it("reports ok when the database answers", async () => {
  const response = await t.request("GET", "/health");

  expect(response.status).toBe(200);
  // PGlite loads pgvector; a PostgreSQL server keeps vectors once its package is installed.
  expect(response.body).toEqual({
    status: "ok",
    database: "ok",
    vectors: await vectorsEnabled(t.db),
  });
  if (!process.env.TEST_DATABASE_URL) expect(response.body.vectors).toBe(true);
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
  expect(await response.json()).toEqual({ status: "error", database: "error", vectors: false });
  expect(log).toHaveBeenCalled();
  log.mockRestore();
});
