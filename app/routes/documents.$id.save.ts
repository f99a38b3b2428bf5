import type { ActionFunctionArgs } from "react-router";
import { getApiClient } from "~/lib/api.server";
import { maxDocumentFormBytes, saveDocumentForm } from "~/lib/documents.server";
import { readMultipartForm } from "~/lib/form-body.server";
import { requirePermission } from "~/lib/permissions.server";
import { requireUuidParam } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";

/**
 * The editor's autosave: the document form, answered as JSON (saved, stale with both texts, or
 * refused), so that the page keeps its text whatever the answer, and a lost connection is only
 * a save to try again.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "documents.write");
  const id = requireUuidParam(params);
  const read = await readMultipartForm(request, maxDocumentFormBytes);
  if (read.tooLarge) {
    return Response.json({ intent: "save", error: "tooLarge" }, { status: 413 });
  }
  const { answer, status } = await saveDocumentForm(
    getApiClient(request, context, token),
    id,
    read.form,
  );
  return Response.json(answer, { status, headers: { "Cache-Control": "no-store" } });
}
