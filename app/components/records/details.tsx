import type { ReactNode } from "react";

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
