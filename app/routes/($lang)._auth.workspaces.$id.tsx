import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.workspaces.detailTitle" };

export default function WorkspacePage() {
  return (
    <PlaceholderPage
      title="pages.workspaces.detailTitle"
      emptyTitle="pages.workspaces.detailTitle"
      emptyBody="pages.workspaces.detailEmptyBody"
      icon="layers"
    />
  );
}
