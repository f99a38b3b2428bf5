import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.video.creatorTitle" };

export default function VideoCreatorPage() {
  return (
    <PlaceholderPage
      title="pages.video.creatorTitle"
      emptyTitle="pages.video.creatorTitle"
      emptyBody="pages.video.creatorBody"
      icon="sparkles"
    />
  );
}
