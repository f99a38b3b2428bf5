import { z } from "@hono/zod-openapi";
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import {
  AppError,
  type ErrorKind,
  type FieldErrorCode,
  fieldErrorCodes,
  type InvalidFields,
  malformedJson,
  validationFailed,
} from "../errors";
import { logError } from "../log";
import type { AppEnv } from "./env";

const statusOfKind: Record<ErrorKind, ContentfulStatusCode> = {
  malformed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  invalid: 422,
  rate_limited: 429,
  unavailable: 503,
};

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "VALIDATION_FAILED" }),
      message: z.string(),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .openapi({ description: "Per-field messages, keyed by the dotted field path." }),
      fieldCodes: z
        .record(z.string(), z.string())
        .optional()
        .openapi({
          description:
            "Present whenever `fields` is, with the same keys: one SCREAMING_SNAKE_CASE code per " +
            `field, to translate by. Either ${fieldErrorCodes.join(", ")}, or the code of the ` +
            "domain rule the field breaks (EMAIL_TAKEN, INVALID_KEY, CONFIRMATION_MISMATCH…).",
          example: { email: "INVALID_FORMAT", password: "TOO_SHORT" },
        }),
      details: z
        .record(z.string(), z.unknown())
        .optional()
        .openapi({
          description:
            "What some errors carry besides: a document's 409 STALE_VERSION has the document " +
            "as it is now in `current`, so that neither text is lost.",
        }),
    }),
  })
  .openapi("Error");

export type ErrorBody = z.infer<typeof ErrorSchema>;

const errorDescriptions = {
  400: "Malformed request (for example, invalid JSON)",
  401: "Missing, invalid, expired or revoked credentials",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict",
  413: "Request body larger than 1 MiB",
  415: "Unsupported content type",
  422: "Validation failed; `fields` names the invalid fields",
  429: "Too many requests",
  500: "Unexpected error",
  503: "Service unavailable",
} as const;

export type DocumentedErrorStatus = keyof typeof errorDescriptions;

export type ErrorResponse = {
  description: string;
  content: { "application/json": { schema: typeof ErrorSchema } };
};

/** OpenAPI `responses` entries for the error statuses a route can answer with. */
export function errorResponses<const S extends DocumentedErrorStatus>(...statuses: S[]) {
  const responses = {} as Record<S, ErrorResponse>;
  for (const status of [...statuses, 500 as S]) {
    responses[status] = {
      description: errorDescriptions[status],
      content: { "application/json": { schema: ErrorSchema } },
    };
  }
  return responses;
}

export function errorJson(
  c: Context,
  status: ContentfulStatusCode,
  error: Pick<AppError, "code" | "message" | "fields" | "fieldCodes" | "details">,
): Response {
  const { code, message, fields, fieldCodes, details } = error;
  const body: ErrorBody = {
    error: {
      code,
      message,
      ...(fields ? { fields, fieldCodes } : {}),
      ...(details ? { details } : {}),
    },
  };
  c.header("Cache-Control", "no-store");
  return c.json(body, status);
}

type ZodIssue = ZodError["issues"][number];

/** Zod's sizes of strings, lists and sets are lengths; those of numbers, dates and files are not. */
const lengthOrigins: ReadonlySet<string> = new Set(["string", "array", "set"]);

function isFieldErrorCode(code: unknown): code is FieldErrorCode {
  return fieldErrorCodes.includes(code as FieldErrorCode);
}

function codeOfIssue(issue: ZodIssue): FieldErrorCode {
  switch (issue.code) {
    case "too_small":
      return lengthOrigins.has(issue.origin) ? "TOO_SHORT" : "TOO_SMALL";
    case "too_big":
      return lengthOrigins.has(issue.origin) ? "TOO_LONG" : "TOO_BIG";
    case "invalid_format":
      return "INVALID_FORMAT";
    case "invalid_value":
      return "INVALID_VALUE";
    case "invalid_type":
      return "INVALID_TYPE";
    case "custom":
      // Refinements name their code in `params` (see codedIssue in api/http/schemas.ts).
      return isFieldErrorCode(issue.params?.code) ? issue.params.code : "INVALID";
    default:
      return "INVALID";
  }
}

/** The value at `path` of the input as sent; undefined where there is none. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The code of a field's issue. Zod's issues do not carry the input, so `value` (the field as sent)
 * tells a field left out or left empty (REQUIRED) from one that is too short.
 */
function fieldCodeOf(issue: ZodIssue, value: unknown): FieldErrorCode {
  if (value === undefined) return "REQUIRED";
  const code = codeOfIssue(issue);
  const empty =
    (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && !value.length);
  return code === "TOO_SHORT" && empty ? "REQUIRED" : code;
}

/** Zod issues → a message and a code per dotted path; the first issue of a field wins. */
export function fieldErrors(error: ZodError, input: unknown): InvalidFields {
  const fields: InvalidFields = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    if (key && !(key in fields)) {
      fields[key] = {
        code: fieldCodeOf(issue, valueAt(input, issue.path)),
        message: issue.message,
      };
    }
  }
  return fields;
}

/** The defaultHook of every OpenAPIHono: validation failures become 422 VALIDATION_FAILED. */
export function validationHook(
  // Hono's validator passes the input it parsed as `data`, also when parsing failed.
  result: { success: true } | { success: false; error: ZodError; data?: unknown },
) {
  if (!result.success) throw validationFailed(fieldErrors(result.error, result.data));
}

function fromHttpException(exception: HTTPException): AppError | null {
  // Hono's own validator and middleware signal bad input this way; give them our codes.
  switch (exception.status) {
    case 400:
      return exception.message.startsWith("Malformed JSON")
        ? malformedJson()
        : new AppError("malformed", "MALFORMED_REQUEST", "The request could not be read.");
    case 413:
      return new AppError("too_large", "PAYLOAD_TOO_LARGE", "The request body is too large.");
    case 415:
      return new AppError(
        "unsupported_media_type",
        "UNSUPPORTED_MEDIA_TYPE",
        "The request body must be JSON (Content-Type: application/json).",
      );
    default:
      return null;
  }
}

export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  const known =
    error instanceof AppError
      ? error
      : error instanceof HTTPException
        ? fromHttpException(error)
        : null;
  // Errors that know when to try again (a rate limit, a quota, a full mail queue) say so.
  if (known && "retryAfterSeconds" in known && typeof known.retryAfterSeconds === "number") {
    c.header("Retry-After", String(known.retryAfterSeconds));
  }
  if (known) return errorJson(c, statusOfKind[known.kind], known);
  if (error instanceof HTTPException && error.status < 500) {
    return errorJson(c, error.status, {
      code: "REQUEST_REJECTED",
      message: "The request was rejected.",
    });
  }

  logError(`Unexpected error on ${c.req.method} ${new URL(c.req.url).pathname}`, error);
  // Outside production the message helps whoever runs the server; a stack trace is never sent.
  const message = c.get("production") === false ? rootMessage(error) : "Internal Server Error";
  return errorJson(c, 500, { code: "INTERNAL_ERROR", message });
};

/** The innermost cause's message: Drizzle's own message repeats the query and its parameters. */
function rootMessage(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error && current.message ? current.message : "Internal Server Error";
}

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorJson(c, 404, { code: "NOT_FOUND", message: "No such API endpoint." });
