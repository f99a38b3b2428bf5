import { cx } from "./cx";

/**
 * A text size among the classes given: it takes the place of the initials' own (text-xs), since
 * two classes of one property do not give way to each other by their order in the attribute.
 */
const textSize = /(^|\s)text-(xs|sm|base|lg|\d*xl|\[)/;
/** A size among the classes given takes the place of the default one (size-8), likewise. */
const boxSize = /(^|\s)size-/;

export function Avatar({
  src,
  fallback,
  className,
  alt = "",
  shape = "circle",
}: {
  src?: string | null;
  fallback: string;
  className?: string;
  /** Empty (decorative) where the name is written beside it. */
  alt?: string;
  /** People are round; organizations (logos) are rounded squares. */
  shape?: "circle" | "square";
}) {
  return (
    <span
      className={cx(
        "grid shrink-0 place-items-center overflow-hidden bg-accent-soft font-semibold text-accent",
        boxSize.test(className ?? "") ? null : "size-8",
        textSize.test(className ?? "") ? null : "text-xs",
        shape === "circle" ? "rounded-full" : "rounded-control",
        className,
      )}
    >
      {src ? (
        <img src={src} alt={alt} className="size-full object-cover" />
      ) : alt ? (
        <span role="img" aria-label={alt}>
          {fallback}
        </span>
      ) : (
        // Initials beside the written name would only repeat it to a screen reader.
        <span aria-hidden>{fallback}</span>
      )}
    </span>
  );
}
