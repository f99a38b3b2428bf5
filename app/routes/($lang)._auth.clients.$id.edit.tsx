import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.clients.editTitle" };

export default function EditClientPage() {
  return (
    <PlaceholderPage
      title="pages.clients.editTitle"
      emptyTitle="pages.clients.editTitle"
      emptyBody="pages.clients.formUnavailable"
      icon="contact"
    />
  );
}
