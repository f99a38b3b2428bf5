import { PlaceholderPage } from "~/components/placeholder-page";

export const handle = { title: "pages.projects.editTitle" };

export default function EditProjectPage() {
  return (
    <PlaceholderPage
      title="pages.projects.editTitle"
      emptyTitle="pages.projects.editTitle"
      emptyBody="pages.projects.formUnavailable"
      icon="folder-kanban"
    />
  );
}
