import type { LoaderFunctionArgs } from "react-router";
import { getApiClient } from "~/lib/api.server";
import { requirePermission } from "~/lib/permissions.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";

/** The organization's clients as a CSV download (GET /clients/export). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "clients.read");
  const csv = (await getApiClient(request, context, token, { timeoutMs: 30_000 })
    .get("/clients/export")
    .catch((error: unknown) => {
      throw serviceUnavailable(error);
    })) as unknown as string;
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="clients-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
