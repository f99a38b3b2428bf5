import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { PlaceholderPage } from "~/components/placeholder-page";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

export const handle = { title: "pages.audio.title" };

export default function AudioPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title="pages.audio.title"
      description="pages.audio.description"
      emptyTitle="pages.audio.emptyTitle"
      emptyBody="pages.audio.emptyBody"
      icon="audio-lines"
      actions={
        <Button asChild>
          <LocalizedLink to="/audio/creator">
            <Icon name="plus" />
            {t("pages.audio.creatorTitle")}
          </LocalizedLink>
        </Button>
      }
    />
  );
}
