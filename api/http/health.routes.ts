import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { vectorsEnabled } from "../knowledge/vectors";
import type { AppEnv } from "./env";
import { validationHook } from "./errors";
import { isDatabaseReachable } from "./health";

const HealthSchema = z
  .object({
    status: z.enum(["ok", "error"]),
    database: z.enum(["ok", "error"]),
    vectors: z.boolean().openapi({
      description:
        "Whether the database keeps vectors (pgvector): without, a bot's knowledge is searched by full text alone",
    }),
  })
  .openapi("Health");

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["Health"],
  summary: "Liveness and database reachability",
  responses: {
    200: { description: "Healthy", content: { "application/json": { schema: HealthSchema } } },
    503: {
      description: "The database does not answer",
      content: { "application/json": { schema: HealthSchema } },
    },
  },
});

export function createHealthRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(healthRoute, async (c) =>
    (await isDatabaseReachable(c.var.db))
      ? c.json(
          { status: "ok", database: "ok", vectors: await vectorsEnabled(c.var.db) } as const,
          200,
        )
      : c.json({ status: "error", database: "error", vectors: false } as const, 503),
  );
}
