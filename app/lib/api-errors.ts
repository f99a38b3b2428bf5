import { ApiError } from "./api/errors";

/** API error codes the web app explains in the user's language (common:apiErrors.*). */
const knownCodes = {
  INVALID_CREDENTIALS: "invalidCredentials",
  ACCOUNT_NOT_VERIFIED: "notVerified",
  TOO_MANY_REQUESTS: "rateLimited",
  EMAIL_TAKEN: "emailTaken",
  PHONE_TAKEN: "phoneTaken",
  PASSWORD_TOO_COMMON: "passwordTooCommon",
  INVALID_KEY: "invalidKey",
  KEY_EXPIRED: "keyExpired",
  INVALID_TOKEN: "invalidToken",
  INVALID_PASSWORD: "wrongCurrentPassword",
  INVALID_IMAGE: "invalidImage",
  IMAGE_TOO_LARGE_DIMENSIONS: "imageTooLarge",
  PAYLOAD_TOO_LARGE: "fileTooLarge",
  VALIDATION_FAILED: "invalidInput",
  NOT_AN_ADMIN: "notAnAdmin",
  CONFIRMATION_MISMATCH: "confirmationMismatch",
} as const;

export type ApiErrorMessage = (typeof knownCodes)[keyof typeof knownCodes] | "unknown";

/**
 * The translation key (in common:apiErrors) for an API error a form shows, and the field it
 * belongs to when the API named one. Errors that are not the user's to fix are not handled here:
 * the caller rethrows them to the error page.
 */
export function explainApiError(error: ApiError): { message: ApiErrorMessage; field?: string } {
  const message = (knownCodes as Record<string, ApiErrorMessage>)[error.code] ?? "unknown";
  const field = Object.keys(error.fields)[0];
  return field ? { message, field } : { message };
}

/** An error a form can show (4xx), as opposed to one for the error page. */
export function isUserError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401
  );
}
