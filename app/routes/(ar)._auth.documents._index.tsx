import { useTranslation } from "react-i18next";
import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { z } from "zod";
import { SearchableSelectField } from "~/components/form/choice-search";
import { LocalizedLink } from "~/components/localized-link";
import {
  BinLink,
  BinRestoreCell,
  ClearFiltersButton,
  ListPagination,
  ListSearchForm,
  ListTable,
  NewButton,
  NoOrganizationPage,
} from "~/components/records/list-page";
import { UndoNotice } from "~/components/records/restore";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { EmptyState } from "~/components/ui/empty-state";
import { Highlighted } from "~/components/ui/highlighted";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { SelectField } from "~/components/ui/select";
import { documentSorts } from "~/lib/documents";
import { documentChoices } from "~/lib/documents.server";
import { listingSchema, optionalChoice, sortOptions } from "~/lib/listing";
import {
  deletedRecord,
  openListPage,
  pageQuery,
  restoreFromList,
  searchSort,
} from "~/lib/listing.server";
import { formatRelativeTime } from "~/lib/relative-time";
import { rethrowAsUnavailable } from "~/lib/responses.server";
import { useLanguage } from "~/lib/use-language";

export const handle = { title: "documents:title" };

const pageSize = 20;

const Listing = listingSchema({
  clientId: z.uuid().optional().catch(undefined),
  projectId: z.uuid().optional().catch(undefined),
  sort: optionalChoice(documentSorts),
});

export async function loader(args: LoaderFunctionArgs) {
  const { user, listing, permissions, api } = await openListPage(args, Listing, "documents.read");
  if (!api) {
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
  const [documents, undo, choices] = await Promise.all([
    api
      .get("/documents", {
        query: {
          ...pageQuery(listing, pageSize),
          clientId: listing.clientId,
          projectId: listing.projectId,
          sort: searchSort(listing),
        },
      })
      .catch(rethrowAsUnavailable),
    deletedRecord(listing, (id) => api.get("/documents/{id}", { path: { id } })),
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

export async function action(args: ActionFunctionArgs) {
  return restoreFromList(args, {
    permission: "documents.write",
    restore: (api, id) => api.post("/documents/{id}/restore", { path: { id } }),
    pathOf: (id) => `/documents/${id}`,
    notice: "document-restored",
  });
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

  if (!documents) return <NoOrganizationPage ns="documents" icon="file-text" />;

  const bin = Boolean(listing.bin);
  const filtered = Boolean(listing.q || listing.clientId || listing.projectId);
  const newLink = () => {
    const search = new URLSearchParams();
    if (listing.clientId) search.set("clientId", listing.clientId);
    if (listing.projectId) search.set("projectId", listing.projectId);
    const query = search.toString();
    return `/documents/new${query ? `?${query}` : ""}`;
  };
  const newButton = (label: string) => <NewButton to={newLink()} label={label} />;

  return (
    <PageShell
      title={bin ? t("bin.title") : t("title")}
      description={t("description")}
      back={bin ? { to: "/documents", label: t("title") } : undefined}
      actions={canWrite && !bin ? newButton(t("newDocument")) : undefined}
    >
      {undo ? (
        <UndoNotice id={undo.id} canRestore={canWrite} restoreLabel={t("undo.action")}>
          {t("undo.body")}
        </UndoNotice>
      ) : null}

      {bin ? null : (
        <ListSearchForm
          ns="documents"
          className="grid gap-3 rounded-card border border-border bg-surface p-4 shadow-card md:grid-cols-2 lg:grid-cols-[1fr_11rem_11rem_10rem_auto] lg:items-end"
          searchId="document-search"
          q={listing.q}
        >
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
            options={sortOptions(documentSorts, listing.q, (sort) => t(`sorts.${sort}`))}
          />
        </ListSearchForm>
      )}

      {documents.items.length === 0 ? (
        <EmptyState
          icon={filtered ? "search-x" : "file-text"}
          title={bin ? t("bin.title") : filtered ? t("noMatch.title") : t("empty.title")}
          action={
            filtered ? (
              <ClearFiltersButton to="/documents" label={t("noMatch.action")} />
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
        <ListTable
          caption={t("list")}
          columns={[
            { label: t("columns.title") },
            { label: t("columns.links") },
            { label: t("columns.updated") },
          ]}
          bin={bin}
        >
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
                <BinRestoreCell id={document.id} canRestore={canWrite}>
                  {t("restore")}
                </BinRestoreCell>
              ) : null}
            </tr>
          ))}
        </ListTable>
      )}

      <ListPagination ns="documents" list={documents} />

      {bin || !canWrite ? null : (
        <p className="text-sm">
          <BinLink to="/documents?bin=1" label={t("bin.link")} />
        </p>
      )}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
