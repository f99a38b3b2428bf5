import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/icon";
import type { ApiSchema } from "~/lib/api/client";

type MediaItem = ApiSchema<"Media">;

/** The picker's place in the library: its search, the page's cursor, the next page's. */
export type ImagePage = { search: string; cursor: string | null; nextCursor: string | null };

/**
 * The picker's search, a GET form of its own beside the creator's form (forms do not nest): the
 * search box and the paging buttons inside the picker belong to it by its id. It keeps the
 * visit's other parameters (the item being reused, the start image asked for).
 */
export function ImageSearchForm({
  id,
  keep,
}: {
  id: string;
  keep: Record<string, string | undefined>;
}) {
  return (
    <Form method="get" id={id} preventScrollReset replace>
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
    </Form>
  );
}

/** The search box and the pages of the picker, tied to its search form. */
function ImageSearch({ formId, page, empty }: { formId: string; page: ImagePage; empty: boolean }) {
  const { t } = useTranslation("creators");
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="min-w-0 flex-1 space-y-1">
        <span className="sr-only">{t("images.search")}</span>
        <input
          type="search"
          name="imageSearch"
          form={formId}
          defaultValue={page.search}
          placeholder={t("images.searchPlaceholder")}
          aria-label={t("images.search")}
          dir="auto"
          maxLength={200}
          className="h-9 w-full rounded-control border border-border bg-surface px-3 text-sm text-text placeholder:text-text-muted focus-visible:outline-2 focus-visible:outline-accent"
        />
      </label>
      <Button type="submit" form={formId} variant="secondary" size="sm">
        <Icon name="search" />
        {t("images.searchButton")}
      </Button>
      {empty && page.search ? (
        <p className="basis-full text-sm text-text-muted">{t("images.noMatch")}</p>
      ) : null}
    </div>
  );
}

function ImagePages({ formId, page }: { formId: string; page: ImagePage }) {
  const { t } = useTranslation("creators");
  if (!page.cursor && !page.nextCursor) return null;
  return (
    <nav aria-label={t("images.pages")} className="flex flex-wrap justify-end gap-2">
      {page.cursor ? (
        <Button type="submit" form={formId} name="imageCursor" value="" variant="ghost" size="sm">
          {t("images.first")}
        </Button>
      ) : null}
      {page.nextCursor ? (
        <Button
          type="submit"
          form={formId}
          name="imageCursor"
          value={page.nextCursor}
          variant="secondary"
          size="sm"
        >
          {t("images.next")}
        </Button>
      ) : null}
    </nav>
  );
}

/**
 * Images of the library to start from, as a grid of thumbnails: radios for one start image
 * (with "None"), checkboxes for several, in the order chosen by the grid's order.
 */
export function ImageChoices({
  name,
  legend,
  hint,
  images,
  multiple,
  defaultValue,
  error,
  page,
  searchFormId,
}: {
  name: string;
  legend: string;
  hint?: string;
  images: MediaItem[];
  multiple: boolean;
  defaultValue: readonly string[];
  error?: string;
  /** The library's search and pages, with the id of the search form (ImageSearchForm). */
  page?: ImagePage;
  searchFormId?: string;
}) {
  const { t } = useTranslation("creators");
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  // What is chosen stays chosen, and shown first, while the reader searches and turns pages.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(defaultValue));
  const [seen, setSeen] = useState<ReadonlyMap<string, MediaItem>>(
    () => new Map(images.map((image) => [image.id, image])),
  );
  const kept = [...chosen]
    .filter((id) => !images.some((image) => image.id === id))
    .map((id) => seen.get(id))
    .filter((image): image is MediaItem => image !== undefined);
  const shown = [...kept, ...images];
  const choose = (image: MediaItem, on: boolean) => {
    setSeen((current) => new Map(current).set(image.id, image));
    setChosen((current) => {
      const next = new Set(multiple ? current : []);
      if (on) next.add(image.id);
      else next.delete(image.id);
      return next;
    });
  };
  const tile =
    "relative block cursor-pointer overflow-hidden rounded-control border-2 border-transparent bg-surface-muted has-[:checked]:border-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent";
  return (
    <fieldset
      aria-describedby={cx(hint && hintId, error && errorId) || undefined}
      aria-invalid={error ? true : undefined}
      className="space-y-2"
    >
      <legend className="text-sm font-medium text-text">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-xs text-text-muted">
          {hint}
        </p>
      ) : null}
      {page && searchFormId ? (
        <ImageSearch formId={searchFormId} page={page} empty={images.length === 0} />
      ) : null}
      {shown.length === 0 ? (
        page?.search ? null : (
          <p className="text-sm text-text-muted">{t("images.none")}</p>
        )
      ) : (
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
          {multiple ? null : (
            <li>
              <label className={cx(tile, "grid aspect-square place-items-center")}>
                <input
                  type="radio"
                  name={name}
                  value=""
                  checked={chosen.size === 0}
                  onChange={() => setChosen(new Set())}
                  className="sr-only"
                />
                <span className="text-xs text-text-muted">{t("images.noStart")}</span>
              </label>
            </li>
          )}
          {shown.map((image) => {
            const label = image.title || image.prompt || t("images.untitled");
            return (
              <li key={image.id}>
                <label className={tile} title={label}>
                  <input
                    type={multiple ? "checkbox" : "radio"}
                    name={name}
                    value={image.id}
                    checked={chosen.has(image.id)}
                    onChange={(event) => choose(image, event.currentTarget.checked)}
                    className="peer sr-only"
                  />
                  <img
                    src={`/media/${image.id}/thumbnail`}
                    alt={label}
                    loading="lazy"
                    className="aspect-square w-full object-cover"
                  />
                  <span
                    aria-hidden="true"
                    className="absolute end-1 top-1 hidden size-4 rounded-full bg-accent ring-2 ring-surface peer-checked:block"
                  />
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {page && searchFormId ? <ImagePages formId={searchFormId} page={page} /> : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
