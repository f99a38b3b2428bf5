import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env";
import { errorResponses, validationHook } from "../http/errors";
import { requestMeta } from "../http/request-meta";
import {
  emailAddress,
  jsonBody,
  jsonResponse,
  keyField,
  LoginTypeSchema,
  mailQueueNote,
  newPassword,
  protectedRoute,
  rateLimitedNote,
  requiredString,
  TokenResponseSchema,
  tokenField,
} from "../http/schemas";
import { SignedInSchema } from "./auth.routes";
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
  verifyPasswordResetKey,
} from "./password-reset";
import { servicesOf } from "./services";

const requestResetRoute = createRoute({
  method: "post",
  path: "/password/request/reset-by-email",
  tags: ["Password"],
  summary: "Mail a password reset key",
  description:
    "Answers 200 for every address and mails a 6-digit key, valid for 10 minutes, only when the " +
    `address belongs to an account. A new request replaces the previous key. ${rateLimitedNote} ` +
    mailQueueNote,
  request: jsonBody(
    z
      .object({
        email: emailAddress(),
        resetType: z.literal("KEY", { error: "Must be KEY" }),
      })
      .openapi("PasswordResetRequest"),
  ),
  responses: {
    200: {
      description: "Accepted",
      content: {
        "application/json": {
          schema: z.object({ accepted: z.literal(true) }).openapi("Accepted"),
        },
      },
    },
    ...errorResponses(400, 413, 415, 422, 429, 503),
  },
});

const verifyResetRoute = createRoute({
  method: "post",
  path: "/password/verify/by-email",
  tags: ["Password"],
  summary: "Exchange a mailed reset key for a reset token",
  description:
    "422 INVALID_KEY for a wrong key; 422 KEY_EXPIRED for an expired or used key. Wrong keys " +
    "count per address and email (five in 15 minutes) and per email (twenty), never against " +
    `the key itself. The token is valid for 10 minutes. ${rateLimitedNote}`,
  request: jsonBody(
    z.object({ email: emailAddress(), key: keyField() }).openapi("PasswordResetKeyCheck"),
  ),
  responses: {
    200: jsonResponse("The token for POST /password/reset", TokenResponseSchema),
    ...errorResponses(400, 413, 415, 422, 429),
  },
});

const resetRoute = createRoute({
  method: "post",
  path: "/password/reset",
  tags: ["Password"],
  summary: "Set a new password with a reset token, and sign in",
  description:
    "Ends every session of the account and starts a new one. 422 INVALID_TOKEN for an unknown, " +
    `expired or used token; 422 PASSWORD_TOO_COMMON. ${rateLimitedNote}`,
  request: jsonBody(
    z
      .object({ token: tokenField(), newPassword: newPassword(), loginType: LoginTypeSchema })
      .openapi("PasswordReset"),
  ),
  responses: {
    200: jsonResponse("Password set; signed in with a new session", SignedInSchema),
    ...errorResponses(400, 413, 415, 422, 429),
  },
});

const changeRoute = protectedRoute({
  method: "post",
  path: "/password/change",
  tags: ["Password"],
  summary: "Change the signed-in user's password",
  description:
    "Ends every other session of the account. 422 INVALID_PASSWORD when currentPassword is " +
    `wrong; 422 PASSWORD_TOO_COMMON. ${rateLimitedNote}`,
  request: jsonBody(
    z
      .object({
        currentPassword: requiredString({ max: 1024, trim: false }),
        newPassword: newPassword(),
      })
      .openapi("PasswordChange"),
  ),
  responses: {
    204: { description: "Changed" },
  },
  errors: [400, 413, 415, 422, 429],
});

export function createPasswordRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(requestResetRoute, async (c) => {
      await requestPasswordReset(servicesOf(c), c.req.valid("json"), requestMeta(c));
      return c.json({ accepted: true as const }, 200);
    })
    .openapi(verifyResetRoute, async (c) => {
      const result = await verifyPasswordResetKey(
        servicesOf(c),
        c.req.valid("json"),
        requestMeta(c),
      );
      return c.json(result, 200);
    })
    .openapi(resetRoute, async (c) => {
      const result = await resetPassword(servicesOf(c), c.req.valid("json"), requestMeta(c));
      return c.json(result, 200);
    })
    .openapi(changeRoute, async (c) => {
      const { auth } = c.var;
      await changePassword(servicesOf(c), {
        ...c.req.valid("json"),
        userId: auth.user.id,
        sessionId: auth.sessionId,
      });
      return c.body(null, 204);
    });
}
