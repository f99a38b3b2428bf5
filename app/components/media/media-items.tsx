import { useWindowVirtualizer } from "@tanstack/react-virtual";
import {
  type CSSProperties,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import {
  chainPages,
  formatClock,
  type MediaItem,
  type MediaKind,
  mediaUrls,
} from "~/lib/media-library";
import { useHydrated } from "~/lib/use-hydrated";
import { useLocalizedPath } from "~/lib/use-language";
import { LocalizedLink } from "../localized-link";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { FormAlert } from "../ui/form-alert";
import { Icon } from "../ui/icon";
import { MediaThumbnail, useItemTitle } from "./media-detail";

type Page = { items: MediaItem[]; nextCursor: string | null };
type MoreData = { cursor: string | null; page: Page | null; failed?: boolean };

/** The zip form's id: the selection's checkboxes belong to it wherever they are in the page. */
const zipFormId = "media-zip-form";

/** A grid's cell is at least this wide; audio is one row per item. */
const minCellWidth = 200;
const gridGap = 16;

/** Columns of the grid at the container's width: as many cells of at least 200 px as fit. */
function useColumns(kind: MediaKind) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const columns =
    kind === "audio" ? 1 : Math.max(1, Math.floor((width + gridGap) / (minCellWidth + gridGap)));
  return { ref, columns, width };
}

/**
 * The library's items: a grid of thumbnails (a list for audio). The server renders the page it
 * was asked for, with a plain "Next page" link; once React runs, the list is virtualised against
 * the window's scroll and further pages are fetched (by their keyset cursor) as the reader nears
 * its end, or with the same link. Items are selected for "Download selected", a zip of them.
 */
export function MediaItems({
  kind,
  first,
  cursor,
  search,
  openTo,
  canSelect = true,
  favouriteAction,
}: {
  kind: MediaKind;
  first: Page;
  /** The cursor the first page started at, if not the newest. */
  cursor: string | null;
  /** The library's filters as a query string, for further pages' addresses. */
  search: string;
  openTo: (id: string) => string;
  canSelect?: boolean;
  /** Where a tile's favourite toggle posts (the library's action); none: no toggle. */
  favouriteAction?: string;
}) {
  const { t } = useTranslation("media");
  const hydrated = useHydrated();
  const localize = useLocalizedPath();
  const fetcher = useFetcher<MoreData>();
  const [further, setFurther] = useState<Record<string, Page>>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  // A page fetched (or fetched again as the library changed) takes its place in the chain.
  useEffect(() => {
    const loaded = fetcher.data;
    if (!loaded?.page || !loaded.cursor) return;
    const { cursor: at, page } = loaded;
    setFurther((pages) => ({ ...pages, [at]: page }));
  }, [fetcher.data]);

  // The first page as the reader found it: the further pages follow from its cursor.
  const [base] = useState(first);
  const { items, nextCursor } = useMemo(
    () => chainPages(first, base, further),
    [first, base, further],
  );
  const pageAddress = (next: string) => {
    const params = new URLSearchParams(search);
    params.set("cursor", next);
    return `/${kind}?${params}`;
  };
  const loading = fetcher.state === "loading";
  const failed = Boolean(fetcher.data?.failed) && fetcher.state === "idle";
  const loadMore = useCallback(() => {
    if (!nextCursor || fetcher.state !== "idle") return;
    const params = new URLSearchParams(search);
    params.set("cursor", nextCursor);
    params.set("more", "1");
    fetcher.load(`${localize(`/${kind}`)}?index&${params}`);
  }, [nextCursor, fetcher, search, kind, localize]);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const renderItem = (item: MediaItem, index: number, style?: CSSProperties) => (
    <ItemCard
      key={item.id}
      style={style}
      item={item}
      kind={kind}
      index={index}
      setSize={nextCursor ? -1 : items.length}
      openTo={openTo(item.id)}
      favouriteAction={favouriteAction}
      selection={
        canSelect
          ? hydrated
            ? { checked: selected.has(item.id), onChange: (on) => toggle(item.id, on) }
            : { form: zipFormId }
          : undefined
      }
    />
  );

  return (
    <section aria-label={t(`${kind}.list`)} className="space-y-4">
      {canSelect ? (
        <SelectionBar
          count={hydrated ? selected.size : null}
          selected={selected}
          onClear={() => setSelected(new Set())}
          onSelectAll={() => setSelected(new Set(items.map((item) => item.id)))}
        />
      ) : null}
      {hydrated ? (
        <VirtualItems
          kind={kind}
          items={items}
          renderItem={renderItem}
          onNearEnd={failed ? noop : loadMore}
        />
      ) : (
        <ul className={listClass(kind)}>{items.map((item, index) => renderItem(item, index))}</ul>
      )}
      {loading ? <LoadingRow kind={kind} /> : null}
      <div aria-live="polite" className="sr-only">
        {loading ? t("more.loading") : ""}
      </div>
      {failed ? (
        <FormAlert tone="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>{t("more.failed")}</p>
            <Button type="button" variant="secondary" size="sm" onClick={loadMore}>
              <Icon name="refresh-cw" />
              {t("more.retry")}
            </Button>
          </div>
        </FormAlert>
      ) : null}
      <nav
        aria-label={t("more.label")}
        className="flex flex-wrap items-center justify-center gap-3"
      >
        {cursor ? (
          <Button variant="ghost" asChild>
            <LocalizedLink to={`/${kind}${search ? `?${search}` : ""}`}>
              <Icon name="arrow-left" />
              {t("more.newest")}
            </LocalizedLink>
          </Button>
        ) : null}
        {nextCursor ? (
          <Button variant="secondary" asChild>
            <LocalizedLink
              to={pageAddress(nextCursor)}
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                loadMore();
              }}
              aria-disabled={loading || undefined}
            >
              {hydrated ? t("more.load") : t("more.next")}
              <Icon name="arrow-right" />
            </LocalizedLink>
          </Button>
        ) : items.length > 0 ? (
          <p className="text-sm text-text-muted">{t("more.end")}</p>
        ) : null}
      </nav>
    </section>
  );
}

const noop = () => {};

const listClass = (kind: MediaKind) =>
  kind === "audio"
    ? "flex flex-col gap-3"
    : "grid grid-cols-[repeat(auto-fill,minmax(200px,1fr))] gap-4";

/** The fixed heights of a row: a card's caption under its square thumbnail; an audio row. */
const captionHeight = 46;
const audioRowHeight = 74;

/**
 * Rows of the grid (of `columns` items, one for audio) against the window's scroll: only the
 * items of rows near the viewport are in the page, each placed at its row and column (from the
 * inline start, so that the grid mirrors in Arabic). Asks for more as the last rows come near.
 */
function VirtualItems({
  kind,
  items,
  renderItem,
  onNearEnd,
}: {
  kind: MediaKind;
  items: MediaItem[];
  renderItem: (item: MediaItem, index: number, style: CSSProperties) => ReactNode;
  onNearEnd: () => void;
}) {
  const { ref, columns, width } = useColumns(kind);
  const rows = Math.ceil(items.length / columns);
  const cell = Math.max(0, (width - gridGap * (columns - 1)) / columns);
  const rowHeight = (kind === "audio" ? audioRowHeight : cell + captionHeight) + gridGap;
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element) setMargin(element.getBoundingClientRect().top + window.scrollY);
  }, [ref]);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => rowHeight,
    overscan: 3,
    scrollMargin: margin,
  });
  // The rows' height follows the width (a wider window, larger cells).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new height measures the rows again.
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);
  const virtualRows = virtualizer.getVirtualItems();
  const lastShown = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (rows > 0 && lastShown >= rows - 3) onNearEnd();
  }, [lastShown, rows, onNearEnd]);

  return (
    <div ref={ref}>
      <ul
        className="relative w-full"
        style={{ height: Math.max(0, virtualizer.getTotalSize() - gridGap) }}
      >
        {virtualRows.flatMap((row) =>
          items.slice(row.index * columns, row.index * columns + columns).map((item, column) =>
            renderItem(item, row.index * columns + column, {
              position: "absolute",
              top: 0,
              insetInlineStart: `${column * (cell + gridGap)}px`,
              width: `${cell}px`,
              height: `${rowHeight - gridGap}px`,
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }),
          ),
        )}
      </ul>
    </div>
  );
}

type Selection =
  | { checked: boolean; onChange: (on: boolean) => void; form?: never }
  /** Without JavaScript the checkbox is the zip form's own field. */
  | { form: string; checked?: never; onChange?: never };

function ItemCard({
  style,
  item,
  kind,
  index,
  setSize,
  openTo,
  selection,
  favouriteAction,
}: {
  item: MediaItem;
  kind: MediaKind;
  index: number;
  setSize: number;
  openTo: string;
  selection?: Selection;
  favouriteAction?: string;
  /** Its place in the virtualised grid. */
  style?: CSSProperties;
}) {
  const { t } = useTranslation("media");
  const titleOf = useItemTitle();
  const title = titleOf(item);
  const checkbox = selection ? (
    <input
      type="checkbox"
      aria-label={t("select.item", { title })}
      className="size-4 shrink-0 rounded border-border accent-[var(--color-accent)]"
      {...(selection.onChange
        ? {
            checked: selection.checked,
            onChange: (event) => selection.onChange(event.currentTarget.checked),
          }
        : { form: selection.form, name: "id", value: item.id })}
    />
  ) : null;
  const favourite = favouriteAction ? (
    <FavouriteToggle item={item} title={title} action={favouriteAction} />
  ) : item.favourite ? (
    <Icon name="star" label={t("card.favourite")} className="fill-current text-accent" />
  ) : null;

  if (kind === "audio") {
    return (
      <li
        style={style}
        aria-posinset={index + 1}
        aria-setsize={setSize}
        className="flex h-[4.625rem] min-w-0 items-center gap-4 rounded-card border border-border bg-surface px-4 shadow-card"
      >
        {checkbox}
        <div className="min-w-0 flex-1 space-y-0.5">
          <div className="flex min-w-0 items-center gap-2">
            <LocalizedLink
              to={openTo}
              preventScrollReset
              className="truncate font-medium text-text hover:text-accent hover:underline"
            >
              <bdi>{title}</bdi>
            </LocalizedLink>
            {favourite}
          </div>
          {item.prompt ? (
            <p className="truncate text-sm text-text-muted">
              <bdi>{item.prompt}</bdi>
            </p>
          ) : null}
        </div>
        {item.durationSeconds ? (
          <span className="shrink-0 text-sm tabular-nums text-text-muted">
            <bdi dir="ltr">{formatClock(item.durationSeconds)}</bdi>
          </span>
        ) : null}
        {/* biome-ignore lint/a11y/useMediaCaption: generated speech; its text is the prompt beside it. */}
        <audio
          controls
          preload="none"
          src={mediaUrls.content(item.id)}
          aria-label={t("card.play", { title })}
          className="h-9 w-56 shrink-0"
        />
      </li>
    );
  }

  return (
    <li
      style={style}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className="relative flex min-w-0 flex-col overflow-hidden rounded-card border border-border bg-surface shadow-card"
    >
      <LocalizedLink
        to={openTo}
        preventScrollReset
        className="group relative block bg-surface-muted outline-offset-[-2px]"
      >
        <MediaThumbnail item={item} alt={title} />
        {item.prompt ? (
          // The prompt on hover (and on focus), over the thumbnail's lower part.
          <span
            aria-hidden="true"
            dir="auto"
            className="pointer-events-none absolute inset-x-0 bottom-0 line-clamp-4 bg-black/75 px-3 py-2 text-start text-xs leading-snug text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
          >
            {item.prompt}
          </span>
        ) : null}
        {kind === "video" && item.durationSeconds ? (
          <span className="absolute end-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white tabular-nums">
            <bdi dir="ltr">{formatClock(item.durationSeconds)}</bdi>
          </span>
        ) : null}
      </LocalizedLink>
      <div className="flex h-11 min-w-0 shrink-0 items-center gap-2 px-3">
        {checkbox}
        <span className="min-w-0 flex-1 truncate text-sm font-medium">
          <bdi>{title}</bdi>
        </span>
        {favourite}
      </div>
    </li>
  );
}

/**
 * A tile's star: marks the item a favourite, or takes the mark away, without opening it. With
 * JavaScript the library stays where it is; without, the action lands back on it.
 */
function FavouriteToggle({
  item,
  title,
  action,
}: {
  item: MediaItem;
  title: string;
  action: string;
}) {
  const { t } = useTranslation("media");
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("favourite");
  const marked = pending ? pending === "true" : item.favourite;
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="shrink-0">
      <input type="hidden" name="intent" value="favourite" />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="place" value="tile" />
      <input type="hidden" name="favourite" value={marked ? "false" : "true"} />
      <button
        type="submit"
        aria-pressed={marked}
        aria-label={t(marked ? "card.unfavourite" : "card.markFavourite", { title })}
        title={t(marked ? "card.unfavourite" : "card.markFavourite", { title })}
        className="grid size-8 place-items-center rounded-control text-text-muted hover:bg-surface-muted hover:text-accent focus-visible:outline-2 focus-visible:outline-accent"
      >
        <Icon name="star" className={marked ? "fill-current text-accent" : undefined} />
      </button>
    </fetcher.Form>
  );
}

/** How many are chosen, and Download selected (a zip, posted to the web app's /media/zip). */
function SelectionBar({
  count,
  selected,
  onClear,
  onSelectAll,
}: {
  /** Null before React runs: the browser's own form then holds the choice. */
  count: number | null;
  selected: ReadonlySet<string>;
  onClear: () => void;
  onSelectAll: () => void;
}) {
  const { t } = useTranslation("media");
  return (
    <form
      id={zipFormId}
      method="post"
      action={mediaUrls.zip}
      className="flex flex-wrap items-center gap-3 rounded-card border border-border bg-surface px-4 py-2.5 shadow-card"
    >
      {[...selected].map((id) => (
        <input key={id} type="hidden" name="id" value={id} />
      ))}
      <span className="me-auto text-sm text-text-muted" aria-live="polite">
        {count === null ? t("select.hint") : t("select.count", { count })}
      </span>
      {count !== null ? (
        <>
          <Button type="button" variant="ghost" size="sm" onClick={onSelectAll}>
            {t("select.all")}
          </Button>
          {count > 0 ? (
            <Button type="button" variant="ghost" size="sm" onClick={onClear}>
              {t("select.clear")}
            </Button>
          ) : null}
        </>
      ) : null}
      <Button type="submit" variant="secondary" size="sm" disabled={count === 0}>
        <Icon name="download" />
        {t("select.download")}
      </Button>
    </form>
  );
}

function LoadingRow({ kind }: { kind: MediaKind }) {
  return (
    <div aria-hidden="true" className={listClass(kind)}>
      {Array.from({ length: kind === "audio" ? 3 : 4 }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          key={index}
          className={cx(
            "animate-pulse rounded-card bg-surface-muted",
            kind === "audio" ? "h-16" : "aspect-square",
          )}
        />
      ))}
    </div>
  );
}
