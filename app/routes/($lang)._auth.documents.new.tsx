import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.documents.newTitle" };

export default function NewDocumentPage() {
  return (
    <PlaceholderPage
      title="pages.documents.newTitle"
      emptyTitle="pages.documents.newTitle"
      emptyBody="pages.documents.formUnavailable"
      icon="file-text"
    />
  );
}
