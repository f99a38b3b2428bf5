import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.clients.title" };

export default function ClientsPage() {
  return (
    <PlaceholderPage
      title="pages.clients.title"
      description="pages.clients.description"
      emptyTitle="pages.clients.emptyTitle"
      emptyBody="pages.clients.emptyBody"
      icon="contact"
      primaryAction={{ to: "/clients/new", label: "pages.clients.newTitle" }}
    />
  );
}
