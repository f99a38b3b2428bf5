import { useTranslation } from "react-i18next";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { z } from "zod";
import { LocalizedLink } from "~/components/localized-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cx } from "~/components/ui/cx";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icon";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { Pagination } from "~/components/ui/pagination";
import { SearchForm } from "~/components/ui/search-form";
import { WorkspaceForm } from "~/components/workspaces/workspace-form";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form-body.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { workspaceSwatches } from "~/lib/workspaces";
import { submitWorkspaceForm } from "~/lib/workspaces.server";

export const handle = { title: "workspaces:title" };

const pageSize = 12;

const Listing = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().trim().max(100).catch(""),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const url = new URL(request.url);
  const { page, q } = Listing.parse({
    page: url.searchParams.get("page") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
  });
  const permissions = user.account.currentOrganizationPermissions;
  if (!permissions.includes("workspaces.read")) {
    return { workspaces: null, search: q, canWrite: false };
  }
  const workspaces = await getApiClient(request, context, token)
    .get("/workspaces", { query: { page, pageSize, search: q || undefined } })
    .catch((error: unknown) => {
      throw serviceUnavailable(error);
    });
  return { workspaces, search: q, canWrite: permissions.includes("workspaces.write") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const language = pageLanguage(request);
  const form = await readForm(request);
  if (form.get("intent") !== "create") throw badRequest();
  const result = await submitWorkspaceForm(getApiClient(request, context, token), form, {
    intent: "create",
  });
  if (result.answer) return result.answer;
  return safeRedirect(
    `${localizedPath(`/workspaces/${result.workspace.id}`, language)}?notice=workspace-created`,
  );
}

export default function WorkspacesPage() {
  const { workspaces, search, canWrite } = useLoaderData<typeof loader>();
  const result = useActionAnswer<typeof action>();
  const { t } = useTranslation("workspaces");

  if (!workspaces) {
    return (
      <PageShell title={t("title")} description={t("description")}>
        <EmptyState
          icon="layers"
          title={t("noOrganization.title")}
          action={
            <Button asChild>
              <LocalizedLink to="/account/organization/create">
                <Icon name="plus" />
                {t("noOrganization.action")}
              </LocalizedLink>
            </Button>
          }
        >
          {t("noOrganization.body")}
        </EmptyState>
      </PageShell>
    );
  }

  // The form's disclosure opens when a link points into it, without JavaScript too.
  const createLink = (label: string) => (
    <Button asChild>
      <a href="#new-workspace">
        <Icon name="plus" />
        {label}
      </a>
    </Button>
  );

  // No workspace at all: the empty state is the page, with the one way to create the first; its
  // form shows where the link points (the `:target`, without JavaScript too) or after an answer.
  const none = workspaces.total === 0 && !search;
  const form = <WorkspaceForm intent="create" result={result} submitLabel={t("create.submit")} />;

  return (
    <PageShell
      title={t("title")}
      description={t("description")}
      actions={canWrite && !none ? createLink(t("create.title")) : undefined}
    >
      {canWrite && none ? (
        <Card
          as="section"
          id="new-workspace"
          aria-labelledby="new-workspace-title"
          className={cx("peer scroll-mt-8 p-6", result ? "block" : "hidden target:block")}
        >
          <h2 id="new-workspace-title" className="mb-4 font-medium">
            {t("create.title")}
          </h2>
          {form}
        </Card>
      ) : canWrite ? (
        <Card as="section" aria-labelledby="new-workspace-title">
          <details open={Boolean(result)} className="group">
            <summary className="flex cursor-pointer list-none items-center gap-2 px-6 py-4 font-medium">
              <Icon name="plus" />
              <span id="new-workspace-title">{t("create.title")}</span>
              <Icon
                name="chevron-down"
                className="ms-auto text-text-muted transition-transform group-open:rotate-180"
              />
            </summary>
            <div id="new-workspace" className="scroll-mt-8 border-t border-border p-6">
              {form}
            </div>
          </details>
        </Card>
      ) : null}

      {none ? null : (
        <SearchForm
          id="workspace-search"
          label={t("search.label")}
          placeholder={t("search.placeholder")}
          submitLabel={t("search.submit")}
          defaultValue={search}
        />
      )}

      {workspaces.items.length === 0 ? (
        // Once its form shows, the empty state gives way to it.
        <div className={cx(canWrite && none && (result ? "hidden" : "peer-target:hidden"))}>
          <EmptyState
            icon="layers"
            title={search ? t("noMatch.title") : t("empty.title")}
            action={
              search ? (
                <Button variant="secondary" asChild>
                  <LocalizedLink to="/workspaces">
                    <Icon name="x" />
                    {t("noMatch.action")}
                  </LocalizedLink>
                </Button>
              ) : canWrite ? (
                createLink(t("empty.action"))
              ) : undefined
            }
          >
            {search ? (
              <IsolatedMessage ns="workspaces" i18nKey="noMatch.body" values={{ search }} />
            ) : (
              t("empty.body")
            )}
          </EmptyState>
        </div>
      ) : (
        <ul aria-label={t("list")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {workspaces.items.map((workspace) => (
            <li key={workspace.id}>
              <LocalizedLink
                to={`/workspaces/${workspace.id}`}
                className="block h-full rounded-card border border-border bg-surface p-5 shadow-card hover:border-accent"
              >
                <span className="flex items-start gap-2">
                  <span aria-hidden className="flex h-6 shrink-0 items-center">
                    <span
                      data-workspace-color={workspace.color}
                      className={cx("size-3 rounded-full", workspaceSwatches[workspace.color])}
                    />
                  </span>
                  <span className="line-clamp-2 min-w-0 font-medium [overflow-wrap:anywhere]">
                    {workspace.name}
                  </span>
                </span>
                {workspace.description ? (
                  <span className="mt-2 line-clamp-2 text-sm text-text-muted [overflow-wrap:anywhere]">
                    {workspace.description}
                  </span>
                ) : null}
                <span className="mt-3 flex items-center gap-1.5 text-xs text-text-muted">
                  <Icon name="users" />
                  {t("members", { count: workspace.memberCount })}
                </span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      )}

      <Pagination
        page={workspaces.page}
        pageSize={workspaces.pageSize}
        total={workspaces.total}
        label={t("pages")}
      />
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
