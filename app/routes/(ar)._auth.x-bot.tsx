import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { LocalizedNavLink } from "~/components/localized-link";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/icon";
import { PageShell } from "~/components/ui/page-shell";
import { type XbotNavEntry, xbotNavigation } from "~/lib/navigation";

export const handle = { title: "pages.xbot.title" };

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap",
    isActive ? "border-accent text-accent" : "border-transparent text-text-muted hover:text-text",
  );

/**
 * One group of sections: a disclosure (a <details>, so it opens without JavaScript) whose
 * summary names the group and, while one of its pages is open, that page.
 */
function NavGroup({
  entry,
  pathname,
}: {
  entry: Extract<XbotNavEntry, { kind: "group" }>;
  pathname: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDetailsElement>(null);
  const current = entry.sections.find((section) => pathname.endsWith(`/x-bot/${section}`));
  // Escape and a click elsewhere close it, as a menu would.
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    details.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      details.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);
  return (
    <details ref={ref} className="group relative" data-testid={`xbot-group-${entry.group}`}>
      <summary
        className={cx(
          "inline-flex h-10 cursor-pointer list-none items-center gap-1 border-b-2 px-3 text-sm font-medium whitespace-nowrap [&::-webkit-details-marker]:hidden",
          current
            ? "border-accent text-accent"
            : "border-transparent text-text-muted hover:text-text",
        )}
      >
        <span>{t(`pages.xbot.groups.${entry.group}`)}</span>
        {current ? (
          <span className="text-text-muted">
            <span aria-hidden="true"> · </span>
            <span className="sr-only">: </span>
            {t(`pages.xbot.${current}`)}
          </span>
        ) : null}
        <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="absolute start-0 top-full z-20 mt-1 min-w-48 rounded-md border border-border bg-surface p-1 shadow-lg">
        {entry.sections.map((section) => (
          <li key={section}>
            <LocalizedNavLink
              to={`/x-bot/${section}`}
              className={({ isActive }) =>
                cx(
                  "block rounded px-3 py-2 text-sm whitespace-nowrap",
                  isActive
                    ? "bg-accent/10 font-medium text-accent"
                    : "text-text hover:bg-surface-muted",
                )
              }
            >
              {t(`pages.xbot.${section}`)}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** x-bot's own frame: its grouped section navigation above whichever section is open. */
export default function XbotLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PageShell title={t("pages.xbot.title")} description={t("pages.xbot.description")}>
      <nav aria-label={t("pages.xbot.sectionsLabel")} className="border-b border-border">
        {/* Keyed by the page, so a group that led somewhere closes once it has. */}
        <ul key={pathname} className="-mb-px flex flex-wrap items-end gap-x-1">
          {xbotNavigation.map((entry) => (
            <li key={entry.kind === "group" ? entry.group : entry.section}>
              {entry.kind === "group" ? (
                <NavGroup entry={entry} pathname={pathname} />
              ) : (
                <LocalizedNavLink
                  to={entry.section === "overview" ? "/x-bot" : `/x-bot/${entry.section}`}
                  end
                  className={itemClass}
                >
                  {t(`pages.xbot.${entry.section}`)}
                </LocalizedNavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </PageShell>
  );
}
