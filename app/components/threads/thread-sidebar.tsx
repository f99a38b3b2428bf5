import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { LocalizedLink } from "~/components/localized-link";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Highlighted } from "~/components/ui/highlighted";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { clientInitials } from "~/lib/clients";
import {
  groupThreads,
  type SidebarListing,
  sidebarPageSize,
  type ThreadSummary,
} from "~/lib/threads";
import { useSubmitAsYouType } from "~/lib/use-submit-as-you-type";

type ThreadList = { items: ThreadSummary[]; total: number; totalCapped: boolean; page: number };

/** The query that keeps the sidebar as it is (its search, view and page) across threads. */
export function sidebarQuery(listing: SidebarListing, extra: Record<string, string> = {}) {
  const query = new URLSearchParams(extra);
  if (listing.q) query.set("q", listing.q);
  if (listing.view) query.set("view", listing.view);
  if (listing.page > 1) query.set("page", String(listing.page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

/**
 * The threads the member may read, newest activity first with their pins on top, grouped by
 * day; a search over titles and messages; the archived threads and the bin as other views.
 */
export function ThreadSidebar({
  threads,
  listing,
  currentId,
  now,
  canWrite,
}: {
  threads: ThreadList;
  listing: SidebarListing;
  currentId: number | null;
  now: number;
  canWrite: boolean;
}) {
  const { t } = useTranslation("threads");
  const asYouType = useSubmitAsYouType();
  const keep = sidebarQuery({ ...listing, page: 1 });
  const views = [
    { view: undefined, label: t("sidebar.views.active") },
    { view: "archived", label: t("sidebar.views.archived") },
    { view: "deleted", label: t("sidebar.views.deleted") },
  ] as const;
  const groups = listing.q
    ? [{ name: "results" as const, items: threads.items }]
    : groupThreads(threads.items, now);

  return (
    <aside
      aria-labelledby="threads-sidebar-title"
      className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)]"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="threads-sidebar-title" className="text-sm font-semibold text-text">
          {t("sidebar.title")}
        </h2>
        {canWrite ? (
          <Button asChild size="sm">
            <LocalizedLink to={`/threads${keep}`}>
              <Icon name="plus" />
              {t("sidebar.new")}
            </LocalizedLink>
          </Button>
        ) : null}
      </div>
      <Form method="get" role="search" key={asYouType.key} {...asYouType.form}>
        {listing.view ? <input type="hidden" name="view" value={listing.view} /> : null}
        <label htmlFor="threads-search" className="sr-only">
          {t("sidebar.searchLabel")}
        </label>
        <div className="flex gap-1.5">
          <Input
            id="threads-search"
            name="q"
            type="search"
            maxLength={200}
            defaultValue={listing.q}
            placeholder={t("sidebar.searchPlaceholder")}
          />
          <Button type="submit" variant="secondary" aria-label={t("sidebar.search")}>
            <Icon name="search" />
          </Button>
        </div>
      </Form>
      <nav aria-label={t("sidebar.viewsLabel")} className="flex gap-1 text-xs">
        {views.map(({ view, label }) => {
          const query = sidebarQuery({ q: listing.q, view, page: 1 });
          const current = listing.view === view;
          return (
            <LocalizedLink
              key={label}
              to={`/threads${query}`}
              aria-current={current ? "page" : undefined}
              className={cx(
                "rounded-control px-2 py-1 font-medium",
                current ? "bg-accent-soft text-accent" : "text-text-muted hover:bg-surface-muted",
              )}
            >
              {label}
            </LocalizedLink>
          );
        })}
      </nav>

      <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
        {threads.items.length === 0 ? (
          <p className="rounded-card border border-dashed border-border px-3 py-6 text-center text-sm text-text-muted">
            {listing.q
              ? t("sidebar.noResults", { q: listing.q })
              : listing.view
                ? t(`sidebar.empty.${listing.view}`)
                : t("sidebar.empty.active")}
          </p>
        ) : (
          groups.map((group) => (
            <section
              key={group.name}
              aria-labelledby={`threads-group-${group.name}`}
              className="mb-3"
            >
              <h3
                id={`threads-group-${group.name}`}
                className="mb-1 px-2 text-xs font-medium text-text-muted"
              >
                {t(`sidebar.groups.${group.name}`)}
              </h3>
              <ul className="space-y-0.5">
                {group.items.map((thread) => (
                  <li key={thread.id}>
                    <LocalizedLink
                      to={`/threads/${thread.id}${sidebarQuery(listing)}`}
                      aria-current={thread.id === currentId ? "page" : undefined}
                      className={cx(
                        "flex items-center gap-2 rounded-control px-2 py-1.5 text-sm",
                        thread.id === currentId
                          ? "bg-accent-soft font-medium text-text"
                          : "text-text hover:bg-surface-muted",
                      )}
                    >
                      {thread.pinned ? (
                        <Icon name="pin" className="size-3.5 shrink-0 text-text-muted" />
                      ) : null}
                      {thread.character ? (
                        <Avatar
                          src={thread.character.avatarUrl}
                          fallback={clientInitials(thread.character.name) || "?"}
                          className="size-6 text-[0.625rem]"
                        />
                      ) : null}
                      <span className="min-w-0 flex-1">
                        <span className="block truncate" dir="auto">
                          <Highlighted
                            segments={thread.highlights?.title}
                            text={thread.title || t("untitled")}
                          />
                        </span>
                        {thread.highlights?.message ? (
                          <span className="line-clamp-2 text-xs text-text-muted" dir="auto">
                            <Highlighted segments={thread.highlights.message} text="" />
                          </span>
                        ) : null}
                        {!thread.mine ? (
                          <span className="block truncate text-xs text-text-muted">
                            {t("sidebar.sharedBy", { name: thread.author.name })}
                          </span>
                        ) : null}
                      </span>
                    </LocalizedLink>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      <Pagination
        page={listing.page}
        pageSize={sidebarPageSize}
        total={threads.total}
        totalCapped={threads.totalCapped}
        label={t("sidebar.pages")}
      />
    </aside>
  );
}
