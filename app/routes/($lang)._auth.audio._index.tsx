import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.audio.title" };

export default function AudioPage() {
  return (
    <PlaceholderPage
      title="pages.audio.title"
      description="pages.audio.description"
      emptyTitle="pages.audio.emptyTitle"
      emptyBody="pages.audio.emptyBody"
      icon="audio-lines"
      primaryAction={{ to: "/audio/creator", label: "pages.audio.creatorTitle" }}
    />
  );
}
