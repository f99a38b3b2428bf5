import { OpenAPIHono } from "@hono/zod-openapi";
import type { Database } from "./db/client";
import { limitBody } from "./http/body-limit";
import type { AppEnv } from "./http/env";
import { handleError, handleNotFound, validationHook } from "./http/errors";
import { createAuthRoutes } from "./routes/auth";
import { createHealthRoutes } from "./routes/health";
import { createUserRoutes } from "./routes/user";

export const apiBasePath = "/api/v1";

export type AppOptions = {
  db: Database;
  production: boolean;
};

export function createApp({ db, production }: AppOptions) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath(apiBasePath);

  app.onError(handleError);
  app.notFound(handleNotFound);

  app.use("*", async (c, next) => {
    c.set("db", db);
    c.set("production", production);
    await next();
    // Responses carry personal data and tokens: no cache, shared or private, may keep them.
    c.res.headers.set("Cache-Control", "no-store");
  });
  app.use("*", limitBody());

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "The opaque session token returned by POST /login.",
  });

  app.route("/", createHealthRoutes());
  app.route("/", createAuthRoutes());
  app.route("/", createUserRoutes());

  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Qalam API",
      version: "1.0.0",
      description:
        'Errors are `{ "error": { "code": "SNAKE_CASE", "message": "…", "fields": { … } } }`.',
    },
  });

  return app;
}
