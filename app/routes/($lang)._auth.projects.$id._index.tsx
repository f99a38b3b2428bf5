import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.projects.detailTitle" };

export default function ProjectPage() {
  return (
    <PlaceholderPage
      title="pages.projects.detailTitle"
      emptyTitle="pages.projects.detailTitle"
      emptyBody="pages.projects.formUnavailable"
      icon="folder-kanban"
    />
  );
}
