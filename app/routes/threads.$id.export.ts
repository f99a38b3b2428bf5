import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { getApiClient } from "~/lib/api.server";
import { requirePermission } from "~/lib/permissions.server";
import { downloadResponse, notFound, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { threadIdParam } from "~/lib/threads.server";

const Format = z.enum(["md", "json"]).catch("md");

/** A thread as a Markdown or JSON download (GET /threads/{id}/export), named as the API names it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "threads.read");
  const id = threadIdParam(params.id);
  if (id === null) throw notFound();
  const format = Format.parse(new URL(request.url).searchParams.get("format"));
  const file = await getApiClient(request, context, token)
    .file("/threads/{id}/export", { path: { id: String(id) }, query: { format } })
    .catch(rethrowAsPageError);
  return downloadResponse({ ...file, body: file.text });
}
