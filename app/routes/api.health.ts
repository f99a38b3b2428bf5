import type { LoaderFunctionArgs } from "react-router";
import { getApiClient } from "~/lib/api.server";

/** Outside every guard: load balancers ask it whether this instance and its database work. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  try {
    const health = await getApiClient(request, context).get("/health");
    return Response.json(
      { status: "ok", database: health.database, vectors: health.vectors },
      { headers },
    );
  } catch {
    return Response.json(
      { status: "error", database: "error", vectors: false },
      { status: 503, headers },
    );
  }
}
