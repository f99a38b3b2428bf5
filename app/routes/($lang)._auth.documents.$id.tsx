import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.documents.detailTitle" };

export default function DocumentPage() {
  return (
    <PlaceholderPage
      title="pages.documents.detailTitle"
      emptyTitle="pages.documents.detailTitle"
      emptyBody="pages.documents.formUnavailable"
      icon="file-text"
    />
  );
}
