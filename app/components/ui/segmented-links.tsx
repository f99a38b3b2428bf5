import { Link } from "react-router";
import { cx } from "./cx";
import { Icon } from "./icon";
import type { IconName } from "./icons/icon-names";

export type SegmentedLink = { to: string; label: string; icon?: IconName; current: boolean };

/**
 * A choice between views of one page as links (`?method=phone`), so that it works without
 * JavaScript; with it, React Router switches client-side. The current one is marked for assistive
 * technology with aria-current.
 */
export function SegmentedLinks({ label, links }: { label: string; links: SegmentedLink[] }) {
  return (
    <nav
      aria-label={label}
      className="grid auto-cols-fr grid-flow-col gap-1 rounded-control bg-surface-muted p-1"
    >
      {links.map((link) => (
        <Link
          key={link.to}
          to={link.to}
          replace
          preventScrollReset
          aria-current={link.current ? "page" : undefined}
          className={cx(
            "flex h-8 items-center justify-center gap-1.5 rounded-[calc(var(--radius-control)-2px)] text-sm font-medium transition-colors",
            link.current
              ? "bg-surface-raised text-text shadow-card"
              : "text-text-muted hover:text-text",
          )}
        >
          {link.icon ? <Icon name={link.icon} /> : null}
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
