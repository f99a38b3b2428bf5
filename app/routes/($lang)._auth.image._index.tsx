import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.image.title" };

export default function ImagePage() {
  return (
    <PlaceholderPage
      title="pages.image.title"
      description="pages.image.description"
      emptyTitle="pages.image.emptyTitle"
      emptyBody="pages.image.emptyBody"
      icon="image"
      primaryAction={{ to: "/image/creator", label: "pages.image.creatorTitle" }}
    />
  );
}
