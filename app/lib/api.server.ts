import type { AppLoadContext } from "react-router";
import { createApiClient } from "./api/client";
import { languageFromPathname } from "./i18n";

const EMBEDDED_BASE_URL = "http://qalam.internal/api/v1";

/**
 * The API client for one page request: in-process when the API is embedded, over HTTP when
 * API_URL points at a remote one. `timeoutMs` is for the calls that wait on something slower than
 * the API itself (an AI provider); the client's own deadline otherwise.
 */
export function getApiClient(
  request: Request,
  context: AppLoadContext,
  token?: string | null,
  options: { timeoutMs?: number } = {},
) {
  const remote = process.env.API_URL || undefined;
  if (!remote && !context.apiFetch) {
    throw new Error("Neither API_URL nor an embedded API is configured.");
  }
  return createApiClient({
    baseUrl: remote ?? EMBEDDED_BASE_URL,
    fetch: remote ? undefined : context.apiFetch,
    token,
    signal: request.signal,
    language: languageFromPathname(new URL(request.url).pathname),
    clientAddress: context.clientAddress,
    userAgent: request.headers.get("User-Agent"),
    timeoutMs: options.timeoutMs,
  });
}
