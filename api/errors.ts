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

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  override readonly name = "AppError";

  constructor(
    readonly kind: ErrorKind,
    /** SNAKE_CASE, stable: the web app translates by it. */
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
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

export const conflict = (code: string, message: string, fields?: FieldErrors) =>
  new AppError("conflict", code, message, fields);

export const validationFailed = (fields: FieldErrors, message = "Some fields are not valid.") =>
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
