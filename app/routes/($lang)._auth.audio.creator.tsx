import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.audio.creatorTitle" };

export default function AudioCreatorPage() {
  return (
    <PlaceholderPage
      title="pages.audio.creatorTitle"
      emptyTitle="pages.audio.creatorTitle"
      emptyBody="pages.audio.creatorBody"
      icon="sparkles"
    />
  );
}
