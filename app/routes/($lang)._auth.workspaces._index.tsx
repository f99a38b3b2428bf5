import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { LocalizedLink } from "~/components/localized-link";
import { Card } from "~/components/ui/card";
import { cx } from "~/components/ui/cx";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icon";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { SearchForm } from "~/components/ui/search-form";
import { WorkspaceForm } from "~/components/workspaces/workspace-form";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form.server";
import { localizedPath } from "~/lib/i18n";
import { requireLanguage } from "~/lib/i18n.server";
import { badRequest } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { workspaceSwatches } from "~/lib/workspaces";
import { submitWorkspaceForm } from "~/lib/workspaces.server";

export const handle = { title: "workspaces:title" };

const pageSize = 12;

const Listing = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().trim().max(100).catch(""),
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context, params);
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

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context, params);
  const language = requireLanguage(params);
  const form = await readForm(request);
  if (form.get("intent") !== "create") throw badRequest();
  const result = await submitWorkspaceForm(getApiClient(request, context, token), form, {
    intent: "create",
  });
  if (result.answer) return result.answer;
  return redirect(
    `${localizedPath(`/workspaces/${result.workspace.id}`, language)}?notice=workspace-created`,
  );
}

export default function WorkspacesPage() {
  const { workspaces, search, canWrite } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("workspaces");

  if (!workspaces) {
    return (
      <>
        <PageHeader title={t("title")} description={t("description")} />
        <EmptyState icon="layers" title={t("noOrganization.title")}>
          {t("noOrganization.body")}
        </EmptyState>
      </>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />

      {canWrite ? (
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
            <div className="border-t border-border p-6">
              <WorkspaceForm intent="create" result={result} submitLabel={t("create.submit")} />
            </div>
          </details>
        </Card>
      ) : null}

      <SearchForm
        id="workspace-search"
        label={t("search.label")}
        placeholder={t("search.placeholder")}
        submitLabel={t("search.submit")}
        defaultValue={search}
      />

      {workspaces.items.length === 0 ? (
        <EmptyState icon="layers" title={search ? t("noMatch.title") : t("empty.title")}>
          {search ? t("noMatch.body", { search }) : t("empty.body")}
        </EmptyState>
      ) : (
        <ul aria-label={t("list")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {workspaces.items.map((workspace) => (
            <li key={workspace.id}>
              <LocalizedLink
                to={`/workspaces/${workspace.id}`}
                className="block h-full rounded-card border border-border bg-surface p-5 shadow-card hover:border-accent"
              >
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden
                    className={cx(
                      "size-3 shrink-0 rounded-full",
                      workspaceSwatches[workspace.color],
                    )}
                  />
                  <span className="truncate font-medium">{workspace.name}</span>
                </span>
                {workspace.description ? (
                  <span className="mt-2 line-clamp-2 block text-sm text-text-muted">
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
    </div>
  );
}
