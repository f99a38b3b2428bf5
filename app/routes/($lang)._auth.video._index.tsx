import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { PlaceholderPage } from "~/components/placeholder-page";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

export const handle = { title: "pages.video.title" };

export default function VideoPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title="pages.video.title"
      description="pages.video.description"
      emptyTitle="pages.video.emptyTitle"
      emptyBody="pages.video.emptyBody"
      icon="clapperboard"
      actions={
        <Button asChild>
          <LocalizedLink to="/video/creator">
            <Icon name="plus" />
            {t("pages.video.creatorTitle")}
          </LocalizedLink>
        </Button>
      }
    />
  );
}
