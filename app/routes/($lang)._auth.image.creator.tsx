import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.image.creatorTitle" };

export default function ImageCreatorPage() {
  return (
    <PlaceholderPage
      title="pages.image.creatorTitle"
      emptyTitle="pages.image.creatorTitle"
      emptyBody="pages.image.creatorBody"
      icon="sparkles"
    />
  );
}
