import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { getApiClient } from "~/lib/api.server";
import { requirePermission } from "~/lib/permissions.server";
import { badRequest, downloadResponse, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";

const Format = z.enum(["csv", "jsonl"]).catch("csv");

/**
 * The current bot's questions and answers as a CSV or JSON Lines download
 * (GET /bots/{id}/knowledge/qa/export), named as the API names it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.read");
  const format = Format.parse(new URL(request.url).searchParams.get("format"));
  const api = getApiClient(request, context, token, { timeoutMs: 30_000 });
  const { bot } = await api.get("/user/current-bot").catch(rethrowAsPageError);
  if (!bot) throw badRequest();
  const file = await api
    .bytes("/bots/{id}/knowledge/qa/export", { path: { id: bot.id }, query: { format } })
    .catch(rethrowAsPageError);
  return downloadResponse(file);
}
