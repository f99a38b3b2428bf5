import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.projects.title" };

export default function ProjectsPage() {
  return (
    <PlaceholderPage
      title="pages.projects.title"
      description="pages.projects.description"
      emptyTitle="pages.projects.emptyTitle"
      emptyBody="pages.projects.emptyBody"
      icon="folder-kanban"
      primaryAction={{ to: "/projects/new", label: "pages.projects.newTitle" }}
    />
  );
}
