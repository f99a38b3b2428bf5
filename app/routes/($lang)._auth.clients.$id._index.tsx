import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.clients.detailTitle" };

export default function ClientPage() {
  return (
    <PlaceholderPage
      title="pages.clients.detailTitle"
      emptyTitle="pages.clients.detailTitle"
      emptyBody="pages.clients.formUnavailable"
      icon="contact"
    />
  );
}
