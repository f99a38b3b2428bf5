import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.organization.detailTitle" };

export default function OrganizationPage() {
  return (
    <PlaceholderPage
      title="pages.organization.detailTitle"
      emptyTitle="pages.organization.detailTitle"
      emptyBody="pages.organization.formUnavailable"
      icon="building-2"
    />
  );
}
