import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { isChunkLoadError } from "~/lib/runtime/chunk-errors";
import { LocalizedLink } from "./localized-link";
import { Button } from "./ui/button";
import { Icon } from "./ui/icon";

/** The 404, 503 and 500 pages; a stack trace only ever shows in development. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;

  const kind = errorKind(error);
  const stack =
    import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : null;
  if (status >= 500 && !isRouteErrorResponse(error) && kind !== "outdated") console.error(error);

  return (
    <main className="grid min-h-screen place-items-center px-6">
      <div className="w-full max-w-lg text-center">
        {kind === "outdated" ? null : <p className="text-sm font-semibold text-accent">{status}</p>}
        <h1 className="mt-2 text-3xl font-semibold tracking-tight">{t(`errors.${kind}.title`)}</h1>
        <p className="mt-3 text-text-muted">{t(`errors.${kind}.body`)}</p>
        {kind === "notFound" ? (
          <p className="mt-2 text-sm text-text-muted" dir="ltr">
            <code>{t("errors.notFound.path", { path: location.pathname })}</code>
          </p>
        ) : null}
        <div className="mt-8 flex justify-center gap-3">
          {kind === "outdated" ? (
            // A whole page load: the route's files are reloaded with the document.
            <Button asChild>
              <a href={`${location.pathname}${location.search}`}>
                <Icon name="refresh-cw" />
                {t("actions.reload")}
              </a>
            </Button>
          ) : null}
          <Button variant={kind === "outdated" ? "secondary" : "primary"} asChild>
            <LocalizedLink to="/">
              <Icon name="arrow-left" />
              {t("actions.goToDashboard")}
            </LocalizedLink>
          </Button>
          {kind === "unavailable" || kind === "server" ? (
            <Button variant="secondary" asChild>
              <a href={`${location.pathname}${location.search}`}>{t("actions.tryAgain")}</a>
            </Button>
          ) : null}
        </div>
        {stack ? (
          <pre
            className="mt-8 overflow-auto rounded-card bg-surface-muted p-4 text-start text-xs"
            dir="ltr"
          >
            {stack}
          </pre>
        ) : null}
      </div>
    </main>
  );
}

/** Which error page a route error gets; the document title uses it too. */
export function errorKind(error: unknown) {
  // A file of the build failed to load, and the reload guard held back another reload.
  if (isChunkLoadError(error)) return "outdated";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return "notFound";
  if (status === 503) return "unavailable";
  if (status >= 400 && status < 500) return "badRequest";
  return "server";
}
