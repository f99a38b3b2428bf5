import type { LoaderFunctionArgs } from "react-router";
import { getApiClient } from "~/lib/api.server";
import { getViewer, serviceUnavailable } from "~/lib/session.server";

/** How many of the member's latest jobs the sidebar follows. */
const followed = 10;

/**
 * The member's latest jobs (JSON), for the sidebar's indicator of running work and its notice
 * when one finishes. Read after the page is shown, and again on every live event.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  // A session that ended while the page was open follows no jobs: a redirect here would take the
  // page itself to the sign-in form, and bring it back to this JSON afterwards.
  if (
    viewer.status !== "signed-in" ||
    !viewer.user.account.currentOrganizationPermissions.includes("organization.read")
  ) {
    return Response.json([], { headers: { "Cache-Control": "private, no-store" } });
  }
  const { token } = viewer;
  const page = await getApiClient(request, context, token)
    .get("/jobs", { query: { mine: "true", page: 1, pageSize: followed } })
    .catch((error: unknown) => {
      throw serviceUnavailable(error);
    });
  const jobs = page.items.map(
    ({ id, kind, status, progress, input, result, error, finishedAt }) => ({
      id,
      kind,
      status,
      progress,
      input,
      result,
      error,
      finishedAt,
    }),
  );
  return Response.json(jobs, { headers: { "Cache-Control": "private, no-store" } });
}
