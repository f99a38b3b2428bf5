import { OpenAPIHono } from "@hono/zod-openapi";
import type { AiServices } from "./ai/ai-models";
import { createAiModelRoutes } from "./ai/ai-models.routes";
import { createBotCardRoutes } from "./bots/bot-cards.routes";
import { createBotRoutes } from "./bots/bots.routes";
import { createCurrentBotRoutes } from "./bots/current-bot.routes";
import { createBotHistoryRoutes } from "./bots/history.routes";
import { createLeadRoutes } from "./bots/leads.routes";
import { createPublicChatRoutes } from "./bots/public-chat.routes";
import { createCharacterRoutes } from "./characters/characters.routes";
import { createClientRoutes } from "./crm/clients.routes";
import { createDocumentRoutes } from "./crm/documents.routes";
import { createProjectRoutes } from "./crm/projects.routes";
import { createDashboardRoutes } from "./dashboard/dashboard.routes";
import type { DashboardCache } from "./dashboard/dashboard-cache";
import type { Database } from "./db/client";
import { countBodies } from "./http/body-limit";
import type { AppEnv } from "./http/env";
import { handleError, handleNotFound, validationHook } from "./http/errors";
import { createHealthRoutes } from "./http/health.routes";
import { createAuthRoutes } from "./identity/auth.routes";
import { createPasswordRoutes } from "./identity/password.routes";
import type { RateLimits } from "./identity/rate-limits";
import type { SessionCache } from "./identity/session-cache";
import { createSocketTicketRoutes } from "./identity/socket-tickets.routes";
import { createUserRoutes } from "./identity/user.routes";
import { createUserSessionRoutes } from "./identity/user-sessions.routes";
import { createKnowledgeQaRoutes } from "./knowledge/qa.routes";
import { createKnowledgeSourceRoutes } from "./knowledge/sources.routes";
import type { Messenger } from "./mail/messenger";
import { createGenerationRoutes } from "./media/generations.routes";
import type { Jobs } from "./media/jobs";
import { createJobRoutes } from "./media/jobs.routes";
import { createMediaRoutes } from "./media/media.routes";
import { createRecipeRoutes } from "./media/recipes.routes";
import { createInvitationRoutes } from "./organizations/invitations.routes";
import { defaultMaxOrganizationsPerUser } from "./organizations/memberships";
import type { OrganizationListCache } from "./organizations/organization-list-cache";
import { createOrganizationRoutes } from "./organizations/organizations.routes";
import { createWorkspaceRoutes } from "./organizations/workspaces.routes";
import { createFileRoutes } from "./storage/files.routes";
import type { Storage } from "./storage/storage";
import { createThreadAttachmentRoutes } from "./threads/thread-attachments.routes";
import { createThreadRoutes } from "./threads/threads.routes";
import { createWebhookRoutes } from "./webhooks/webhooks.routes";

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
  /** Live sessions remembered for a few seconds (decision 028); without it, each is looked up. */
  sessionCache?: SessionCache;
  /** Members' dashboards remembered for a few seconds (decision 029); without it, each is read. */
  dashboardCache?: DashboardCache;
  /** Members' lists of organizations remembered for a few seconds (decision 029). */
  organizationListCache?: OrganizationListCache;
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
  sessionCache,
  dashboardCache,
  organizationListCache,
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
    c.set("sessionCache", sessionCache);
    c.set("dashboardCache", dashboardCache);
    c.set("organizationListCache", organizationListCache);
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
  app.route("/", createDashboardRoutes());
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
  app.route("/", createBotRoutes());
  app.route("/", createBotHistoryRoutes());
  app.route("/", createWebhookRoutes());
  app.route("/", createBotCardRoutes());
  app.route("/", createKnowledgeSourceRoutes());
  app.route("/", createKnowledgeQaRoutes());
  app.route("/", createCurrentBotRoutes());
  app.route("/", createLeadRoutes());
  app.route("/", createPublicChatRoutes());
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
