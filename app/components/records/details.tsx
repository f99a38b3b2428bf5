import type { ReactNode } from "react";
import { LocalizedLink } from "../localized-link";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";

export type DetailRow = { label: string; value: ReactNode };

/** A record's fields on its page: label and value, side by side from the small breakpoint. */
export function DetailRows({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[12rem_1fr]">
      {rows.map(({ label, value }) => (
        <div key={label} className="contents">
          <dt className="text-sm text-text-muted">{label}</dt>
          <dd className="text-sm [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A record's long text (notes, a description) as written, or what says there is none. */
export function LongText({ text, empty }: { text: string | null | undefined; empty: string }) {
  return text ? (
    <p dir="auto" className="whitespace-pre-line text-sm [overflow-wrap:anywhere]">
      {text}
    </p>
  ) : (
    <p className="text-sm text-text-muted">{empty}</p>
  );
}

/** A link from a record's fields to another record (its client, its workspace). */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <LocalizedLink to={to} className="text-accent hover:underline">
      {children}
    </LocalizedLink>
  );
}

/** A record's tags as badges, or what says there are none. */
export function TagList({ tags, empty }: { tags: string[]; empty: ReactNode }) {
  if (tags.length === 0) return empty;
  return (
    <span className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <Badge key={tag}>{tag}</Badge>
      ))}
    </span>
  );
}

/** A record's page's primary action: the way to its edit form. */
export function EditButton({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild variant="secondary">
      <LocalizedLink to={to}>
        <Icon name="pencil" />
        {label}
      </LocalizedLink>
    </Button>
  );
}
