import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { PlaceholderPage } from "~/components/placeholder-page";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

export const handle = { title: "pages.image.title" };

export default function ImagePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title="pages.image.title"
      description="pages.image.description"
      emptyTitle="pages.image.emptyTitle"
      emptyBody="pages.image.emptyBody"
      icon="image"
      actions={
        <Button asChild>
          <LocalizedLink to="/image/creator">
            <Icon name="plus" />
            {t("pages.image.creatorTitle")}
          </LocalizedLink>
        </Button>
      }
    />
  );
}
