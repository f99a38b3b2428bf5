import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { PlaceholderPage } from "~/components/placeholder-page";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

export const handle = { title: "pages.projects.title" };

export default function ProjectsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title="pages.projects.title"
      description="pages.projects.description"
      emptyTitle="pages.projects.emptyTitle"
      emptyBody="pages.projects.emptyBody"
      icon="folder-kanban"
      actions={
        <Button asChild>
          <LocalizedLink to="/projects/new">
            <Icon name="plus" />
            {t("pages.projects.newTitle")}
          </LocalizedLink>
        </Button>
      }
    />
  );
}
