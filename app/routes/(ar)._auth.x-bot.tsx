import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type LoaderFunctionArgs, Outlet, useLoaderData, useLocation } from "react-router";
import { LocalizedNavLink } from "~/components/localized-link";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/icon";
import { PageShell } from "~/components/ui/page-shell";
import { isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { type XbotNavEntry, xbotNavigation } from "~/lib/navigation";
import { requirePermission } from "~/lib/permissions.server";
import { safeRedirect } from "~/lib/redirect.server";
import { rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";

export const handle = { title: "pages.xbot.title" };

/**
 * The member's current bot (GET /user/current-bot): the routes carry no bot id. `?bot=<id>`
 * makes another current (PUT /user/current-bot), so a link can lead to any bot's page; the
 * address then drops it. An id that is no bot of the organization leaves the current one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.read");
  const api = getApiClient(request, context, token);
  const url = new URL(request.url);
  const chosen = url.searchParams.get("bot");
  if (chosen !== null) {
    try {
      await api.put("/user/current-bot", { body: { botId: chosen } });
    } catch (error) {
      if (!isUserError(error) || (error.status !== 422 && error.status !== 400)) {
        rethrowAsPageError(error);
      }
    }
    url.searchParams.delete("bot");
    throw safeRedirect(`${url.pathname}${url.search}`);
  }
  const current = await api.get("/user/current-bot");
  return {
    bot: current.bot
      ? { id: current.bot.id, name: current.bot.name, status: current.bot.status }
      : null,
  };
}

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
  const { bot } = useLoaderData<typeof loader>();
  return (
    <PageShell title={t("pages.xbot.title")} description={t("pages.xbot.description")}>
      {bot ? (
        <p className="flex items-center gap-2 text-sm text-text-muted" data-testid="xbot-current">
          <span>{t("pages.xbot.currentBot")}</span>
          <span className="font-medium text-text">{bot.name}</span>
          <span className="rounded-full border border-border px-2 py-0.5 text-xs">
            {t(`pages.xbot.status.${bot.status}`)}
          </span>
        </p>
      ) : null}
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
