import type { AppLoadContext } from "react-router";
import { getApiClient } from "./api.server";
import type { OrganizationSummary } from "./organizations";
import { serviceUnavailable } from "./session.server";

/** How many organizations the sidebar's switcher lists; the organizations page has them all. */
const switcherSize = 10;

/**
 * The user's organizations for the sidebar, the current one first: one call, keeping only what
 * the switcher shows.
 */
export async function getOrganizationSummaries(
  request: Request,
  context: AppLoadContext,
  token: string,
): Promise<OrganizationSummary[]> {
  const list = await getApiClient(request, context, token)
    .get("/organizations", { query: { pageSize: switcherSize } })
    .catch((error: unknown) => {
      throw serviceUnavailable(error);
    });
  return list.items.map(({ id, name, logoUrl, role, current, defaultCountry }) => ({
    id,
    name,
    logoUrl,
    role,
    current,
    defaultCountry,
  }));
}
