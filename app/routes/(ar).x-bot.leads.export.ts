import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { getApiClient } from "~/lib/api.server";
import { requirePermission } from "~/lib/permissions.server";
import { badRequest, downloadResponse, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { dayAfter, leadStatuses } from "~/lib/xbot-leads";

const day = z.iso.date().optional().catch(undefined);
const Query = z.object({
  format: z.enum(["csv", "json"]).catch("csv"),
  q: z.string().trim().max(200).optional().catch(undefined),
  status: z.enum(leadStatuses).optional().catch(undefined),
  from: day,
  to: day,
});

/**
 * The current bot's leads as a CSV or JSON download (GET /leads/export), on the page's filters,
 * streamed from the API as it writes them, named as the API names it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "leads.read");
  const query = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const api = getApiClient(request, context, token, { timeoutMs: 120_000 });
  const { bot } = await api.get("/user/current-bot").catch(rethrowAsPageError);
  if (!bot) throw badRequest();
  const file = await api
    .bytes("/leads/export", {
      query: {
        format: query.format,
        botId: bot.id,
        q: query.q || undefined,
        status: query.status ? [query.status] : undefined,
        from: query.from,
        to: query.to ? dayAfter(query.to) : undefined,
      },
    })
    .catch(rethrowAsPageError);
  return downloadResponse(file);
}
