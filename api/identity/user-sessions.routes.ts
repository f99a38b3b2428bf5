import { OpenAPIHono, z } from "@hono/zod-openapi";
import { notFound } from "../errors";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { pagedQuery, pageOf, protectedRoute } from "../http/schemas";
import { listUserSessions, revokeUserSession, revokeUserSessions } from "./sessions";

const SessionSchema = z
  .object({
    id: z.uuid(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    current: z.boolean().openapi({ description: "The session of this request's token" }),
  })
  .openapi("Session");

const SessionListSchema = pageOf(SessionSchema, "SessionList");

const listRoute = protectedRoute({
  method: "get",
  path: "/user/sessions",
  tags: ["User"],
  summary: "The signed-in user's active sessions: this one first, then the most recently used",
  request: { query: pagedQuery() },
  responses: {
    200: {
      description: "A page of the active sessions",
      content: { "application/json": { schema: SessionListSchema } },
    },
  },
  errors: [422],
});

const revokeOthersRoute = protectedRoute({
  method: "delete",
  path: "/user/sessions",
  tags: ["User"],
  summary: "Sign out everywhere else",
  description: "Revokes every session of the user except the one making the request.",
  responses: {
    200: {
      description: "How many sessions were ended",
      content: {
        "application/json": {
          schema: z.object({ revoked: z.int() }).openapi("SessionsRevoked"),
        },
      },
    },
  },
});

const revokeRoute = protectedRoute({
  method: "delete",
  path: "/user/sessions/{id}",
  tags: ["User"],
  summary: "End one of the signed-in user's sessions",
  description: "404 for a session that is not the user's own, or not active.",
  request: { params: z.object({ id: z.uuid("Not a session id") }) },
  responses: {
    204: { description: "Ended" },
  },
  errors: [404, 422],
});

export function createUserSessionRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const { auth } = c.var;
      const query = c.req.valid("query");
      const { items, total } = await listUserSessions(
        c.var.db,
        auth.user.id,
        auth.sessionId,
        query,
      );
      const sessions = items.map((session) => ({
        ...session,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
      }));
      return c.json({ items: sessions, total, page: query.page, pageSize: query.pageSize }, 200);
    })
    .openapi(revokeOthersRoute, async (c) => {
      const { auth } = c.var;
      const revoked = await revokeUserSessions(c.var.db, auth.user.id, auth.sessionId);
      return c.json({ revoked }, 200);
    })
    .openapi(revokeRoute, async (c) => {
      const { id } = c.req.valid("param");
      if (!(await revokeUserSession(c.var.db, c.var.auth.user.id, id))) {
        throw notFound("No such session.");
      }
      return c.body(null, 204);
    });
}
