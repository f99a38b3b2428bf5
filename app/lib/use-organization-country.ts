import { useRouteLoaderData } from "react-router";
import type { OrganizationSummary } from "./organizations";

/**
 * The current organization's default country of phone numbers (ISO 3166 alpha-2), as the
 * signed-in layout loaded it; null without one.
 */
export function useOrganizationCountry(): string | null {
  const layout = useRouteLoaderData("routes/(ar)._auth") as
    | { organizations: OrganizationSummary[] }
    | undefined;
  return layout?.organizations.find((organization) => organization.current)?.defaultCountry ?? null;
}
