import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { LocalizedLink } from "~/components/localized-link";
import { type BoardMoveAnswer, ProjectBoard } from "~/components/projects/project-board";
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
import { isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form-body.server";
import { formatDay, formatMoney } from "~/lib/format";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { listingSchema, optionalChoice } from "~/lib/listing";
import { openListPage, pageQuery, restoreFromList } from "~/lib/listing.server";
import { requirePermission } from "~/lib/permissions.server";
import { type Project, projectStatuses, projectStatusTones } from "~/lib/projects";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, rethrowAsPageError, rethrowAsUnavailable } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
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

const Move = z.object({
  id: z.uuid(),
  version: z.coerce.number().int().min(1),
  status: z.enum(projectStatuses),
});

/**
 * A card moved on the board: the project saved with its new status, on the version the board
 * showed. Without JavaScript the board comes back with a notice; a quiet move (the board's own,
 * with JavaScript) answers with the project's id. Someone's save in between: 409, nothing written.
 */
async function moveOnBoard({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "projects.write");
  const form = await readForm(request);
  const move = Move.safeParse(Object.fromEntries(form));
  if (!move.success) throw badRequest();
  const { id, version, status } = move.data;
  try {
    await getApiClient(request, context, token).patch("/projects/{id}", {
      path: { id },
      body: { version, status },
    });
  } catch (error) {
    if (!isUserError(error) || error.status === 404) rethrowAsPageError(error);
    const stale = error.status === 409 && error.code === "STALE_VERSION";
    return data<BoardMoveAnswer>(
      { intent: "move", error: stale ? "stale" : "failed", id },
      { status: error.status },
    );
  }
  if (form.get("quiet") === "1") return { intent: "move" as const, moved: id };
  const search = new URL(request.url).searchParams;
  search.delete("index");
  search.set("notice", "project-moved");
  return safeRedirect(`${localizedPath("/projects", pageLanguage(request))}?${search}`);
}

/**
 * A move refused because someone saved the project meanwhile: the board reads again, to show
 * what they saved (an action's 4xx does not, by default).
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (actionResult?.intent === "move" && actionResult.error === "stale") return true;
  return defaultShouldRevalidate;
}

export async function action(args: ActionFunctionArgs) {
  const intent = (
    await args.request
      .clone()
      .formData()
      .catch(() => null)
  )?.get("intent");
  if (intent === "move") return moveOnBoard(args);
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
  const answer = useActionAnswer<typeof action>();
  const moveAnswer = answer && "error" in answer ? answer : undefined;
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
            className="grid min-w-64 flex-1 gap-3 rounded-card border border-border bg-surface p-4 shadow-card md:grid-cols-[1fr_12rem_auto] md:items-end"
            searchId="project-search"
            q={listing.q}
            before={
              listing.view === "board" ? <input type="hidden" name="view" value="board" /> : null
            }
          >
            {listing.view === "board" ? (
              <span className="hidden md:block" />
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
        <ProjectBoard
          columns={board}
          q={listing.q}
          canWrite={canWrite}
          answer={moveAnswer}
          meta={(project) => <ProjectMeta project={project} />}
        />
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
