export type ApiErrorBody = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    fieldCodes?: Record<string, string>;
  };
};

/** The API answered with an error status; `code` is the API's machine-readable code. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** Seconds to wait before trying again, from a 429's Retry-After. */
    readonly retryAfterSeconds: number | null = null,
    /** One machine-readable code per invalid field (REQUIRED, EMAIL_TAKEN, …). */
    readonly fieldCodes: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The API could not be reached or did not answer in time. */
export class ApiUnavailableError extends Error {
  override name = "ApiUnavailableError";
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
