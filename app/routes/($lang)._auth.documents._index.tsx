import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.documents.title" };

export default function DocumentsPage() {
  return (
    <PlaceholderPage
      title="pages.documents.title"
      description="pages.documents.description"
      emptyTitle="pages.documents.emptyTitle"
      emptyBody="pages.documents.emptyBody"
      icon="file-text"
      primaryAction={{ to: "/documents/new", label: "pages.documents.newTitle" }}
    />
  );
}
