import type { ActionFunctionArgs } from "react-router";
import { isApiError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { getToken, isAbortedCall } from "~/lib/session.server";

/**
 * Where browsers open the real-time socket: SOCKET_URL, else the API's /socket (the embedded
 * API's is on this origin). http(s) becomes ws(s) in the browser.
 */
function publicSocketUrl() {
  if (process.env.SOCKET_URL) return process.env.SOCKET_URL;
  return `${(process.env.API_URL || "/api/v1").replace(/\/$/, "")}/socket`;
}

/**
 * A single-use ticket for the browser's STOMP connection, from the API for the signed-in user:
 * the session token itself stays in its HttpOnly cookie (ARCHITECTURE.md, decision 3).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (request.method !== "POST")
    return Response.json({ error: "Method Not Allowed" }, { status: 405, headers });
  const token = await getToken(request);
  if (!token) return Response.json({ error: "Unauthorized" }, { status: 401, headers });
  try {
    const { ticket, expiresAt } = await getApiClient(request, context, token).post(
      "/user/socket-ticket",
    );
    return Response.json({ ticket, expiresAt, url: publicSocketUrl() }, { headers });
  } catch (error) {
    if (isApiError(error, 401))
      return Response.json({ error: "Unauthorized" }, { status: 401, headers });
    // A page that closed before its ticket came (a quick reload, a link followed): nobody waits
    // for the answer, and nothing failed.
    if (request.signal.aborted || isAbortedCall(error)) {
      return Response.json({ error: "Aborted" }, { status: 499, headers });
    }
    console.error("A socket ticket could not be issued", error);
    return Response.json({ error: "Service Unavailable" }, { status: 503, headers });
  }
}

export function loader() {
  return Response.json(
    { error: "Method Not Allowed" },
    { status: 405, headers: { Allow: "POST" } },
  );
}
