import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { isApiError } from "./api/errors";
import { getApiClient } from "./api.server";
import { notFound } from "./responses.server";
import { getToken, requireUser, serviceUnavailable } from "./session.server";

/** What a browser's request for a file says that the API must hear. */
const passedRequestHeaders = ["Range", "If-None-Match", "If-Range"] as const;

/** What the API's answer says that the browser must hear; nothing else of it is passed on. */
const passedResponseHeaders = [
  "Content-Type",
  "Content-Length",
  "Content-Range",
  "Accept-Ranges",
  "Cache-Control",
  "ETag",
  "Content-Disposition",
  "X-Content-Type-Options",
  "Content-Security-Policy",
] as const;

/** A file's answer cannot wait on a large file's last byte: the deadline covers its headers. */
const fileHeadersTimeoutMs = 15_000;

/** The most items one zip holds (the API's limit). */
export const maxMediaZipItems = 100;

const ZipIds = z.array(z.uuid()).min(1).max(maxMediaZipItems);

/**
 * The session's token without asking the API who it is: the file's own call checks it, and a
 * page of a hundred thumbnails should not cost a hundred more calls. A guest, or a token the
 * API no longer takes, goes where `requireUser` sends them (sign-in).
 */
async function requireToken(request: Request, context: AppLoadContext) {
  return (await getToken(request)) ?? (await requireUser(request, context)).token;
}

/** The API's answer as the browser's: its status, the headers that matter, its body streamed. */
function passedOn(answer: Response): Response {
  const headers = new Headers();
  for (const name of passedResponseHeaders) {
    const value = answer.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const body = answer.status === 304 ? null : answer.body;
  if (body === null) answer.body?.cancel().catch(() => {});
  return new Response(body, { status: answer.status, headers });
}

/** An API error as the resource route's answer: 404 for what is not there for this user. */
async function asRouteError(
  error: unknown,
  request: Request,
  context: AppLoadContext,
): Promise<never> {
  if (isApiError(error, 401)) {
    // The token expired: requireUser clears it and sends them to sign in.
    await requireUser(request, context);
    throw new Response(null, { status: 401 });
  }
  if (isApiError(error) && [403, 404, 422].includes(error.status)) throw notFound();
  throw serviceUnavailable(error);
}

/**
 * An item's file or thumbnail as the API streams it, for `<img>`, `<audio>`, `<video>` and
 * links: the browser cannot send the API's bearer token, the session cookie stands for it.
 * Range requests and revalidation pass through; `download=1` too.
 */
export async function passMediaFile(
  request: Request,
  context: AppLoadContext,
  id: string | undefined,
  which: "content" | "thumbnail",
): Promise<Response> {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw notFound();
  const token = await requireToken(request, context);
  const api = getApiClient(request, context, token, { timeoutMs: fileHeadersTimeoutMs });
  const download = new URL(request.url).searchParams.get("download") === "1";
  const headers = Object.fromEntries(
    passedRequestHeaders.map((name) => [name, request.headers.get(name)]),
  );
  const query = download ? { download: "1" as const } : {};
  try {
    const answer =
      which === "content"
        ? await api.passThrough(
            "get",
            "/media/{id}/content",
            { path: { id: parsed.data }, query },
            headers,
          )
        : await api.passThrough(
            "get",
            "/media/{id}/thumbnail",
            { path: { id: parsed.data }, query },
            headers,
          );
    return passedOn(answer);
  } catch (error) {
    return await asRouteError(error, request, context);
  }
}

/**
 * The items named by the form's `id` fields as one zip, as the API streams it. 400 for a form
 * without 1 to 100 ids; 404 when any of them is not there for this user.
 */
export async function passMediaZip(
  request: Request,
  context: AppLoadContext,
  form: FormData,
): Promise<Response> {
  const ids = ZipIds.safeParse(form.getAll("id"));
  if (!ids.success) throw new Response("Bad Request", { status: 400 });
  const token = await requireToken(request, context);
  const api = getApiClient(request, context, token, { timeoutMs: fileHeadersTimeoutMs });
  try {
    return passedOn(await api.passThrough("post", "/media/zip", { body: { ids: ids.data } }));
  } catch (error) {
    return await asRouteError(error, request, context);
  }
}
