import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { getApiClient } from "~/lib/api.server";
import { requirePermission } from "~/lib/permissions.server";
import { downloadResponse, requireUuidParam, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";

const Format = z.enum(["json", "png"]).catch("json");

/**
 * A character as a Character Card V2 download (GET /characters/{id}/export): its JSON, or a PNG
 * with the card in its `chara` chunk, byte for byte and named as the API names it.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "characters.read");
  const id = requireUuidParam(params);
  const format = Format.parse(new URL(request.url).searchParams.get("format"));
  const file = await getApiClient(request, context, token)
    .bytes("/characters/{id}/export", { path: { id }, query: { format } })
    .catch(rethrowAsPageError);
  return downloadResponse(file);
}
