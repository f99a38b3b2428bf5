import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { LocalizedLink } from "../localized-link";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { Icon } from "../ui/icon";
import type { IconName } from "../ui/icons/icon-names";
import { Input } from "../ui/input";
import { PageShell } from "../ui/page-shell";

/**
 * A list's filters: a GET form (it works without JavaScript) with the search first, the page's
 * filters (`children`) and Apply; `before` and `after` go around them in the grid.
 */
export function ListSearchForm({
  label,
  className,
  searchId,
  searchLabel,
  placeholder,
  q,
  applyLabel,
  before,
  after,
  children,
}: {
  label: string;
  /** The grid of the form's fields. */
  className: string;
  searchId: string;
  searchLabel: string;
  placeholder: string;
  q: string;
  applyLabel: string;
  before?: ReactNode;
  after?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className={className}>
      {before}
      <div className="space-y-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          {searchLabel}
        </label>
        <Input
          id={searchId}
          name="q"
          type="search"
          dir="auto"
          maxLength={200}
          defaultValue={q}
          placeholder={placeholder}
        />
      </div>
      {children}
      <Button type="submit" variant="secondary">
        <Icon name="search" />
        {applyLabel}
      </Button>
      {after}
    </Form>
  );
}

/** The page's primary action: a link that opens the form of a new record. */
export function NewButton({
  to,
  label,
  preventScrollReset,
}: {
  to: string;
  label: string;
  preventScrollReset?: boolean;
}) {
  return (
    <Button asChild>
      <LocalizedLink to={to} preventScrollReset={preventScrollReset}>
        <Icon name="plus" />
        {label}
      </LocalizedLink>
    </Button>
  );
}

/** A search or filter that matched nothing: back to the whole list. */
export function ClearFiltersButton({ to, label }: { to: string; label: string }) {
  return (
    <Button variant="secondary" asChild>
      <LocalizedLink to={to}>
        <Icon name="x" />
        {label}
      </LocalizedLink>
    </Button>
  );
}

/** The way to the list's bin (`?bin=1`), below the list. */
export function BinLink({ to, label }: { to: string; label: string }) {
  return (
    <LocalizedLink
      to={to}
      className="inline-flex items-center gap-1.5 text-text-muted hover:text-text"
    >
      <Icon name="trash-2" />
      {label}
    </LocalizedLink>
  );
}

/**
 * A list page for someone in no organization (or without the permission to read it): the
 * namespace's `noOrganization` texts, with the way to create one.
 */
export function NoOrganizationPage({ ns, icon }: { ns: string; icon: IconName }) {
  const { t } = useTranslation(ns);
  return (
    <PageShell title={t("title")} description={t("description")}>
      <EmptyState
        icon={icon}
        title={t("noOrganization.title")}
        action={<NewButton to="/account/organization/create" label={t("noOrganization.action")} />}
      >
        {t("noOrganization.body")}
      </EmptyState>
    </PageShell>
  );
}

/**
 * A list as a table: its caption for assistive technology, the column headers, and the rows
 * (`children`, each with its record as a row header); in the bin, a last column for Restore.
 */
export function ListTable({
  caption,
  columns,
  bin,
  children,
}: {
  caption: string;
  columns: { label: string; end?: boolean }[];
  bin: boolean;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-card border border-border bg-surface shadow-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border text-xs text-text-muted">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-4 py-3 font-medium ${column.end ? "text-end" : "text-start"}`}
              >
                {column.label}
              </th>
            ))}
            {bin ? <td /> : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}
