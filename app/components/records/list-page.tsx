import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { Namespace } from "~/lib/i18n";
import { useSubmitAsYouType } from "~/lib/use-submit-as-you-type";
import { LocalizedLink } from "../localized-link";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { Icon } from "../ui/icon";
import type { IconName } from "../ui/icons/icon-names";
import { Input } from "../ui/input";
import { PageShell } from "../ui/page-shell";
import { Pagination } from "../ui/pagination";
import { RestoreButton } from "./restore";

/**
 * A list's filters: a GET form (it works without JavaScript) with the search first, the page's
 * filters (`children`) and Apply, answering as it is filled in with JavaScript; `before` and `after` go around them in the grid. Its words are
 * the namespace's `filters.label`, `filters.search`, `filters.placeholder` and `filters.apply`.
 */
export function ListSearchForm({
  ns,
  className,
  searchId,
  q,
  before,
  after,
  placeholder,
  children,
}: {
  ns: Namespace;
  /** What the search takes, when the namespace's `filters.placeholder` does not say it. */
  placeholder?: string;
  /** The grid of the form's fields. */
  className: string;
  searchId: string;
  q: string;
  before?: ReactNode;
  after?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const asYouType = useSubmitAsYouType();
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("filters.label")}
      className={className}
      key={asYouType.key}
      {...asYouType.form}
    >
      {before}
      <div className="space-y-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          {t("filters.search")}
        </label>
        <Input
          id={searchId}
          name="q"
          type="search"
          dir="auto"
          maxLength={200}
          defaultValue={q}
          placeholder={placeholder ?? t("filters.placeholder")}
        />
      </div>
      {children}
      <Button type="submit" variant="secondary">
        <Icon name="search" />
        {t("filters.apply")}
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
export function NoOrganizationPage({ ns, icon }: { ns: Namespace; icon: IconName }) {
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

/** The pages of a list answered by the API (`{ page, pageSize, total, totalCapped }`). */
export function ListPagination({
  ns,
  list,
}: {
  /** The namespace whose `pages` names the navigation. */
  ns: Namespace;
  list: { page: number; pageSize: number; total: number; totalCapped?: boolean };
}) {
  const { t } = useTranslation(ns);
  return (
    <Pagination
      page={list.page}
      pageSize={list.pageSize}
      total={list.total}
      totalCapped={list.totalCapped}
      label={t("pages")}
    />
  );
}

/** The last cell of a row in the bin: Restore, for who may. */
export function BinRestoreCell({
  id,
  canRestore,
  label,
  children,
}: {
  id: string;
  canRestore: boolean;
  /** The button's name, which says which record (`RestoreButton`). */
  label?: string;
  children: ReactNode;
}) {
  return (
    <td className="px-4 py-3 text-end">
      {canRestore ? (
        <RestoreButton id={id} label={label}>
          {children}
        </RestoreButton>
      ) : null}
    </td>
  );
}
