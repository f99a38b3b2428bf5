import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
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

/** Where the sidebar is drawn over the page, opened from the top bar (Tailwind's `md`). */
const sidebarId = "app-sidebar";

/**
 * The signed-in frame: the sidebar on the start side (the organization, the sections, the user)
 * and the page beside it, in the one content width every signed-in page shares. Narrower than a
 * tablet, the page takes the whole width and the sidebar opens over it from a top bar's Menu:
 * without JavaScript the Menu link targets the sidebar (`:target` shows it); with it, the
 * sidebar is a drawer that Escape, the backdrop or a chosen page closes, focus moving in and back.
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
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLAnchorElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // A chosen page closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    sidebarRef.current?.querySelector<HTMLElement>("[data-drawer-close]")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      menuRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    menuRef.current?.focus();
  };

  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-control focus:bg-surface focus:px-3 focus:py-2"
      >
        {t("app.skipToContent")}
      </a>
      <header className="sticky top-0 z-20 flex h-14 items-center justify-between gap-3 border-b border-border bg-surface px-4 md:hidden">
        <HomeLink />
        <a
          ref={menuRef}
          href={`#${sidebarId}`}
          aria-controls={sidebarId}
          aria-expanded={open}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
          className="flex h-9 items-center gap-2 rounded-control px-2 text-sm font-medium text-text-muted hover:bg-surface-muted hover:text-text"
        >
          <Icon name="menu" />
          {t("nav.open")}
        </a>
      </header>
      {open ? (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-black/40 md:hidden"
          onClick={close}
        />
      ) : null}
      <aside
        ref={sidebarRef}
        id={sidebarId}
        className={cx(
          "fixed inset-y-0 start-0 z-40 w-72 max-w-[85vw] flex-col border-e border-border bg-surface shadow-xl target:flex",
          "md:sticky md:top-0 md:z-auto md:flex md:h-screen md:w-64 md:max-w-none md:shrink-0 md:shadow-none",
          open ? "flex" : "hidden",
        )}
      >
        <div className="flex h-16 items-center justify-between gap-2 pe-3">
          <HomeLink className="px-5" />
          {/* biome-ignore lint/a11y/useValidAnchor: without JavaScript, the link to the page takes `:target` off the sidebar. */}
          <a
            href="#main"
            data-drawer-close
            aria-label={t("nav.close")}
            title={t("nav.close")}
            onClick={(event) => {
              event.preventDefault();
              close();
            }}
            className="grid size-9 place-items-center rounded-control text-text-muted hover:bg-surface-muted hover:text-text md:hidden"
          >
            <Icon name="x" />
          </a>
        </div>
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
      <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 md:px-10 md:py-8">
        <div className="mx-auto w-full max-w-5xl">
          <Notice />
          {children}
        </div>
      </main>
    </div>
  );
}

function HomeLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <LocalizedLink
      to="/dashboard"
      className={cx("flex items-center gap-2 text-lg font-semibold tracking-tight", className)}
    >
      <span className="grid size-8 place-items-center rounded-control bg-accent text-accent-contrast">
        <Icon name="sparkles" />
      </span>
      {t("app.name")}
    </LocalizedLink>
  );
}
