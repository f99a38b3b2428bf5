import { OpenAPIHono } from "@hono/zod-openapi";
import type { Database } from "./db/client";
import { countBodies } from "./http/body-limit";
import type { AppEnv } from "./http/env";
import { handleError, handleNotFound, validationHook } from "./http/errors";
import type { Messenger } from "./mail/messenger";
import { createAiModelRoutes } from "./routes/ai-models";
import { createAuthRoutes } from "./routes/auth";
import { createCharacterRoutes } from "./routes/characters";
import { createClientRoutes } from "./routes/clients";
import { createDocumentRoutes } from "./routes/documents";
import { createFileRoutes } from "./routes/files";
import { createGenerationRoutes } from "./routes/generations";
import { createHealthRoutes } from "./routes/health";
import { createInvitationRoutes } from "./routes/invitations";
import { createJobRoutes } from "./routes/jobs";
import { createMediaRoutes } from "./routes/media";
import { createOrganizationRoutes } from "./routes/organizations";
import { createPasswordRoutes } from "./routes/password";
import { createProjectRoutes } from "./routes/projects";
import { createRecipeRoutes } from "./routes/recipes";
import { createSocketTicketRoutes } from "./routes/socket-tickets";
import { createThreadAttachmentRoutes } from "./routes/thread-attachments";
import { createThreadRoutes } from "./routes/threads";
import { createUserRoutes } from "./routes/user";
import { createUserSessionRoutes } from "./routes/user-sessions";
import { createWorkspaceRoutes } from "./routes/workspaces";
import type { AiServices } from "./services/ai-models";
import type { Jobs } from "./services/jobs";
import { defaultMaxOrganizationsPerUser } from "./services/memberships";
import type { RateLimits } from "./services/rate-limits";
import type { Storage } from "./storage/storage";

export const apiBasePath = "/api/v1";

export type AppOptions = {
  db: Database;
  production: boolean;
  messenger: Messenger;
  jobs: Jobs;
  storage: Storage;
  rateLimits: RateLimits;
  /** The web app's address, for links in mail (an invitation's page). */
  appUrl?: string;
  /** How many organizations an account may belong to. */
  maxOrganizationsPerUser?: number;
  ai: AiServices;
};

export const defaultAppUrl = "http://localhost:3000";

export function createApp({
  db,
  production,
  messenger,
  jobs,
  storage,
  rateLimits,
  appUrl = defaultAppUrl,
  maxOrganizationsPerUser = defaultMaxOrganizationsPerUser,
  ai,
}: AppOptions) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath(apiBasePath);

  app.onError(handleError);
  app.notFound(handleNotFound);

  app.use("*", async (c, next) => {
    c.set("db", db);
    c.set("production", production);
    c.set("messenger", messenger);
    c.set("jobs", jobs);
    c.set("storage", storage);
    c.set("rateLimits", rateLimits);
    c.set("appUrl", appUrl);
    c.set("maxOrganizationsPerUser", maxOrganizationsPerUser);
    c.set("ai", ai);
    // Responses carry personal data and tokens: no cache, shared or private, may keep them,
    // unless the route itself declares them cacheable (stored files). Given before the route
    // runs, the header is part of the response the route makes: one added to a finished
    // response's headers is lost when the body of @hono/node-server's light Response (the global
    // one once the web server listens) is read in the same process.
    c.header("Cache-Control", "no-store");
    await next();
    // A response the route built itself, without the context's headers.
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
  // Every body is counted against its route's limit: 1 MiB unless the route declares another.
  app.use("*", countBodies());

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "The opaque session token returned by POST /login.",
  });

  app.route("/", createHealthRoutes());
  app.route("/", createAuthRoutes());
  app.route("/", createPasswordRoutes());
  app.route("/", createUserSessionRoutes());
  app.route("/", createSocketTicketRoutes());
  app.route("/", createOrganizationRoutes());
  app.route("/", createInvitationRoutes());
  app.route("/", createWorkspaceRoutes());
  app.route("/", createAiModelRoutes());
  app.route("/", createJobRoutes());
  app.route("/", createClientRoutes());
  app.route("/", createProjectRoutes());
  app.route("/", createDocumentRoutes());
  app.route("/", createThreadRoutes());
  app.route("/", createThreadAttachmentRoutes());
  app.route("/", createCharacterRoutes());
  app.route("/", createMediaRoutes());
  app.route("/", createGenerationRoutes());
  app.route("/", createRecipeRoutes());
  app.route("/", createUserRoutes());
  app.route("/", createFileRoutes());

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
