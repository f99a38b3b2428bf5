import { APICallError, RetryError } from "ai";
import { PrivateAddressError } from "./network";

/**
 * What went wrong with an AI call, in the words the product shows (translated by code):
 * - `AI_NOT_CONFIGURED`: no model for the capability;
 * - `AI_BAD_KEY`: the provider refused the key (401, 403);
 * - `AI_UNKNOWN_MODEL`: the provider has no such model (404);
 * - `AI_PROVIDER_QUOTA`: the provider's rate limit or quota (429), after the retries;
 * - `AI_REFUSED`: the provider refused the content (its safety filter);
 * - `AI_PROVIDER_DOWN`: the provider failed (5xx) or could not be reached, after the retries;
 * - `AI_TIMEOUT`: the call's deadline passed;
 * - `AI_CANCELLED`: the caller stopped it (the browser went away);
 * - `AI_PRIVATE_ADDRESS`: an organization's base URL leads into a private network;
 * - `AI_BAD_RESPONSE`: the provider answered something that is not its protocol;
 * - `AI_TOOL_MISSING`: an embedded model's program (espeak-ng) is not installed on the server.
 */
export type AiErrorCode =
  | "AI_NOT_CONFIGURED"
  | "AI_BAD_KEY"
  | "AI_UNKNOWN_MODEL"
  | "AI_PROVIDER_QUOTA"
  | "AI_REFUSED"
  | "AI_PROVIDER_DOWN"
  | "AI_TIMEOUT"
  | "AI_CANCELLED"
  | "AI_PRIVATE_ADDRESS"
  | "AI_BAD_RESPONSE"
  | "AI_TOOL_MISSING";

export type AiFailure = {
  code: AiErrorCode;
  /** The provider's own words, for the person who configured it; never holds the key. */
  detail?: string;
  /** The provider's HTTP status, when it answered. */
  providerStatus?: number;
  /** Seconds the provider asked to wait (Retry-After), when it said. */
  retryAfterSeconds?: number;
};

/** A failure the product raises itself, with its code. */
export class AiError extends Error {
  constructor(
    readonly failure: AiFailure,
    options?: { cause?: unknown },
  ) {
    super(failure.detail ? `${failure.code}: ${failure.detail}` : failure.code, options);
    this.name = "AiError";
  }
}

const refusalPattern = /content[_ ]?(filter|policy)|safety|moderation|refus/i;

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    if (RetryError.isInstance(current)) current = current.lastError;
    else current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function retryAfter(headers: Record<string, string> | undefined): number | undefined {
  const value = headers?.["retry-after"];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Redacts anything that looks like a bearer key from a provider's message. */
function redact(text: string) {
  return text.replace(/\b(sk|key|token)[-_][A-Za-z0-9_-]{6,}/gi, "$1-…").slice(0, 500);
}

/** The failure behind an error thrown by an AI call (the SDK's, the network's, ours). */
export function classifyAiError(error: unknown, options: { timedOut?: boolean } = {}): AiFailure {
  // The product's own failure first, even where the SDK wrapped it (an answer past its cap).
  const own = causes(error).find((cause): cause is AiError => cause instanceof AiError);
  if (own) return own.failure;
  for (const cause of causes(error)) {
    if (cause instanceof PrivateAddressError) {
      return { code: "AI_PRIVATE_ADDRESS", detail: cause.message };
    }
    if (APICallError.isInstance(cause)) {
      const status = cause.statusCode;
      const detail = redact(cause.message);
      const base = { detail, ...(status ? { providerStatus: status } : {}) };
      if (status === 401 || status === 403) return { code: "AI_BAD_KEY", ...base };
      if (status === 404) return { code: "AI_UNKNOWN_MODEL", ...base };
      if (status === 429) {
        const seconds = retryAfter(cause.responseHeaders);
        return {
          code: "AI_PROVIDER_QUOTA",
          ...base,
          ...(seconds !== undefined ? { retryAfterSeconds: seconds } : {}),
        };
      }
      if (status !== undefined && status >= 400 && status < 500) {
        const text = `${cause.message} ${cause.responseBody ?? ""}`;
        if (refusalPattern.test(text)) return { code: "AI_REFUSED", ...base };
        return { code: "AI_BAD_RESPONSE", ...base };
      }
      return { code: "AI_PROVIDER_DOWN", ...base };
    }
  }
  const first = causes(error);
  const aborted = first.some(
    (cause) =>
      cause instanceof Error && (cause.name === "AbortError" || cause.name === "TimeoutError"),
  );
  if (aborted || options.timedOut) {
    const timeout =
      options.timedOut || first.some((cause) => (cause as Error)?.name === "TimeoutError");
    return { code: timeout ? "AI_TIMEOUT" : "AI_CANCELLED" };
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|socket/i.test(message)) {
    return { code: "AI_PROVIDER_DOWN", detail: redact(message) };
  }
  return { code: "AI_BAD_RESPONSE", detail: redact(message) };
}
