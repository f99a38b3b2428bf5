import { cx } from "./cx";

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
        "grid size-8 shrink-0 place-items-center overflow-hidden bg-accent-soft text-xs font-semibold text-accent",
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
