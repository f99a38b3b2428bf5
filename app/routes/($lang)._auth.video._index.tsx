import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.video.title" };

export default function VideoPage() {
  return (
    <PlaceholderPage
      title="pages.video.title"
      description="pages.video.description"
      emptyTitle="pages.video.emptyTitle"
      emptyBody="pages.video.emptyBody"
      icon="clapperboard"
      primaryAction={{ to: "/video/creator", label: "pages.video.creatorTitle" }}
    />
  );
}
