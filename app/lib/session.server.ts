import type { AppLoadContext } from "react-router";
import { ApiUnavailableError, isApiError } from "./api/errors";
import { getApiClient } from "./api.server";
import { tokenCookie } from "./cookies.server";
import { languageFromPathname, localizedPath } from "./i18n";
import { safeRedirect } from "./redirect.server";
import { safeRedirectPath } from "./safe-redirect";
import type { CurrentUser } from "./user";

export type Viewer =
  | { status: "guest" }
  | { status: "signed-in"; token: string; user: CurrentUser }
  /** A token the API no longer accepts: it must be cleared. */
  | { status: "expired" };

/** Loaders of one request share one GET /user. */
const viewers = new WeakMap<AppLoadContext, Promise<Viewer>>();

export async function getToken(request: Request): Promise<string | null> {
  const value = await tokenCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

export function getViewer(request: Request, context: AppLoadContext): Promise<Viewer> {
  let viewer = viewers.get(context);
  if (!viewer) {
    viewer = loadViewer(request, context);
    viewers.set(context, viewer);
  }
  return viewer;
}

async function loadViewer(request: Request, context: AppLoadContext): Promise<Viewer> {
  const token = await getToken(request);
  if (!token) return { status: "guest" };
  try {
    const user = await getApiClient(request, context, token).get("/user");
    return { status: "signed-in", token, user };
  } catch (error) {
    if (isApiError(error, 401)) return { status: "expired" };
    throw serviceUnavailable(error);
  }
}

/** A Response for the error page when the API is down; the token is kept for when it is back. */
export function serviceUnavailable(error: unknown) {
  if (error instanceof Response) return error;
  // A call stopped because the page's request was (the reader left) is no failure to report.
  if (!isAbortedCall(error)) console.error(error);
  if (error instanceof ApiUnavailableError || isApiError(error)) {
    return new Response(null, { status: 503, statusText: "Service Unavailable" });
  }
  return new Response(null, { status: 500, statusText: "Internal Server Error" });
}

/** An API call that ended because the page's request was aborted (the reader left): no failure. */
export function isAbortedCall(error: unknown) {
  return (
    error instanceof ApiUnavailableError &&
    error.cause instanceof Error &&
    error.cause.name === "AbortError"
  );
}

export async function commitToken(token: string) {
  return tokenCookie.serialize(token);
}

export async function clearToken() {
  return tokenCookie.serialize("", { maxAge: 0 });
}

function loginPath(request: Request) {
  const url = new URL(request.url);
  const language = languageFromPathname(url.pathname);
  const search = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  const email = url.searchParams.get("email");
  if (email) search.set("email", email);
  return `${localizedPath("/login", language)}?${search}`;
}

/** Sign-in pages: a guest goes to the localized /login, keeping where they were going. */
export async function requireUser(request: Request, context: AppLoadContext) {
  const viewer = await getViewer(request, context);
  if (viewer.status === "signed-in") return viewer;
  const headers = viewer.status === "expired" ? { "Set-Cookie": await clearToken() } : undefined;
  throw safeRedirect(loginPath(request), { headers });
}

/** Guest-only pages: a signed-in user goes to a safe redirectTo, else the dashboard. */
export async function requireGuest(request: Request, context: AppLoadContext) {
  const viewer = await getViewer(request, context);
  if (viewer.status !== "signed-in") return;
  const url = new URL(request.url);
  const language = languageFromPathname(url.pathname);
  throw safeRedirect(
    safeRedirectPath(url.searchParams.get("redirectTo"), localizedPath("/dashboard", language)),
  );
}
