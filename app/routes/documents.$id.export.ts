import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { getApiClient } from "~/lib/api.server";
import { requirePermission } from "~/lib/permissions.server";
import { downloadResponse, requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";

const Format = z.enum(["md", "html"]).catch("md");

/** A document as a Markdown or HTML download (GET /documents/{id}/export), named as the API names it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "documents.read");
  const id = requireUuidParam(params);
  const format = Format.parse(new URL(request.url).searchParams.get("format"));
  const file = await getApiClient(request, context, token)
    .file("/documents/{id}/export", { path: { id }, query: { format } })
    .catch(rethrowAsPageError);
  return downloadResponse({ ...file, body: file.text });
}
