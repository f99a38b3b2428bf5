import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.clients.newTitle" };

export default function NewClientPage() {
  return (
    <PlaceholderPage
      title="pages.clients.newTitle"
      emptyTitle="pages.clients.newTitle"
      emptyBody="pages.clients.formUnavailable"
      icon="contact"
    />
  );
}
