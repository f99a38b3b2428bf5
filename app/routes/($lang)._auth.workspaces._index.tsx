import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.workspaces.title" };

export default function WorkspacesPage() {
  return (
    <PlaceholderPage
      title="pages.workspaces.title"
      description="pages.workspaces.description"
      emptyTitle="pages.workspaces.emptyTitle"
      emptyBody="pages.workspaces.emptyBody"
      icon="layers"
    />
  );
}
