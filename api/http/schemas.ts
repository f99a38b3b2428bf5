import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { countedTotalLimit } from "../db/paging";
import { locales } from "../db/schema";
import type { FieldErrorCode } from "../errors";
import { loginTypes } from "../identity/auth";
import { passwordLength, passwordMaxLength, passwordMinLength } from "../identity/password-policy";
import { requireAuth } from "../identity/require-auth";
import { permissions } from "../organizations/permissions";
import type { AppEnv } from "./env";
import { type DocumentedErrorStatus, type ErrorResponse, errorResponses } from "./errors";

/**
 * A refinement's message with the field code it answers with, where zod's own issue code would
 * say less (a custom issue is INVALID otherwise).
 */
export function codedIssue(code: FieldErrorCode, message: string) {
  return { message, params: { code } };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controlCharacter = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controlCharacterButLineBreak = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Every string the API takes, in a body, a query or a path, is built on this: C0 and C1 control
 * characters are refused with 422 INVALID_CHARACTERS. PostgreSQL cannot store NUL at all, and the
 * others have no place in names, addresses, keys or searches; multi-line text keeps tabs and line
 * breaks.
 */
export function text(options: { multiline?: boolean } = {}) {
  const forbidden = options.multiline ? controlCharacterButLineBreak : controlCharacter;
  return z
    .string({ error: (issue) => (issue.input === undefined ? "Required" : "Must be a string") })
    .refine((value) => !forbidden.test(value), {
      ...codedIssue("INVALID_CHARACTERS", "Must not contain control characters"),
      abort: true,
    });
}

/** A required string, trimmed unless `trim` is false, with messages fit to show next to a field. */
export function requiredString(options: { max: number; trim?: boolean }) {
  const base = text();
  return (options.trim === false ? base : base.trim())
    .min(1, "Required")
    .max(options.max, `At most ${options.max} characters`);
}

/** Text that may be empty (`""` when sent so), trimmed, up to `max` characters. */
export function optionalString(options: { max: number; multiline?: boolean }) {
  return text(options).trim().max(options.max, `At most ${options.max} characters`);
}

/** A password being chosen: 8 to 128 characters as typed, any characters, no composition rules. */
export function newPassword() {
  // Refinements rather than min and max: the length counts code points, not UTF-16 units.
  return text()
    .refine((value) => passwordLength(value) >= passwordMinLength, {
      ...codedIssue("TOO_SHORT", `At least ${passwordMinLength} characters`),
      abort: true,
    })
    .refine(
      (value) => passwordLength(value) <= passwordMaxLength,
      codedIssue("TOO_LONG", `At most ${passwordMaxLength} characters`),
    )
    .openapi({
      description: `${passwordMinLength} to ${passwordMaxLength} characters; the 10,000 most common passwords are refused (422 PASSWORD_TOO_COMMON).`,
      example: "correct horse battery staple",
    });
}

export function emailAddress() {
  return requiredString({ max: 320 })
    .pipe(z.email("Not a valid email address"))
    .openapi({ type: "string", format: "email", example: "someone@example.com" });
}

export const LoginTypeSchema = z
  .enum(loginTypes, { error: "Must be EMAIL or PHONE" })
  .openapi({ description: "Which login the value is: an email address or a phone number" });

/** A one-time key as typed: six digits. */
export function keyField() {
  return requiredString({ max: 16 })
    .regex(/^\d{6}$/, "Six digits")
    .openapi({ example: "042917" });
}

/** A token handed out by the API (256 random bits, URL-safe base64). */
export function tokenField() {
  return requiredString({ max: 128 }).openapi({ example: "oXQ4pX0cKx…" });
}

export const TokenResponseSchema = z
  .object({ token: z.string().openapi({ description: "Opaque token for the next step" }) })
  .openapi("TokenResponse");

export const CurrentUserSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable().openapi({ description: "E.164, for example +966501234567" }),
    avatarUrl: z.string().nullable(),
    locale: z.enum(locales),
    verified: z.boolean(),
    emailVerified: z.boolean().openapi({
      description: "A key sent to the email address proved it (accepting invitations needs it).",
    }),
    phoneVerified: z
      .boolean()
      .openapi({ description: "A key sent to the phone number proved it." }),
    account: z.object({
      currentOrganizationId: z.uuid().nullable(),
      currentOrganizationPermissions: z.array(z.enum(permissions)),
    }),
  })
  .openapi("CurrentUser");

const bearerSecurity = [{ bearerAuth: [] }];

/**
 * createRoute for a route that needs a signed-in user: the bearer scheme, requireAuth ahead of any
 * `middleware` given, and the 401 response besides those of `errors` (500 always).
 */
export function protectedRoute<
  P extends string,
  R extends Omit<RouteConfig, "path" | "security" | "middleware"> & { path: P },
  const S extends DocumentedErrorStatus = never,
  const M extends readonly MiddlewareHandler<AppEnv>[] = [],
>({ errors = [], middleware, ...route }: R & { errors?: S[]; middleware?: M }) {
  // The cast states what the spread builds, so that handlers keep the types of `route`.
  const config = {
    ...route,
    security: bearerSecurity,
    middleware: [requireAuth, ...(middleware ?? [])],
    responses: { ...errorResponses<401 | S>(401, ...errors), ...route.responses },
  } as unknown as Omit<R, "errors" | "middleware" | "responses"> & {
    security: typeof bearerSecurity;
    middleware: [typeof requireAuth, ...M];
    responses: R["responses"] & Record<401 | S, ErrorResponse>;
  };
  return createRoute(config);
}

/** A required JSON request body, for createRoute's `request`. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { required: true, content: { "application/json": { schema } } } };
}

/** A JSON response entry, for createRoute's `responses`. */
export function jsonResponse<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { "application/json": { schema } } };
}

export const mailQueueNote =
  "503 MAIL_QUEUE_FULL, with Retry-After, while too much mail waits to be sent; nothing was sent.";

export const rateLimitedNote =
  "429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts.";

/** A list response: one page of items with the total, as every list in the API answers. */
export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({ items: z.array(item), total: z.int(), page: z.int(), pageSize: z.int() })
    .openapi(name);
}

/**
 * A page of a list whose total is counted only so far (`countMatches`): beyond it, `total` is where
 * the count stopped and `totalCapped` says there are more.
 */
export function countedPageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      items: z.array(item),
      total: z.int().openapi({
        description: `Exact up to ${countedTotalLimit.toLocaleString("en")} (or to the end of the page asked for) and for a search; where the count stopped beyond that`,
      }),
      totalCapped: z.boolean().openapi({ description: "True when there are more than `total`" }),
      page: z.int(),
      pageSize: z.int(),
    })
    .openapi(name);
}

/** A file part of a multipart form (an empty part: none chosen). */
export function multipartFile(description: string) {
  return z
    .custom<File | "">(
      (value) => value instanceof File || value === "",
      codedIssue("INVALID_TYPE", "Must be a file"),
    )
    .openapi({ type: "string", format: "binary", description });
}

/** The query of a paged list: page from 1, up to 100 a page (20 by default). */
export function pagedQuery() {
  return z.object({
    page: z.coerce.number().int("Must be a whole number").min(1, "At least 1").default(1),
    pageSize: z.coerce
      .number()
      .int("Must be a whole number")
      .min(1, "At least 1")
      .max(100, "At most 100")
      .default(20),
  });
}

/** The query of a paged list with a search. */
export function pagedSearchQuery(searchDescription: string) {
  return pagedQuery().extend({
    search: optionalString({ max: 100 }).optional().openapi({ description: searchDescription }),
  });
}

/** A numeric id in a path: digits only (SPEC.md §5), else 422. */
export const numericId = (message: string) =>
  text()
    .regex(/^[0-9]{1,15}$/, message)
    .transform(Number)
    .openapi({ type: "string", pattern: "^[0-9]{1,15}$", example: "42" });
