/**
 * Errors that services throw. They name what went wrong in domain terms (a kind and a code);
 * api/http/errors.ts turns them into HTTP statuses and the JSON error body, so services stay
 * free of HTTP.
 */
export type ErrorKind =
  | "malformed"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "unsupported_media_type"
  | "invalid"
  | "rate_limited"
  | "unavailable";

/** The codes of field errors that are not a domain rule's own (EMAIL_TAKEN, INVALID_KEY…). */
export const fieldErrorCodes = [
  "REQUIRED",
  "TOO_SHORT",
  "TOO_LONG",
  "TOO_SMALL",
  "TOO_BIG",
  "INVALID_FORMAT",
  "INVALID_VALUE",
  "INVALID_TYPE",
  "INVALID_CHARACTERS",
  "CONFLICTING_FIELDS",
  "INVALID",
] as const;

export type FieldErrorCode = (typeof fieldErrorCodes)[number];

/** What is wrong with one field: a stable code to translate by, and a message for people. */
export type FieldError = { code: string; message: string };

/** Field errors keyed by the dotted field path. */
export type FieldErrors = Record<string, FieldError>;

export class AppError extends Error {
  override readonly name = "AppError";
  /** The message of each field, as the error body's `fields`. */
  readonly fields?: Record<string, string>;
  /** The code of each field of `fields`, as the error body's `fieldCodes`. */
  readonly fieldCodes?: Record<string, string>;
  /** What the error carries besides (the record as it is now, for a stale write), as `details`. */
  details?: Record<string, unknown>;

  constructor(
    readonly kind: ErrorKind,
    /** SNAKE_CASE, stable: the web app translates by it. */
    readonly code: string,
    message: string,
    fieldErrors?: FieldErrors,
  ) {
    super(message);
    if (fieldErrors) {
      const entries = Object.entries(fieldErrors);
      this.fields = Object.fromEntries(
        entries.map(([field, error]) => [field, error.message] as const),
      );
      this.fieldCodes = Object.fromEntries(
        entries.map(([field, error]) => [field, error.code] as const),
      );
    }
  }
}

/** Field errors of a field's own constraints, which the generic codes name. */
export type InvalidFields = Record<string, { code: FieldErrorCode; message: string }>;

/** An error of a domain rule about some fields, each of which carries the error's own code. */
export function errorOnFields(
  kind: ErrorKind,
  code: string,
  message: string,
  messages: Record<string, string>,
): AppError {
  const fields = Object.entries(messages).map(
    ([field, text]) => [field, { code, message: text }] as const,
  );
  return new AppError(kind, code, message, Object.fromEntries(fields));
}

export const invalidCredentials = () =>
  new AppError("unauthenticated", "INVALID_CREDENTIALS", "The login or password is incorrect.");

export const unauthorized = () =>
  new AppError("unauthenticated", "UNAUTHORIZED", "Sign-in is required.");

export const accountNotVerified = () =>
  new AppError("forbidden", "ACCOUNT_NOT_VERIFIED", "The account has not been verified yet.");

export const forbidden = (message = "You are not allowed to do this.") =>
  new AppError("forbidden", "FORBIDDEN", message);

export const notFound = (message = "Not found.") => new AppError("not_found", "NOT_FOUND", message);

/** 409 `code`; the fields named, if any, carry `code` too. */
export const conflict = (code: string, message: string, fields?: Record<string, string>) =>
  fields
    ? errorOnFields("conflict", code, message, fields)
    : new AppError("conflict", code, message);

/** 409 STALE_VERSION: the record changed since it was read; `current` is how it is now. */
export function staleVersion(message: string, current?: unknown): AppError {
  const error = new AppError("conflict", "STALE_VERSION", message);
  if (current !== undefined) error.details = { current };
  return error;
}

/** 422 VALIDATION_FAILED, for input that breaks no domain rule but a field's own constraints. */
export const validationFailed = (fields: InvalidFields, message = "Some fields are not valid.") =>
  new AppError("invalid", "VALIDATION_FAILED", message, fields);

export const malformedJson = () =>
  new AppError("malformed", "MALFORMED_JSON", "The request body is not valid JSON.");

export const payloadTooLarge = () =>
  new AppError("too_large", "PAYLOAD_TOO_LARGE", "The request body is too large.");

/** 429 TOO_MANY_REQUESTS; the HTTP layer sends `retryAfterSeconds` as Retry-After. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited", "TOO_MANY_REQUESTS", "Too many attempts. Try again later.");
  }
}

/**
 * 503 MAIL_QUEUE_FULL: more mail waits to be sent than the server holds. Nothing was changed or
 * sent; the HTTP layer sends `retryAfterSeconds` as Retry-After.
 */
export class MailQueueFullError extends AppError {
  readonly retryAfterSeconds = 30;
  constructor() {
    super(
      "unavailable",
      "MAIL_QUEUE_FULL",
      "Too much mail is waiting to be sent. Try again in a minute.",
    );
  }
}

/**
 * 429 TOO_MANY_WAITING_JOBS: the organization has as many jobs waiting to run as the deployment
 * allows (JOBS_WAITING_PER_ORGANIZATION). Nothing was queued or charged; the HTTP layer sends
 * `retryAfterSeconds` as Retry-After, a time to look again.
 */
export class TooManyWaitingJobsError extends AppError {
  readonly retryAfterSeconds = 30;
  constructor(readonly limit: number) {
    super(
      "rate_limited",
      "TOO_MANY_WAITING_JOBS",
      `This organization has ${limit} jobs waiting to run. Try again once some have started.`,
    );
  }
}

/**
 * 429 QUOTA_EXCEEDED: the organization used this month's quota of an AI capability. Nothing was
 * called; the HTTP layer sends `retryAfterSeconds`, the time to the next month, as Retry-After.
 */
export class QuotaExceededError extends AppError {
  constructor(
    readonly capability: string,
    readonly retryAfterSeconds: number,
  ) {
    super(
      "rate_limited",
      "QUOTA_EXCEEDED",
      `This organization has used its ${capability} quota for the month.`,
    );
  }
}
