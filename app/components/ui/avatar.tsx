import { cx } from "./cx";

export function Avatar({
  src,
  fallback,
  className,
  alt = "",
}: {
  src?: string | null;
  fallback: string;
  className?: string;
  /** Empty (decorative) where the name is written beside it. */
  alt?: string;
}) {
  return (
    <span
      className={cx(
        "grid size-8 shrink-0 place-items-center overflow-hidden rounded-full bg-accent-soft text-xs font-semibold text-accent",
        className,
      )}
    >
      {src ? <img src={src} alt={alt} className="size-full object-cover" /> : fallback}
    </span>
  );
}
