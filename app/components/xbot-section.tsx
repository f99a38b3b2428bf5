import { useTranslation } from "react-i18next";
import type { XbotSection } from "~/lib/navigation";
import { EmptyState } from "./ui/empty-state";

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
