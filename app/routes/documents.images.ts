import type { ActionFunctionArgs } from "react-router";
import { isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readMultipartForm } from "~/lib/form-body.server";
import { requirePermission } from "~/lib/permissions.server";
import { rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";

const maxImageFormBytes = 10 * 1024 * 1024 + 64 * 1024;

/** An image dropped into the editor: stored through the API, answered with its URL as JSON. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "documents.write");
  const read = await readMultipartForm(request, maxImageFormBytes);
  const image = read.form?.get("image");
  if (read.tooLarge || !(image instanceof File) || image.size === 0) {
    return Response.json({ error: "invalidImage" }, { status: read.tooLarge ? 413 : 422 });
  }
  const body = new FormData();
  body.set("image", image, image.name);
  try {
    const stored = await getApiClient(request, context, token).post("/documents/images", {
      body: body as never,
    });
    return Response.json({ url: stored.url }, { status: 201 });
  } catch (error) {
    if (isUserError(error)) return Response.json({ error: "invalidImage" }, { status: 422 });
    rethrowAsPageError(error);
  }
}
