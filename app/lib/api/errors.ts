type ApiErrorDetails = {
  /** Per-field messages, keyed by the dotted field path. */
  fields?: Record<string, string>;
  /** One machine-readable code per invalid field (REQUIRED, TOO_LONG, EMAIL_TAKEN, …). */
  fieldCodes?: Record<string, string>;
  /** Seconds to wait before trying again, from a 429's Retry-After. */
  retryAfterSeconds?: number | null;
  /** What the error carries besides (a document's `current` on STALE_VERSION). */
  details?: Record<string, unknown>;
};

/** The API answered with an error status; `code` is the API's machine-readable code. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly fields: Record<string, string>;
  readonly fieldCodes: Record<string, string>;
  readonly retryAfterSeconds: number | null;
  readonly details: Record<string, unknown>;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.fields = details.fields ?? {};
    this.fieldCodes = details.fieldCodes ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
    this.details = details.details ?? {};
  }
}

/** The API could not be reached or did not answer in time. */
export class ApiUnavailableError extends Error {
  override name = "ApiUnavailableError";
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * The ApiError for an error response: `{ "error": { code, message, fields, fieldCodes } }`, read
 * without trusting it, since a proxy in between can answer with anything.
 */
export async function readApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  return new ApiError(
    response.status,
    typeof error.code === "string" ? error.code : `HTTP_${response.status}`,
    typeof error.message === "string" ? error.message : response.statusText,
    {
      fields: stringRecord(error.fields),
      fieldCodes: stringRecord(error.fieldCodes),
      retryAfterSeconds: retryAfter(response.headers.get("Retry-After")),
      details: isRecord(error.details) ? error.details : {},
    },
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

function retryAfter(header: string | null): number | null {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * An error a form can show (4xx, and a full mail queue, which asks to try again in a minute), as
 * opposed to one for the error page.
 */
export function isUserError(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (error.code === "MAIL_QUEUE_FULL") return true;
  return error.status >= 400 && error.status < 500 && error.status !== 401;
}
