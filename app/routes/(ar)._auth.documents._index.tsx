import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { SearchableSelectField } from "~/components/form/choice-search";
import { LocalizedLink } from "~/components/localized-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/form-alert";
import { Highlighted } from "~/components/ui/highlighted";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { Pagination } from "~/components/ui/pagination";
import { SelectField } from "~/components/ui/select";
import { getApiClient } from "~/lib/api.server";
import { documentSorts } from "~/lib/documents";
import { documentChoices } from "~/lib/documents.server";
import { readForm } from "~/lib/form.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { safeRedirect } from "~/lib/redirect.server";
import { formatRelativeTime } from "~/lib/relative-time";
import { badRequest, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";

export const handle = { title: "documents:title" };

const pageSize = 20;

const Listing = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().trim().max(200).catch(""),
  clientId: z.uuid().optional().catch(undefined),
  projectId: z.uuid().optional().catch(undefined),
  sort: z.enum(documentSorts).optional().catch(undefined),
  bin: z.literal("1").optional().catch(undefined),
  deleted: z.uuid().optional().catch(undefined),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const listing = Listing.parse(Object.fromEntries(new URL(request.url).searchParams));
  const permissions = user.account.currentOrganizationPermissions;
  if (!permissions.includes("documents.read")) {
    return {
      documents: null,
      listing,
      canWrite: false,
      undo: null,
      clients: [],
      clientsTotal: 0,
      projects: [],
      projectsTotal: 0,
      now: Date.now(),
    };
  }
  const api = getApiClient(request, context, token);
  const [documents, undo, choices] = await Promise.all([
    api
      .get("/documents", {
        query: {
          page: listing.page,
          pageSize,
          q: listing.q || undefined,
          clientId: listing.clientId,
          projectId: listing.projectId,
          sort: listing.sort === "relevance" && !listing.q ? undefined : listing.sort,
          deleted: listing.bin ? "true" : undefined,
        },
      })
      .catch((error: unknown) => {
        throw serviceUnavailable(error);
      }),
    // Just deleted from its page: the list offers to undo it.
    listing.deleted
      ? api
          .get("/documents/{id}", { path: { id: listing.deleted } })
          .then((document) => (document.deletedAt ? document : null))
          .catch(() => null)
      : null,
    documentChoices(api, user),
  ]);
  // A filter by a client or project past the first hundred still names it.
  const named = async (kind: "clients" | "projects", id: string | undefined) => {
    const list = kind === "clients" ? choices.clients : choices.projects;
    if (!id || list.some((choice) => choice.value === id)) return;
    const found =
      kind === "clients"
        ? await api.get("/clients/{id}", { path: { id } }).catch(() => null)
        : await api.get("/projects/{id}", { path: { id } }).catch(() => null);
    if (found) list.unshift({ value: found.id, label: found.name });
  };
  await Promise.all([named("clients", listing.clientId), named("projects", listing.projectId)]);
  return {
    documents,
    listing,
    canWrite: permissions.includes("documents.write"),
    undo,
    ...choices,
    now: Date.now(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "documents.write");
  const language = pageLanguage(request);
  const form = await readForm(request);
  const id = z.uuid().safeParse(form.get("id"));
  if (form.get("intent") !== "restore" || !id.success) throw badRequest();
  await getApiClient(request, context, token)
    .post("/documents/{id}/restore", { path: { id: id.data } })
    .catch(rethrowAsPageError);
  return safeRedirect(
    `${localizedPath(`/documents/${id.data}`, language)}?notice=document-restored`,
  );
}

function RestoreButton({ id, children }: { id: string; children: React.ReactNode }) {
  const restoring = useIsPending({ intent: "restore" });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" size="sm" disabled={restoring}>
        <Icon name="rotate-ccw" />
        {children}
      </Button>
    </Form>
  );
}

export default function DocumentsPage() {
  const {
    documents,
    listing,
    canWrite,
    undo,
    clients,
    clientsTotal,
    projects,
    projectsTotal,
    now,
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation("documents");
  const language = useLanguage();

  if (!documents) {
    return (
      <PageShell title={t("title")} description={t("description")}>
        <EmptyState
          icon="file-text"
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

  const bin = Boolean(listing.bin);
  const filtered = Boolean(listing.q || listing.clientId || listing.projectId);
  const newLink = () => {
    const search = new URLSearchParams();
    if (listing.clientId) search.set("clientId", listing.clientId);
    if (listing.projectId) search.set("projectId", listing.projectId);
    const query = search.toString();
    return `/documents/new${query ? `?${query}` : ""}`;
  };
  const newButton = (label: string) => (
    <Button asChild>
      <LocalizedLink to={newLink()}>
        <Icon name="plus" />
        {label}
      </LocalizedLink>
    </Button>
  );
  const sortOptions = documentSorts
    .filter((sort) => sort !== "relevance" || listing.q)
    .map((sort) => ({ value: sort, label: t(`sorts.${sort}`) }));

  return (
    <PageShell
      title={bin ? t("bin.title") : t("title")}
      description={t("description")}
      back={bin ? { to: "/documents", label: t("title") } : undefined}
      actions={canWrite && !bin ? newButton(t("newDocument")) : undefined}
    >
      {undo ? (
        <FormAlert tone="success">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>{t("undo.body")}</p>
            {canWrite ? <RestoreButton id={undo.id}>{t("undo.action")}</RestoreButton> : null}
          </div>
        </FormAlert>
      ) : null}

      {bin ? null : (
        <Form
          method="get"
          role="search"
          aria-label={t("filters.label")}
          className="grid gap-3 rounded-card border border-border bg-surface p-4 shadow-card md:grid-cols-2 lg:grid-cols-[1fr_11rem_11rem_10rem_auto] lg:items-end"
        >
          <div className="space-y-1.5">
            <label htmlFor="document-search" className="text-sm font-medium">
              {t("filters.search")}
            </label>
            <Input
              id="document-search"
              name="q"
              type="search"
              dir="auto"
              maxLength={200}
              defaultValue={listing.q}
              placeholder={t("filters.placeholder")}
            />
          </div>
          <SearchableSelectField
            kind="clients"
            id="document-client-filter"
            name="clientId"
            label={t("filters.client")}
            searchLabel={t("findClient")}
            noneLabel={t("filters.anyClient")}
            choices={clients}
            total={clientsTotal}
            current={clients.find((client) => client.value === listing.clientId) ?? null}
          />
          <SearchableSelectField
            kind="projects"
            id="document-project-filter"
            name="projectId"
            label={t("filters.project")}
            searchLabel={t("findProject")}
            noneLabel={t("filters.anyProject")}
            choices={projects}
            total={projectsTotal}
            current={projects.find((project) => project.value === listing.projectId) ?? null}
          />
          <SelectField
            id="document-sort"
            name="sort"
            label={t("filters.sort")}
            defaultValue={listing.sort ?? (listing.q ? "relevance" : "-updated")}
            options={sortOptions}
          />
          <Button type="submit" variant="secondary">
            <Icon name="search" />
            {t("filters.apply")}
          </Button>
        </Form>
      )}

      {documents.items.length === 0 ? (
        <EmptyState
          icon={filtered ? "search-x" : "file-text"}
          title={bin ? t("bin.title") : filtered ? t("noMatch.title") : t("empty.title")}
          action={
            filtered ? (
              <Button variant="secondary" asChild>
                <LocalizedLink to="/documents">
                  <Icon name="x" />
                  {t("noMatch.action")}
                </LocalizedLink>
              </Button>
            ) : canWrite && !bin ? (
              newButton(t("empty.action"))
            ) : undefined
          }
        >
          {bin ? (
            t("bin.empty")
          ) : filtered ? (
            <IsolatedMessage ns="documents" i18nKey="noMatch.body" values={{ search: listing.q }} />
          ) : (
            t("empty.body")
          )}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-card border border-border bg-surface shadow-card">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("list")}</caption>
            <thead className="border-b border-border text-xs text-text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  {t("columns.title")}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  {t("columns.links")}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  {t("columns.updated")}
                </th>
                {bin ? <td /> : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {documents.items.map((document) => (
                <tr key={document.id} className="align-top hover:bg-surface-muted/50">
                  <th scope="row" className="max-w-xl px-4 py-3 text-start font-normal">
                    <LocalizedLink
                      to={`/documents/${document.id}`}
                      dir="auto"
                      className="font-medium text-text [overflow-wrap:anywhere] hover:text-accent hover:underline"
                    >
                      <Highlighted
                        text={document.title || t("untitled")}
                        segments={document.highlights?.title}
                      />
                    </LocalizedLink>
                    {document.excerpt ? (
                      <p dir="auto" className="mt-1 line-clamp-2 text-xs text-text-muted">
                        <Highlighted text={document.excerpt} segments={document.highlights?.text} />
                      </p>
                    ) : null}
                  </th>
                  <td className="px-4 py-3 text-text-muted">
                    {document.client || document.project ? (
                      <span className="flex flex-col gap-0.5">
                        {document.client ? (
                          <LocalizedLink
                            to={`/clients/${document.client.id}`}
                            className="hover:text-accent hover:underline"
                          >
                            {document.client.name}
                          </LocalizedLink>
                        ) : null}
                        {document.project ? (
                          <LocalizedLink
                            to={`/projects/${document.project.id}`}
                            className="hover:text-accent hover:underline"
                          >
                            {document.project.name}
                          </LocalizedLink>
                        ) : null}
                      </span>
                    ) : (
                      t("none")
                    )}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-text-muted">
                    {document.updatedBy
                      ? t("changedBy", {
                          time: formatRelativeTime(document.updatedAt, now, language),
                          name: document.updatedBy.name,
                        })
                      : formatRelativeTime(document.updatedAt, now, language)}
                  </td>
                  {bin ? (
                    <td className="px-4 py-3 text-end">
                      {canWrite ? (
                        <RestoreButton id={document.id}>{t("restore")}</RestoreButton>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pagination
        page={documents.page}
        pageSize={documents.pageSize}
        total={documents.total}
        totalCapped={documents.totalCapped}
        label={t("pages")}
      />

      {bin || !canWrite ? null : (
        <p className="text-sm">
          <LocalizedLink
            to="/documents?bin=1"
            className="inline-flex items-center gap-1.5 text-text-muted hover:text-text"
          >
            <Icon name="trash-2" />
            {t("bin.link")}
          </LocalizedLink>
        </p>
      )}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
