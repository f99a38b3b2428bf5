import type { Submission, SubmissionResult } from "@conform-to/react";
import type { ApiError } from "./api/errors";
import { errorMessage } from "./validation";

/** A submission that passed its schema, for action helpers that take it on. */
export type AcceptedSubmission<Value> = Extract<
  Submission<unknown, string[], Value>,
  { status: "success" }
>;

/** API codes, for a field or a whole form, → message keys of the `validation` namespace. */
const messageOfCode: Record<string, string> = {
  REQUIRED: "required",
  INVALID_CHARACTERS: "invalidCharacters",
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
  INVALID_CREDENTIALS: "invalidCredentials",
  ACCOUNT_NOT_VERIFIED: "notVerified",
  ORGANIZATION_LIMIT_REACHED: "organizationLimit",
  MAIL_QUEUE_FULL: "mailQueueFull",
  ADDRESS_UNCHANGED: "addressUnchanged",
  EMAIL_NOT_VERIFIED: "emailNotVerified",
  QUOTA_EXCEEDED: "quotaExceeded",
  TOO_MANY_WAITING_JOBS: "tooManyWaitingJobs",
  MODEL_NOT_ALLOWED: "modelNotAllowed",
  PROJECT_OF_OTHER_CLIENT: "projectOfOtherClient",
};

type ApiErrorReplyOptions = {
  /** API field → form field, where their names differ (`value` → `email`). */
  fields?: Record<string, string>;
  /** Codes this form explains its own way (`INVALID_PASSWORD` → `wrongPassword`). */
  codes?: Record<string, string>;
  /** Fields never sent back (passwords). */
  hideFields?: string[];
};

/**
 * Conform's answer to a form whose API call failed with a 4xx: each field the API names gets the
 * message of its code, by field code and never by the English text; an error that names no field
 * the form has, a rate limit included, is the form's.
 */
export function replyWithApiError(
  submission: Submission<unknown>,
  error: ApiError,
  options: ApiErrorReplyOptions = {},
): SubmissionResult<string[]> {
  const explain = (code: string) => options.codes?.[code] ?? messageOfCode[code] ?? "invalid";
  const sent = new Set(Object.keys(submission.payload));
  const fieldErrors: Record<string, string[]> = {};
  for (const [apiField, code] of Object.entries(codesByField(error))) {
    const field = options.fields?.[apiField] ?? apiField;
    if (sent.has(field)) fieldErrors[field] ??= [explain(code)];
  }
  const formErrors = Object.keys(fieldErrors).length ? [] : [formMessage(error, explain)];
  return submission.reply({ formErrors, fieldErrors, hideFields: options.hideFields });
}

/** Each field's code; a field named without one (an older API) takes the error's own code. */
function codesByField(error: ApiError): Record<string, string> {
  if (Object.keys(error.fieldCodes).length > 0) return error.fieldCodes;
  return Object.fromEntries(Object.keys(error.fields).map((field) => [field, error.code]));
}

/**
 * The form's message: a code the form or the app explains says what it is (a 429 can be a
 * month's quota or waiting jobs, whose Retry-After is no attempt's wait); any other 429 is a rate
 * limit, with its wait.
 */
function formMessage(error: ApiError, explain: (code: string) => string) {
  const explained = explain(error.code);
  if (explained !== "invalid") return explained;
  if (error.status === 429) {
    return error.retryAfterSeconds
      ? errorMessage("rateLimitedFor", { seconds: error.retryAfterSeconds })
      : "rateLimited";
  }
  return "unknown";
}

/** A form-level message on top of the submission (the API is down, a rule of the page). */
export function replyWithFormError(
  submission: Submission<unknown>,
  message: string,
  options: { hideFields?: string[] } = {},
): SubmissionResult<string[]> {
  return submission.reply({ formErrors: [message], hideFields: options.hideFields });
}
