import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { requireAuth } from "../http/auth";
import type { AppEnv } from "../http/env";
import { errorResponses, validationHook } from "../http/errors";
import { requestMeta } from "../http/request-meta";
import { login, loginTypes } from "../services/auth";
import { revokeSession } from "../services/sessions";
import { bearerSecurity, CurrentUserSchema, requiredString } from "./schemas";

const credentials = {
  value: requiredString({ max: 320 }).openapi({
    description: "Email address (any case) or phone number, depending on loginType",
    example: "demo@qalam.local",
  }),
  // Passwords are taken as typed: spaces at either end are part of them.
  password: requiredString({ max: 1024, trim: false }),
};

const LoginRequestSchema = z
  .object({ ...credentials, loginType: z.enum(loginTypes).default("EMAIL") })
  .openapi("LoginRequest");

const EmailLoginRequestSchema = z.object(credentials).openapi("EmailLoginRequest");

const LoginResponseSchema = z
  .object({
    token: z.string().openapi({ description: "Opaque session token; send as `Bearer <token>`" }),
    user: CurrentUserSchema,
  })
  .openapi("LoginResponse");

const loginResponses = {
  200: {
    description: "Signed in; a new session was started",
    content: { "application/json": { schema: LoginResponseSchema } },
  },
  ...errorResponses(400, 401, 403, 413, 415, 422),
};

const loginRoute = createRoute({
  method: "post",
  path: "/login",
  tags: ["Authentication"],
  summary: "Sign in with an email address or a phone number",
  description:
    "401 INVALID_CREDENTIALS when the login or the password is wrong (the two are not told " +
    "apart); 403 ACCOUNT_NOT_VERIFIED when the password is right but the account is not verified.",
  request: {
    body: { required: true, content: { "application/json": { schema: LoginRequestSchema } } },
  },
  responses: loginResponses,
});

const emailLoginRoute = createRoute({
  method: "post",
  path: "/login/email",
  tags: ["Authentication"],
  summary: "Sign in with an email address",
  request: {
    body: { required: true, content: { "application/json": { schema: EmailLoginRequestSchema } } },
  },
  responses: loginResponses,
});

const logoutRoute = createRoute({
  method: "post",
  path: "/logout",
  tags: ["Authentication"],
  summary: "End the current session",
  description: "Revokes the session of the bearer token; the token is refused from then on.",
  security: bearerSecurity,
  middleware: requireAuth,
  responses: {
    204: { description: "Signed out" },
    ...errorResponses(401),
  },
});

export function createAuthRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(loginRoute, async (c) => {
      const result = await login(c.var.db, c.req.valid("json"), requestMeta(c));
      return c.json(result, 200);
    })
    .openapi(emailLoginRoute, async (c) => {
      const input = { ...c.req.valid("json"), loginType: "EMAIL" as const };
      const result = await login(c.var.db, input, requestMeta(c));
      return c.json(result, 200);
    })
    .openapi(logoutRoute, async (c) => {
      await revokeSession(c.var.db, c.var.auth.sessionId);
      return c.body(null, 204);
    });
}
