import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { requireAuth } from "../http/auth";
import type { AppEnv } from "../http/env";
import { errorResponses, validationHook } from "../http/errors";
import { toCurrentUser } from "../services/users";
import { bearerSecurity, CurrentUserSchema } from "./schemas";

const getCurrentUserRoute = createRoute({
  method: "get",
  path: "/user",
  tags: ["User"],
  summary: "The signed-in user, with the permissions in their current organization",
  security: bearerSecurity,
  middleware: requireAuth,
  responses: {
    200: {
      description: "The current user",
      content: { "application/json": { schema: CurrentUserSchema } },
    },
    ...errorResponses(401),
  },
});

export function createUserRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
    getCurrentUserRoute,
    (c) => {
      const { user, actor } = c.var.auth;
      return c.json(toCurrentUser(user, actor), 200);
    },
  );
}
