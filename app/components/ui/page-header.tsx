import type { ReactNode } from "react";

export function PageHeader({
  title,
  description,
  actions,
  breadcrumbs,
  leading,
  image,
}: {
  title: string;
  description?: string;
  /** The page's primary action (and at most one or two others), at the end of the header. */
  actions?: ReactNode;
  breadcrumbs?: ReactNode;
  /** A small mark before the title, such as a colour dot; decorative. */
  leading?: ReactNode;
  /** A picture of what the page is about, such as a logo, before the title and its description. */
  image?: ReactNode;
}) {
  const heading = (
    <>
      <div className="flex items-start gap-3">
        {leading ? (
          <span aria-hidden className="flex h-8 shrink-0 items-center">
            {leading}
          </span>
        ) : null}
        {/* Names that users typed can be one long word: they wrap anywhere rather than widen the page. */}
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight text-text [overflow-wrap:anywhere]">
          {title}
        </h1>
      </div>
      {description ? (
        <p className="mt-1 line-clamp-3 text-sm text-text-muted [overflow-wrap:anywhere]">
          {description}
        </p>
      ) : null}
    </>
  );
  return (
    <header className="mb-6 flex items-end justify-between gap-6">
      <div className="min-w-0 flex-1">
        {breadcrumbs}
        {image ? (
          <div className="flex items-center gap-4">
            {image}
            <div className="min-w-0 flex-1">{heading}</div>
          </div>
        ) : (
          heading
        )}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}
