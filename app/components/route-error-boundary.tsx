import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { stripLanguagePrefix } from "~/lib/i18n";
import { sectionOf } from "~/lib/navigation";
import { errorKind } from "./error-page";
import { LocalizedLink } from "./localized-link";
import { Button } from "./ui/button";
import { Icon } from "./ui/icon";
import type { IconName } from "./ui/icons/icon-names";

const kindIcons: Record<ReturnType<typeof errorKind>, IconName> = {
  notFound: "search-x",
  badRequest: "circle-alert",
  server: "circle-alert",
  unavailable: "cloud-off",
  outdated: "refresh-cw",
};

/**
 * A page's own error (a 404 for a stale id, the API down) shown where the page would be, so the
 * layout around it (the sidebar, the user menu) stays. Routes export it as their ErrorBoundary.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const location = useLocation();
  const kind = errorKind(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500 && !isRouteErrorResponse(error) && kind !== "outdated") console.error(error);
  const stack =
    import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : null;

  const path = stripLanguagePrefix(location.pathname);
  const section = sectionOf(path);
  // The list the page belongs to, unless the list itself is what failed.
  const back = section && section.to !== path && section.to !== "/dashboard" ? section : null;
  const here = `${location.pathname}${location.search}`;

  const actions: { key: string; to?: string; icon: IconName; label: string }[] = [];
  if (kind === "outdated") {
    actions.push({ key: "reload", icon: "refresh-cw", label: t("actions.reload") });
  }
  if (kind === "unavailable" || kind === "server") {
    actions.push({ key: "retry", icon: "refresh-cw", label: t("actions.tryAgain") });
  }
  if (back) {
    const label = t("errors.backTo", { section: t(back.label) });
    actions.push({ key: "back", to: back.to, icon: "arrow-left", label });
  }
  if (path !== "/dashboard") {
    const label = t("actions.goToDashboard");
    actions.push({ key: "dashboard", to: "/dashboard", icon: "layout-dashboard", label });
  }

  return (
    <section
      aria-labelledby="route-error-title"
      className="flex flex-col items-center rounded-card border border-border bg-surface px-6 py-16 text-center shadow-card"
    >
      <span className="mb-4 grid size-12 place-items-center rounded-full bg-accent-soft text-accent">
        <Icon name={kindIcons[kind]} className="size-6" />
      </span>
      {kind === "outdated" ? null : <p className="text-sm font-semibold text-accent">{status}</p>}
      <h1 id="route-error-title" className="mt-1 text-2xl font-semibold tracking-tight">
        {t(`errors.${kind}.title`)}
      </h1>
      <p className="mt-2 max-w-md text-text-muted">{t(`errors.${kind}.body`)}</p>
      {kind === "notFound" ? (
        <p className="mt-2 max-w-full text-sm text-text-muted [overflow-wrap:anywhere]">
          <code dir="ltr">{location.pathname}</code>
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions.map((action, index) => (
          <Button key={action.key} variant={index === 0 ? "primary" : "secondary"} asChild>
            {action.to ? (
              <LocalizedLink to={action.to}>
                <Icon name={action.icon} />
                {action.label}
              </LocalizedLink>
            ) : (
              // A whole page load: the route's files and data are fetched again.
              <a href={here}>
                <Icon name={action.icon} />
                {action.label}
              </a>
            )}
          </Button>
        ))}
      </div>
      {stack ? (
        <pre
          className="mt-8 max-w-full overflow-auto rounded-card bg-surface-muted p-4 text-start text-xs"
          dir="ltr"
        >
          {stack}
        </pre>
      ) : null}
    </section>
  );
}
