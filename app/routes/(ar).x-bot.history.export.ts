import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { getApiClient } from "~/lib/api.server";
import { requirePermission } from "~/lib/permissions.server";
import { badRequest, downloadResponse, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { conversationQuery } from "~/lib/xbot-history";

const day = z.iso.date().optional().catch(undefined);
const Query = z.object({
  format: z.enum(["csv", "json"]).catch("csv"),
  q: z.string().trim().max(200).optional().catch(undefined),
  rating: z.enum(["up", "down"]).optional().catch(undefined),
  language: z.enum(["en", "ar"]).optional().catch(undefined),
  questions: z.enum(["unanswered"]).optional().catch(undefined),
  who: z.enum(["previews"]).optional().catch(undefined),
  leads: z.enum(["left"]).optional().catch(undefined),
  from: day,
  to: day,
});

/**
 * The current bot's conversations as a CSV or JSON download, a message a row
 * (GET /bots/{id}/conversations/export), on the history's filters, streamed from the API as it
 * writes them, named as the API names it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.read");
  const query = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const api = getApiClient(request, context, token, { timeoutMs: 120_000 });
  const { bot } = await api.get("/user/current-bot").catch(rethrowAsPageError);
  if (!bot) throw badRequest();
  const file = await api
    .bytes("/bots/{id}/conversations/export", {
      path: { id: bot.id },
      query: {
        format: query.format,
        ...conversationQuery(query),
      },
    })
    .catch(rethrowAsPageError);
  return downloadResponse(file);
}
