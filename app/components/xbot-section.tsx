import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { XbotSection } from "~/lib/navigation";
import { LocalizedLink } from "./localized-link";
import { Button } from "./ui/button";
import { EmptyState } from "./ui/empty-state";

/** A bot's page while the organization has no bot: what the page is for, and the way to make one. */
export function XbotNoBot({ children }: { children: ReactNode }) {
  const { t } = useTranslation("xbot");
  return (
    <EmptyState
      icon="bot"
      title={t("overview.empty.title")}
      action={
        <Button asChild>
          <LocalizedLink to="/x-bot">{t("details.toOverview")}</LocalizedLink>
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}

export function XbotSectionPage({ section }: { section: XbotSection | "overview" }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="xbot-section-title">
      <h2 id="xbot-section-title" className="mb-4 text-lg font-semibold">
        {t(`pages.xbot.${section}`)}
      </h2>
      <EmptyState icon="bot" title={t("pages.xbot.emptyTitle")}>
        {t("pages.xbot.emptyBody")}
      </EmptyState>
    </section>
  );
}
