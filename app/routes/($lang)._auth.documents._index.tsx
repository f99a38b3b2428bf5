import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { PlaceholderPage } from "~/components/placeholder-page";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

export const handle = { title: "pages.documents.title" };

export default function DocumentsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title="pages.documents.title"
      description="pages.documents.description"
      emptyTitle="pages.documents.emptyTitle"
      emptyBody="pages.documents.emptyBody"
      icon="file-text"
      actions={
        <Button asChild>
          <LocalizedLink to="/documents/new">
            <Icon name="plus" />
            {t("pages.documents.newTitle")}
          </LocalizedLink>
        </Button>
      }
    />
  );
}
