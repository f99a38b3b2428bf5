import { type DragEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import {
  type Project,
  type ProjectStatus,
  projectStatuses,
  projectStatusTones,
} from "~/lib/projects";
import { useHydrated } from "~/lib/use-hydrated";
import { LocalizedLink } from "../localized-link";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { FormAlert } from "../ui/form-alert";
import { Highlighted } from "../ui/highlighted";
import { Icon } from "../ui/icon";

export type BoardColumn = {
  status: ProjectStatus;
  items: Project[];
  total: number;
  totalCapped?: boolean;
};

/** The board's answer to a move that did not happen (`stale`: someone saved the project first). */
export type BoardMoveAnswer = { intent: "move"; error: "stale" | "failed"; id: string };

/** The fetcher every card's move goes through, so that the board shows the one under way. */
const moveFetcherKey = "project-board-move";
/** What a dragged card carries. */
const dragType = "application/x-qalam-project";

/**
 * The projects by status, a column each. Who may write moves a card to another column by dragging
 * it, or by its status select (keyboard, touch, and without JavaScript with its Move button); the
 * move is a save of the project on the version the board was drawn with, so a card someone else
 * changed meanwhile is not overwritten (409: the board says so and shows it as it is now).
 */
export function ProjectBoard({
  columns,
  q,
  canWrite,
  answer,
  meta,
}: {
  columns: BoardColumn[];
  q: string;
  canWrite: boolean;
  /** The action's answer without JavaScript. */
  answer?: BoardMoveAnswer;
  meta: (project: Project) => React.ReactNode;
}) {
  const { t } = useTranslation("projects");
  const hydrated = useHydrated();
  const fetcher = useFetcher<BoardMoveAnswer | { intent: "move"; moved: string }>({
    key: moveFetcherKey,
  });
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<ProjectStatus | null>(null);

  // The move under way shows at once, in its new column.
  const moving =
    fetcher.state !== "idle" && fetcher.formData?.get("intent") === "move"
      ? {
          id: String(fetcher.formData.get("id")),
          status: String(fetcher.formData.get("status")) as ProjectStatus,
        }
      : null;
  const all = columns.flatMap((column) => column.items);
  const shown = columns.map((column) => {
    if (!moving) return column;
    const project = all.find((item) => item.id === moving.id);
    if (!project || project.status === moving.status) return column;
    if (column.status === project.status) {
      return {
        ...column,
        items: column.items.filter((item) => item.id !== moving.id),
        total: column.total - 1,
      };
    }
    if (column.status === moving.status) {
      return {
        ...column,
        items: [{ ...project, status: moving.status }, ...column.items],
        total: column.total + 1,
      };
    }
    return column;
  });

  const move = (project: Project, status: ProjectStatus) => {
    if (project.status === status) return;
    void fetcher.submit(
      {
        intent: "move",
        id: project.id,
        version: String(project.version),
        status,
        quiet: "1",
      },
      { method: "post", preventScrollReset: true },
    );
  };

  const failure =
    (fetcher.state === "idle" && fetcher.data && "error" in fetcher.data
      ? fetcher.data
      : undefined) ?? answer;
  const moved =
    fetcher.state === "idle" && fetcher.data && "moved" in fetcher.data
      ? all.find((project) => project.id === (fetcher.data as { moved: string }).moved)
      : undefined;
  const canDrag = canWrite && hydrated;

  const onDrop = (status: ProjectStatus) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    setDragged(null);
    const id = event.dataTransfer.getData(dragType);
    const project = all.find((item) => item.id === id);
    if (project) move(project, status);
  };

  return (
    <div className="space-y-3">
      {failure ? (
        <FormAlert tone="error">
          {failure.error === "stale" ? t("boardStale") : t("boardMoveFailed")}
        </FormAlert>
      ) : null}
      {canWrite ? <p className="text-sm text-text-muted">{t("boardHint")}</p> : null}
      <p role="status" className="sr-only">
        {moved ? t("boardMoved", { name: moved.name, status: t(`statuses.${moved.status}`) }) : ""}
      </p>
      <section
        aria-label={t("board")}
        // Positioned, so that what is placed out of sight in a card (a label for assistive
        // technology) scrolls with the board rather than widening the page.
        className="relative grid snap-x auto-cols-[minmax(15rem,1fr)] grid-flow-col gap-4 overflow-x-auto pb-3"
      >
        {shown.map((column) => (
          <section
            key={column.status}
            aria-labelledby={`column-${column.status}`}
            data-status={column.status}
            onDragOver={
              canDrag
                ? (event) => {
                    // A card of this board only, not a file or a link dragged in.
                    if (!event.dataTransfer.types.includes(dragType)) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = "move";
                    if (over !== column.status) setOver(column.status);
                  }
                : undefined
            }
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
            }}
            onDrop={canDrag ? onDrop(column.status) : undefined}
            className={cx(
              "flex min-w-0 snap-start flex-col gap-3 rounded-card bg-surface-muted p-3 transition-colors",
              over === column.status &&
                "bg-accent-soft outline-2 -outline-offset-2 outline-accent outline-dashed",
            )}
          >
            <h2
              id={`column-${column.status}`}
              className="flex items-center justify-between gap-2 px-1 text-sm font-medium"
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
                  <li
                    key={project.id}
                    draggable={canDrag || undefined}
                    onDragStart={
                      canDrag
                        ? (event) => {
                            event.dataTransfer.setData(dragType, project.id);
                            event.dataTransfer.effectAllowed = "move";
                            setDragged(project.id);
                          }
                        : undefined
                    }
                    onDragEnd={() => {
                      setDragged(null);
                      setOver(null);
                    }}
                    className={cx(
                      "space-y-2 rounded-control border border-border bg-surface p-3 shadow-card hover:border-accent",
                      canDrag && "cursor-grab active:cursor-grabbing",
                      dragged === project.id && "opacity-50",
                      moving?.id === project.id && "opacity-70",
                    )}
                  >
                    <LocalizedLink
                      to={`/projects/${project.id}`}
                      className="block text-sm font-medium [overflow-wrap:anywhere] hover:text-accent hover:underline"
                    >
                      <Highlighted text={project.name} segments={project.highlights?.name} />
                    </LocalizedLink>
                    {meta(project)}
                    {canWrite ? (
                      <StatusMove
                        project={project}
                        hydrated={hydrated}
                        fetcher={fetcher}
                        onMove={move}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {column.total > column.items.length ? (
              <LocalizedLink
                to={`/projects?status=${column.status}${q ? `&q=${encodeURIComponent(q)}` : ""}`}
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
    </div>
  );
}

/**
 * A card's status, to move it by keyboard or touch: a change moves it at once; without
 * JavaScript the Move button sends the form.
 */
function StatusMove({
  project,
  hydrated,
  fetcher,
  onMove,
}: {
  project: Project;
  hydrated: boolean;
  fetcher: ReturnType<typeof useFetcher>;
  onMove: (project: Project, status: ProjectStatus) => void;
}) {
  const { t } = useTranslation("projects");
  const id = `move-${project.id}`;
  return (
    <fetcher.Form method="post" preventScrollReset className="flex items-center gap-2">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={project.id} />
      <input type="hidden" name="version" value={project.version} />
      <label htmlFor={id} className="sr-only">
        {t("boardStatusOf", { name: project.name })}
      </label>
      <div className="relative min-w-0 flex-1">
        <select
          id={id}
          name="status"
          value={project.status}
          onChange={(event) => onMove(project, event.target.value as ProjectStatus)}
          className="block h-8 w-full appearance-none rounded-control border border-border bg-surface ps-2 pe-7 text-xs text-text"
        >
          {projectStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`statuses.${status}`)}
            </option>
          ))}
        </select>
        <Icon
          name="chevron-down"
          className="pointer-events-none absolute end-2 top-1/2 size-3.5 -translate-y-1/2 text-text-muted"
        />
      </div>
      {hydrated ? null : (
        <Button type="submit" size="sm" variant="secondary">
          {t("boardMove")}
        </Button>
      )}
    </fetcher.Form>
  );
}
