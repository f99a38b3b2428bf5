import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { locales } from "../db/schema";
import { validationFailed } from "../errors";
import type { AppEnv } from "../http/env";
import { errorResponses, fieldErrors, validationHook } from "../http/errors";
import { requestMeta } from "../http/request-meta";
import {
  CurrentUserSchema,
  codedIssue,
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
  text,
  tokenField,
} from "../http/schemas";
import { unflatten } from "../http/unflatten";
import { login } from "./auth";
import {
  emailExists,
  register,
  requestRegistrationKey,
  verifyRegistrationKey,
} from "./registration";
import { servicesOf } from "./services";
import { revokeSession } from "./sessions";

const credentials = {
  value: requiredString({ max: 320 }).openapi({
    description: "Email address (any case) or phone number, depending on loginType",
    example: "demo@qalam.local",
  }),
  // Passwords are taken as typed: spaces at either end are part of them.
  password: requiredString({ max: 1024, trim: false }),
};

const LoginRequestSchema = z
  .object({ ...credentials, loginType: LoginTypeSchema.default("EMAIL") })
  .openapi("LoginRequest");

const EmailLoginRequestSchema = z.object(credentials).openapi("EmailLoginRequest");

const PhoneLoginRequestSchema = z
  .object({
    ...credentials,
    value: credentials.value.openapi({
      description: "Phone number in international form (+966 50 123 4567 or 00966…)",
      example: "+966501234567",
    }),
  })
  .openapi("PhoneLoginRequest");

export const SignedInSchema = z
  .object({
    token: z.string().openapi({ description: "Opaque session token; send as `Bearer <token>`" }),
    user: CurrentUserSchema,
  })
  .openapi("SignedIn");

const loginResponses = {
  200: jsonResponse("Signed in; a new session was started", SignedInSchema),
  ...errorResponses(400, 401, 403, 413, 415, 422, 429),
};

const loginDescription =
  "401 INVALID_CREDENTIALS when the login or the password is wrong (the two are not told " +
  "apart); 403 ACCOUNT_NOT_VERIFIED when the password is right but the account is not verified. " +
  rateLimitedNote;

const loginRoute = createRoute({
  method: "post",
  path: "/login",
  tags: ["Authentication"],
  summary: "Sign in with an email address or a phone number",
  description: loginDescription,
  request: jsonBody(LoginRequestSchema),
  responses: loginResponses,
});

const emailLoginRoute = createRoute({
  method: "post",
  path: "/login/email",
  tags: ["Authentication"],
  summary: "Sign in with an email address",
  description: loginDescription,
  request: jsonBody(EmailLoginRequestSchema),
  responses: loginResponses,
});

const phoneLoginRoute = createRoute({
  method: "post",
  path: "/login/phone",
  tags: ["Authentication"],
  summary: "Sign in with a phone number",
  description: loginDescription,
  request: jsonBody(PhoneLoginRequestSchema),
  responses: loginResponses,
});

const logoutRoute = protectedRoute({
  method: "post",
  path: "/logout",
  tags: ["Authentication"],
  summary: "End the current session",
  description: "Revokes the session of the bearer token; the token is refused from then on.",
  responses: {
    204: { description: "Signed out" },
  },
});

/** The nested registration, once the flattened body has been rebuilt. */
const RegistrationSchema = z
  .object({
    firstName: requiredString({ max: 100 }),
    lastName: requiredString({ max: 100 }),
    email: emailAddress().optional(),
    phone: requiredString({ max: 32 }).optional(),
    password: newPassword(),
    loginType: LoginTypeSchema.default("EMAIL"),
    locale: z.enum(locales, { error: "Must be en or ar" }).default("en"),
    organization: z.object(
      { name: requiredString({ max: 100 }) },
      { error: (issue) => (issue.input === undefined ? "Required" : "Must be an object") },
    ),
  })
  .superRefine((value, context) => {
    const field = value.loginType === "PHONE" ? "phone" : "email";
    if (!value[field]) {
      context.addIssue({ code: "custom", path: [field], ...codedIssue("REQUIRED", "Required") });
    }
  });

const flatValue = z.union([text(), z.number(), z.boolean(), z.null()]);

const RegistrationRequestSchema = z.record(text(), flatValue).openapi("RegistrationRequest", {
  description:
    "Flattened fields: nested objects use dotted keys and lists index brackets. Known keys: " +
    "firstName, lastName, email, phone, password, loginType (EMAIL | PHONE, default EMAIL; it " +
    "decides whether email or phone is required), locale (en | ar, default en) and " +
    "organization.name (the user's first organization). Keys naming __proto__, constructor or " +
    "prototype are refused; unknown keys are ignored.",
  example: {
    firstName: "Layla",
    lastName: "Haddad",
    email: "layla@example.com",
    password: "a long and rare passphrase",
    loginType: "EMAIL",
    locale: "ar",
    "organization.name": "Haddad Studio",
  },
});

const registrationRoute = createRoute({
  method: "post",
  path: "/registration",
  tags: ["Registration"],
  summary: "Create an account and its first organization",
  description:
    "The account is created unverified: request a verification key next. 409 EMAIL_TAKEN or " +
    "PHONE_TAKEN when the login is registered already; 422 PASSWORD_TOO_COMMON for a password " +
    `on the common-password list. ${rateLimitedNote}`,
  request: jsonBody(RegistrationRequestSchema),
  responses: {
    201: {
      description: "Registered; the account is not verified yet",
      content: {
        "application/json": { schema: z.object({ user: CurrentUserSchema }).openapi("Registered") },
      },
    },
    ...errorResponses(400, 409, 413, 415, 422, 429),
  },
});

const keyRequestRoute = createRoute({
  method: "post",
  path: "/request-reg-verification-key",
  tags: ["Registration"],
  summary: "Send a verification key to an unverified account",
  description:
    "Sends a 6-digit key, valid for 10 minutes, by mail (EMAIL) or SMS (PHONE) when the login " +
    "belongs to an unverified account, and always answers with a token, so that the answer does " +
    `not tell whether an account exists. A new request replaces the previous key. ${rateLimitedNote} ` +
    mailQueueNote,
  request: jsonBody(
    z
      .object({
        loginValue: requiredString({ max: 320 }).openapi({ example: "layla@example.com" }),
        loginType: LoginTypeSchema,
      })
      .openapi("VerificationKeyRequest"),
  ),
  responses: {
    200: jsonResponse("The token to send back with the key", TokenResponseSchema),
    ...errorResponses(400, 413, 415, 422, 429, 503),
  },
});

const keyVerificationRoute = createRoute({
  method: "post",
  path: "/verify-reg-verification-key",
  tags: ["Registration"],
  summary: "Verify an account with its token and key, and sign in",
  description:
    "422 INVALID_TOKEN for an unknown token; 422 INVALID_KEY for a wrong key; 422 KEY_EXPIRED " +
    "for an expired or used key. Wrong keys count per address and account (five in 15 minutes) " +
    `and per account (twenty), never against the key itself. ${rateLimitedNote}`,
  request: jsonBody(
    z
      .object({ token: tokenField(), key: keyField(), loginType: LoginTypeSchema })
      .openapi("VerificationKeyCheck"),
  ),
  responses: {
    200: jsonResponse("Verified and signed in", SignedInSchema),
    ...errorResponses(400, 413, 415, 422, 429),
  },
});

const emailExistsRoute = createRoute({
  method: "post",
  path: "/user/email-exists",
  tags: ["Registration"],
  summary: "Whether an email address is registered",
  description: `For the sign-up form's hint. ${rateLimitedNote}`,
  request: jsonBody(z.object({ value: emailAddress() }).openapi("EmailExistsRequest")),
  responses: {
    200: {
      description: "Whether an account uses this address",
      content: {
        "application/json": {
          schema: z.object({ exists: z.boolean() }).openapi("EmailExistsResponse"),
        },
      },
    },
    ...errorResponses(400, 413, 415, 422, 429),
  },
});

export function createAuthRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(loginRoute, async (c) => {
      const result = await login(servicesOf(c), c.req.valid("json"), requestMeta(c));
      return c.json(result, 200);
    })
    .openapi(emailLoginRoute, async (c) => {
      const input = { ...c.req.valid("json"), loginType: "EMAIL" as const };
      return c.json(await login(servicesOf(c), input, requestMeta(c)), 200);
    })
    .openapi(phoneLoginRoute, async (c) => {
      const input = { ...c.req.valid("json"), loginType: "PHONE" as const };
      return c.json(await login(servicesOf(c), input, requestMeta(c)), 200);
    })
    .openapi(logoutRoute, async (c) => {
      await revokeSession(c.var.db, c.var.auth.sessionId);
      return c.body(null, 204);
    })
    .openapi(registrationRoute, async (c) => {
      const input = unflatten(c.req.valid("json"));
      const parsed = RegistrationSchema.safeParse(input);
      if (!parsed.success) throw validationFailed(fieldErrors(parsed.error, input));
      const user = await register(servicesOf(c), parsed.data, requestMeta(c));
      return c.json({ user }, 201);
    })
    .openapi(keyRequestRoute, async (c) => {
      const result = await requestRegistrationKey(
        servicesOf(c),
        c.req.valid("json"),
        requestMeta(c),
      );
      return c.json(result, 200);
    })
    .openapi(keyVerificationRoute, async (c) => {
      const result = await verifyRegistrationKey(
        servicesOf(c),
        c.req.valid("json"),
        requestMeta(c),
      );
      return c.json(result, 200);
    })
    .openapi(emailExistsRoute, async (c) => {
      const exists = await emailExists(servicesOf(c), c.req.valid("json").value, requestMeta(c));
      return c.json({ exists }, 200);
    });
}
