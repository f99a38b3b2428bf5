import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.characters.title" };

export default function CharactersPage() {
  return (
    <PlaceholderPage
      title="pages.characters.title"
      description="pages.characters.description"
      emptyTitle="pages.characters.emptyTitle"
      emptyBody="pages.characters.emptyBody"
      icon="drama"
    />
  );
}
