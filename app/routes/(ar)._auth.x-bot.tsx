import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LocalizedNavLink } from "~/components/localized-link";
import { cx } from "~/components/ui/cx";
import { PageShell } from "~/components/ui/page-shell";
import { xbotSections } from "~/lib/navigation";

export const handle = { title: "pages.xbot.title" };

/** x-bot's own frame: its section navigation above whichever section is open. */
export default function XbotLayout() {
  const { t } = useTranslation();
  const tabs = [
    { to: "/x-bot", label: "pages.xbot.overview", end: true },
    ...xbotSections.map((section) => ({
      to: `/x-bot/${section}`,
      label: `pages.xbot.${section}`,
      end: false,
    })),
  ];
  return (
    <PageShell title={t("pages.xbot.title")} description={t("pages.xbot.description")}>
      <nav aria-label={t("pages.xbot.sectionsLabel")} className="border-b border-border">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <LocalizedNavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  cx(
                    "inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium",
                    isActive
                      ? "border-accent text-accent"
                      : "border-transparent text-text-muted hover:text-text",
                  )
                }
              >
                {t(tab.label)}
              </LocalizedNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </PageShell>
  );
}
