import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { organizationNavGroup, sidebarGroups } from "~/lib/navigation";
import type { OrganizationSummary } from "~/lib/organizations";
import type { CurrentUser } from "~/lib/user";
import { JobsIndicator } from "./jobs-indicator";
import { LocalizedLink, LocalizedNavLink } from "./localized-link";
import { Notice } from "./notice";
import { OrganizationSwitcher } from "./organizations/organization-switcher";
import { ConnectionIndicator } from "./realtime";
import { cx } from "./ui/cx";
import { Icon } from "./ui/icon";
import { UserMenu } from "./user-menu";

/**
 * The signed-in frame: the sidebar on the start side (the organization, the sections, the user)
 * and the page beside it, in the one content width every signed-in page shares.
 */
export function AppShell({
  user,
  organizations,
  children,
}: {
  user: CurrentUser;
  /** The user's organizations, for the switcher at the top of the sidebar. */
  organizations: OrganizationSummary[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const organizationGroup = organizationNavGroup(user.account);
  const groups = organizationGroup ? [...sidebarGroups, organizationGroup] : sidebarGroups;
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-control focus:bg-surface focus:px-3 focus:py-2"
      >
        {t("app.skipToContent")}
      </a>
      <aside className="sticky top-0 flex h-screen w-64 shrink-0 flex-col border-e border-border bg-surface">
        <LocalizedLink
          to="/dashboard"
          className="flex h-16 items-center gap-2 px-5 text-lg font-semibold tracking-tight"
        >
          <span className="grid size-8 place-items-center rounded-control bg-accent text-accent-contrast">
            <Icon name="sparkles" />
          </span>
          {t("app.name")}
        </LocalizedLink>
        <div className="px-3 pb-2">
          <OrganizationSwitcher organizations={organizations} />
        </div>
        <nav aria-label={t("nav.label")} className="flex-1 overflow-y-auto px-3 pb-4">
          {groups.map((group) => (
            <div key={group.label ?? group.items[0]?.to} className="mt-4 first:mt-1">
              {group.label ? (
                <p className="px-2 pb-1 text-xs font-medium uppercase tracking-wide text-text-muted">
                  {t(group.label)}
                </p>
              ) : null}
              <ul className="space-y-0.5">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <LocalizedNavLink
                      to={item.to}
                      className={({ isActive }) =>
                        cx(
                          "flex h-9 items-center gap-3 rounded-control px-2 text-sm font-medium",
                          isActive
                            ? "bg-accent-soft text-accent"
                            : "text-text-muted hover:bg-surface-muted hover:text-text",
                        )
                      }
                    >
                      <Icon name={item.icon} />
                      {t(item.label)}
                    </LocalizedNavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <JobsIndicator />
        <div className="border-t border-border p-2">
          <ConnectionIndicator className="px-2 pb-1" />
          <UserMenu user={user} />
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 px-10 py-8">
        <div className="mx-auto w-full max-w-5xl">
          <Notice />
          {children}
        </div>
      </main>
    </div>
  );
}
