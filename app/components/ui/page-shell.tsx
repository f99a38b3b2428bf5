import type { ReactNode } from "react";
import { LocalizedLink } from "../localized-link";
import { Icon } from "./icon";
import { PageHeader } from "./page-header";

/**
 * A signed-in page: its header (the way back above the title, the primary action at the end)
 * and its blocks below, one gap apart. The app shell sets the width every page shares.
 */
export function PageShell({
  title,
  description,
  actions,
  back,
  leading,
  image,
  children,
}: {
  title: string;
  description?: string;
  /** The page's primary action at the top end of the header. */
  actions?: ReactNode;
  /** The page above this one: an app path and its translated name. */
  back?: { to: string; label: string };
  leading?: ReactNode;
  /** A picture of what the page is about (a client's logo), before the title. */
  image?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={actions}
        leading={leading}
        image={image}
        breadcrumbs={
          back ? (
            <LocalizedLink
              to={back.to}
              className="mb-2 inline-flex max-w-full items-center gap-1 text-sm text-text-muted hover:text-text"
            >
              <Icon name="arrow-left" />
              <span className="truncate">{back.label}</span>
            </LocalizedLink>
          ) : undefined
        }
      />
      <div className="space-y-6">{children}</div>
    </>
  );
}
