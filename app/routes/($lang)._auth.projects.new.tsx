import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.projects.newTitle" };

export default function NewProjectPage() {
  return (
    <PlaceholderPage
      title="pages.projects.newTitle"
      emptyTitle="pages.projects.newTitle"
      emptyBody="pages.projects.formUnavailable"
      icon="folder-kanban"
    />
  );
}
