import type { AppLoadContext } from "@remix-run/node";
import { getApiClient } from "./api.server";
import type { OrganizationSummary } from "./organizations";
import { serviceUnavailable } from "./session.server";

/** The user's organizations for the sidebar: one call, keeping only what the switcher shows. */
export async function getOrganizationSummaries(
  request: Request,
  context: AppLoadContext,
  token: string,
): Promise<OrganizationSummary[]> {
  const list = await getApiClient(request, context, token)
    .get("/organizations")
    .catch((error: unknown) => {
      throw serviceUnavailable(error);
    });
  return list.items.map(({ id, name, logoUrl, role, current }) => ({
    id,
    name,
    logoUrl,
    role,
    current,
  }));
}
