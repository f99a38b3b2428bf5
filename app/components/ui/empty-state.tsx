import type { ReactNode } from "react";
import { Icon } from "./icon";
import type { IconName } from "./icons/icon-names";

export function EmptyState({
  icon = "inbox",
  title,
  children,
  action,
}: {
  icon?: IconName;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex flex-col items-center justify-center rounded-card border border-dashed border-border bg-surface px-6 py-16 text-center"
    >
      <span className="mb-4 grid size-12 place-items-center rounded-full bg-accent-soft text-accent">
        <Icon name={icon} className="size-6" />
      </span>
      <h2 className="text-base font-semibold text-text">{title}</h2>
      {children ? <p className="mt-1 max-w-md text-sm text-text-muted">{children}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </section>
  );
}
