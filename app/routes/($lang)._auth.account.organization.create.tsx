import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.organization.createTitle" };

export default function CreateOrganizationPage() {
  return (
    <PlaceholderPage
      title="pages.organization.createTitle"
      description="pages.organization.description"
      emptyTitle="pages.organization.createTitle"
      emptyBody="pages.organization.formUnavailable"
      icon="building-2"
    />
  );
}
