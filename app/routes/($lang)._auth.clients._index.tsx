import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { PlaceholderPage } from "~/components/placeholder-page";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

export const handle = { title: "pages.clients.title" };

export default function ClientsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title="pages.clients.title"
      description="pages.clients.description"
      emptyTitle="pages.clients.emptyTitle"
      emptyBody="pages.clients.emptyBody"
      icon="contact"
      actions={
        <Button asChild>
          <LocalizedLink to="/clients/new">
            <Icon name="plus" />
            {t("pages.clients.newTitle")}
          </LocalizedLink>
        </Button>
      }
    />
  );
}
