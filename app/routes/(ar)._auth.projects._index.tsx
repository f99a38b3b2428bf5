import { useTranslation } from "react-i18next";
import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { z } from "zod";
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
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { Highlighted } from "~/components/ui/highlighted";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { SegmentedLinks } from "~/components/ui/segmented-links";
import { SelectField } from "~/components/ui/select";
import { formatDay, formatMoney } from "~/lib/format";
import { localizedPath } from "~/lib/i18n";
import { listingSchema, optionalChoice } from "~/lib/listing";
import { openListPage, pageQuery, restoreFromList } from "~/lib/listing.server";
import { type Project, projectStatuses, projectStatusTones } from "~/lib/projects";
import { rethrowAsUnavailable } from "~/lib/responses.server";
import { useLanguage } from "~/lib/use-language";

export const handle = { title: "projects:title" };

const pageSize = 20;
/** Cards per column of the board; the list shows the rest. */
const boardColumnSize = 50;

const Listing = listingSchema({
  status: optionalChoice(projectStatuses),
  view: z.enum(["list", "board"]).catch("list"),
});

export async function loader(args: LoaderFunctionArgs) {
  const { listing, permissions, api } = await openListPage(args, Listing, "projects.read");
  if (!api) {
    return { projects: null, board: null, listing, canWrite: false };
  }
  const q = listing.q || undefined;
  if (listing.view === "board" && !listing.bin) {
    const columns = await Promise.all(
      projectStatuses.map((status) =>
        api
          .get("/projects", {
            query: { status: [status], q, pageSize: boardColumnSize, sort: "due" },
          })
          .then(({ items, total, totalCapped }) => ({ status, items, total, totalCapped }))
          .catch(rethrowAsUnavailable),
      ),
    );
    return {
      projects: null,
      board: columns,
      listing,
      canWrite: permissions.includes("projects.write"),
    };
  }
  const projects = await api
    .get("/projects", {
      query: {
        ...pageQuery(listing, pageSize),
        status: listing.status ? [listing.status] : undefined,
      },
    })
    .catch(rethrowAsUnavailable);
  return { projects, board: null, listing, canWrite: permissions.includes("projects.write") };
}

export async function action(args: ActionFunctionArgs) {
  return restoreFromList(args, {
    permission: "projects.write",
    restore: (api, id) => api.post("/projects/{id}/restore", { path: { id } }),
    pathOf: (id) => `/projects/${id}`,
    notice: "project-restored",
  });
}

function ProjectMeta({ project }: { project: Project }) {
  const { t } = useTranslation("projects");
  const language = useLanguage();
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-text-muted">
      {project.client ? <span>{project.client.name}</span> : null}
      {project.dueDate ? (
        <span>
          {t("columns.due")}: {formatDay(project.dueDate, language)}
        </span>
      ) : null}
    </span>
  );
}

export default function ProjectsPage() {
  const { projects, board, listing, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation("projects");
  const language = useLanguage();

  if (!projects && !board) return <NoOrganizationPage ns="projects" icon="folder-kanban" />;

  const bin = Boolean(listing.bin);
  const filtered = Boolean(listing.q || listing.status);
  const newButton = (label: string) => <NewButton to="/projects/new" label={label} />;
  const viewLink = (view: "list" | "board") => {
    const search = new URLSearchParams();
    if (listing.q) search.set("q", listing.q);
    if (view === "board") search.set("view", "board");
    const query = search.toString();
    return `${localizedPath("/projects", language)}${query ? `?${query}` : ""}`;
  };

  return (
    <PageShell
      title={bin ? t("bin.title") : t("title")}
      description={t("description")}
      back={bin ? { to: "/projects", label: t("title") } : undefined}
      actions={canWrite && !bin ? newButton(t("newProject")) : undefined}
    >
      {bin ? null : (
        <div className="flex flex-wrap items-end gap-3">
          <ListSearchForm
            ns="projects"
            className="grid flex-1 gap-3 rounded-card border border-border bg-surface p-4 shadow-card md:grid-cols-[1fr_12rem_auto] md:items-end"
            searchId="project-search"
            q={listing.q}
            before={
              listing.view === "board" ? <input type="hidden" name="view" value="board" /> : null
            }
          >
            {listing.view === "board" ? (
              <span />
            ) : (
              <SelectField
                id="project-status"
                name="status"
                label={t("filters.status")}
                defaultValue={listing.status ?? ""}
                options={[
                  { value: "", label: t("filters.anyStatus") },
                  ...projectStatuses.map((status) => ({
                    value: status,
                    label: t(`statuses.${status}`),
                  })),
                ]}
              />
            )}
          </ListSearchForm>
          <div className="w-48">
            <SegmentedLinks
              label={t("views.label")}
              links={[
                { to: viewLink("list"), label: t("views.list"), current: listing.view === "list" },
                {
                  to: viewLink("board"),
                  label: t("views.board"),
                  current: listing.view === "board",
                },
              ]}
            />
          </div>
        </div>
      )}

      {board ? (
        <section aria-label={t("board")} className="flex gap-4 overflow-x-auto pb-2">
          {board.map((column) => (
            <section
              key={column.status}
              aria-labelledby={`column-${column.status}`}
              className="flex w-64 shrink-0 flex-col gap-3 rounded-card bg-surface-muted p-3"
            >
              <h2
                id={`column-${column.status}`}
                className="flex items-center justify-between px-1 text-sm font-medium"
              >
                <span>{t(`statuses.${column.status}`)}</span>
                <Badge tone={projectStatusTones[column.status]}>
                  {column.totalCapped ? `${column.total}+` : column.total}
                </Badge>
              </h2>
              {column.items.length === 0 ? (
                <p className="px-1 text-xs text-text-muted">{t("emptyColumn")}</p>
              ) : (
                <ul className="space-y-2">
                  {column.items.map((project) => (
                    <li key={project.id}>
                      <LocalizedLink
                        to={`/projects/${project.id}`}
                        className="block space-y-1.5 rounded-control border border-border bg-surface p-3 shadow-card hover:border-accent"
                      >
                        <span className="block text-sm font-medium [overflow-wrap:anywhere]">
                          <Highlighted text={project.name} segments={project.highlights?.name} />
                        </span>
                        <ProjectMeta project={project} />
                      </LocalizedLink>
                    </li>
                  ))}
                </ul>
              )}
              {column.total > column.items.length ? (
                <LocalizedLink
                  to={`/projects?status=${column.status}${listing.q ? `&q=${encodeURIComponent(listing.q)}` : ""}`}
                  className="px-1 text-xs text-accent hover:underline"
                >
                  {t(column.totalCapped ? "boardMoreCapped" : "boardMore", {
                    count: column.total - column.items.length,
                  })}
                </LocalizedLink>
              ) : null}
            </section>
          ))}
        </section>
      ) : projects && projects.items.length === 0 ? (
        <EmptyState
          icon={filtered ? "search-x" : "folder-kanban"}
          title={filtered ? t("noMatch.title") : t("empty.title")}
          action={
            filtered ? (
              <ClearFiltersButton to="/projects" label={t("noMatch.action")} />
            ) : canWrite && !bin ? (
              newButton(t("empty.action"))
            ) : undefined
          }
        >
          {filtered ? (
            <IsolatedMessage ns="projects" i18nKey="noMatch.body" values={{ search: listing.q }} />
          ) : (
            t("empty.body")
          )}
        </EmptyState>
      ) : projects ? (
        <ListTable
          caption={t("list")}
          columns={[
            { label: t("columns.name") },
            { label: t("columns.status") },
            { label: t("columns.client") },
            { label: t("columns.due") },
            { label: t("columns.budget"), end: true },
          ]}
          bin={bin}
        >
          {projects.items.map((project) => (
            <tr key={project.id} className="align-top hover:bg-surface-muted/50">
              <th scope="row" className="px-4 py-3 text-start font-medium">
                <LocalizedLink
                  to={`/projects/${project.id}`}
                  className="text-text [overflow-wrap:anywhere] hover:text-accent hover:underline"
                >
                  <Highlighted text={project.name} segments={project.highlights?.name} />
                </LocalizedLink>
              </th>
              <td className="px-4 py-3">
                <Badge tone={projectStatusTones[project.status]}>
                  {t(`statuses.${project.status}`)}
                </Badge>
              </td>
              <td className="px-4 py-3 text-text-muted">{project.client?.name ?? t("none")}</td>
              <td className="whitespace-nowrap px-4 py-3 text-text-muted">
                {project.dueDate ? formatDay(project.dueDate, language) : t("none")}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-end tabular-nums text-text-muted">
                {project.budget
                  ? formatMoney(project.budget.amount, project.budget.currency, language)
                  : t("none")}
              </td>
              {bin ? (
                <BinRestoreCell id={project.id} canRestore={canWrite}>
                  {t("detail.restore")}
                </BinRestoreCell>
              ) : null}
            </tr>
          ))}
        </ListTable>
      ) : null}

      {projects ? <ListPagination ns="projects" list={projects} /> : null}

      {bin || !canWrite || board ? null : (
        <p className="text-sm">
          <BinLink to="/projects?bin=1" label={t("bin.link")} />
        </p>
      )}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
