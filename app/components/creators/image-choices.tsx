import { useTranslation } from "react-i18next";
import { cx } from "~/components/ui/cx";
import type { ApiSchema } from "~/lib/api/client";

type MediaItem = ApiSchema<"Media">;

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
}: {
  name: string;
  legend: string;
  hint?: string;
  images: MediaItem[];
  multiple: boolean;
  defaultValue: readonly string[];
  error?: string;
}) {
  const { t } = useTranslation("creators");
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  const chosen = new Set(defaultValue);
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
      {images.length === 0 ? (
        <p className="text-sm text-text-muted">{t("images.none")}</p>
      ) : (
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
          {multiple ? null : (
            <li>
              <label className={cx(tile, "grid aspect-square place-items-center")}>
                <input
                  type="radio"
                  name={name}
                  value=""
                  defaultChecked={chosen.size === 0}
                  className="sr-only"
                />
                <span className="text-xs text-text-muted">{t("images.noStart")}</span>
              </label>
            </li>
          )}
          {images.map((image) => {
            const label = image.title || image.prompt || t("images.untitled");
            return (
              <li key={image.id}>
                <label className={tile} title={label}>
                  <input
                    type={multiple ? "checkbox" : "radio"}
                    name={name}
                    value={image.id}
                    defaultChecked={chosen.has(image.id)}
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
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
