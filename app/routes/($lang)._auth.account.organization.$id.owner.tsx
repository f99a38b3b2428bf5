import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.organization.ownerTitle" };

export default function OrganizationOwnerPage() {
  return (
    <PlaceholderPage
      title="pages.organization.ownerTitle"
      emptyTitle="pages.organization.ownerTitle"
      emptyBody="pages.organization.formUnavailable"
      icon="lock"
    />
  );
}
