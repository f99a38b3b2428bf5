import { z } from "zod";
import { isApiError } from "./api/errors";
import { serviceUnavailable } from "./session.server";

/** Responses that route loaders and actions throw to reach the error boundary. */

export function notFound() {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export function badRequest() {
  return new Response("Bad Request", { status: 400, statusText: "Bad Request" });
}

const Uuid = z.uuid();

/** The route parameter as a UUID; any other value is a page that does not exist (404). */
export function requireUuidParam(params: Record<string, string | undefined>, name = "id") {
  const parsed = Uuid.safeParse(params[name]);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/**
 * For `.catch()` on an API call of a page about one thing: the API's 404 (gone, or another
 * organization's) is the page's 404; anything else is the error page's.
 */
export function rethrowAsPageError(error: unknown): never {
  throw isApiError(error, 404) ? notFound() : serviceUnavailable(error);
}

/**
 * For `.catch()` on an API call that a page cannot do without (its list): the error page says
 * the service is unavailable.
 */
export function rethrowAsUnavailable(error: unknown): never {
  throw serviceUnavailable(error);
}

/**
 * A file the API served (an export), passed on as the download the API named: never cached, and
 * never taken by the browser for another type than the one given.
 */
export function downloadResponse(file: {
  body: BodyInit;
  contentType: string;
  disposition: string | null;
}) {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": file.disposition ?? "attachment",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
