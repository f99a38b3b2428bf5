import { useTranslation } from "react-i18next";
import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { LocalizedLink } from "~/components/localized-link";
import { PhoneNumber } from "~/components/phone-number";
import {
  BinLink,
  BinRestoreCell,
  ClearFiltersButton,
  ListPagination,
  ListSearchForm,
  ListTable,
  NewButton,
  NoOrganizationPage,
} from "~/components/records/list-page";
import { UndoNotice } from "~/components/records/restore";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { Highlighted } from "~/components/ui/highlighted";
import { Icon } from "~/components/ui/icon";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { SelectField } from "~/components/ui/select";
import { clientInitials, clientStatuses, statusTones } from "~/lib/clients";
import { listingSchema, optionalChoice, sortOptions } from "~/lib/listing";
import {
  deletedRecord,
  openListPage,
  pageQuery,
  restoreFromList,
  searchSort,
} from "~/lib/listing.server";
import { formatRelativeTime } from "~/lib/relative-time";
import { rethrowAsUnavailable } from "~/lib/responses.server";
import { useLanguage } from "~/lib/use-language";

export const handle = { title: "clients:title" };

const pageSize = 20;
const sorts = ["name", "-name", "-updated", "updated", "relevance"] as const;

const Listing = listingSchema({
  status: optionalChoice(clientStatuses),
  sort: optionalChoice(sorts),
});

export async function loader(args: LoaderFunctionArgs) {
  const { listing, permissions, api } = await openListPage(args, Listing, "clients.read");
  if (!api) {
    return { clients: null, listing, canWrite: false, undo: null, now: Date.now() };
  }
  const [clients, undo] = await Promise.all([
    api
      .get("/clients", {
        query: {
          ...pageQuery(listing, pageSize),
          status: listing.status ? [listing.status] : undefined,
          sort: searchSort(listing),
        },
      })
      .catch(rethrowAsUnavailable),
    deletedRecord(listing, (id) => api.get("/clients/{id}", { path: { id } })),
  ]);
  return {
    clients,
    listing,
    canWrite: permissions.includes("clients.write"),
    undo,
    now: Date.now(),
  };
}

export async function action(args: ActionFunctionArgs) {
  return restoreFromList(args, {
    permission: "clients.write",
    restore: (api, id) => api.post("/clients/{id}/restore", { path: { id } }),
    pathOf: (id) => `/clients/${id}`,
    notice: "client-restored",
  });
}

export default function ClientsPage() {
  const { clients, listing, canWrite, undo, now } = useLoaderData<typeof loader>();
  const { t } = useTranslation("clients");
  const language = useLanguage();

  if (!clients) return <NoOrganizationPage ns="clients" icon="contact" />;

  const bin = Boolean(listing.bin);
  const filtered = Boolean(listing.q || listing.status);
  const newButton = (label: string) => <NewButton to="/clients/new" label={label} />;

  return (
    <PageShell
      title={bin ? t("bin.title") : t("title")}
      description={bin ? t("bin.description") : t("description")}
      back={bin ? { to: "/clients", label: t("bin.back") } : undefined}
      actions={canWrite && !bin ? newButton(t("newClient")) : undefined}
    >
      {undo ? (
        <UndoNotice id={undo.id} canRestore={canWrite} restoreLabel={t("undo.action")}>
          <IsolatedMessage ns="clients" i18nKey="undo.deleted" values={{ name: undo.name }} />
        </UndoNotice>
      ) : null}

      {bin ? null : (
        <ListSearchForm
          ns="clients"
          className="grid gap-3 rounded-card border border-border bg-surface p-4 shadow-card md:grid-cols-[1fr_12rem_12rem_auto] md:items-end"
          searchId="client-search"
          q={listing.q}
        >
          <SelectField
            id="client-status"
            name="status"
            label={t("filters.status")}
            defaultValue={listing.status ?? ""}
            options={[
              { value: "", label: t("filters.anyStatus") },
              ...clientStatuses.map((status) => ({
                value: status,
                label: t(`statuses.${status}`),
              })),
            ]}
          />
          <SelectField
            id="client-sort"
            name="sort"
            label={t("filters.sort")}
            defaultValue={listing.sort ?? (listing.q ? "relevance" : "name")}
            options={sortOptions(sorts, listing.q, (sort) => t(`sorts.${sort}`))}
          />
        </ListSearchForm>
      )}

      {clients.items.length === 0 ? (
        bin ? (
          <EmptyState icon="trash-2" title={t("bin.title")}>
            {t("bin.empty")}
          </EmptyState>
        ) : (
          <EmptyState
            icon={filtered ? "search-x" : "contact"}
            title={filtered ? t("noMatch.title") : t("empty.title")}
            action={
              filtered ? (
                <ClearFiltersButton to="/clients" label={t("noMatch.action")} />
              ) : canWrite ? (
                newButton(t("empty.action"))
              ) : undefined
            }
          >
            {filtered ? (
              <IsolatedMessage ns="clients" i18nKey="noMatch.body" values={{ search: listing.q }} />
            ) : (
              t("empty.body")
            )}
          </EmptyState>
        )
      ) : (
        <ListTable
          caption={bin ? t("bin.title") : t("list")}
          columns={[
            { label: t("columns.name") },
            { label: t("columns.status") },
            { label: t("columns.contact") },
            { label: t("columns.tags") },
            { label: t("columns.updated") },
          ]}
          bin={bin}
        >
          {clients.items.map((client) => (
            <tr key={client.id} className="align-top hover:bg-surface-muted/50">
              <th scope="row" className="px-4 py-3 text-start font-medium">
                <div className="flex items-start gap-3">
                  {/* Beside the name it stands for: decoration to a screen reader. */}
                  <Avatar
                    src={client.logoUrl}
                    fallback={clientInitials(client.name)}
                    shape="square"
                    className="-my-1.5"
                  />
                  <div className="min-w-0">
                    <LocalizedLink
                      to={`/clients/${client.id}`}
                      className="text-text [overflow-wrap:anywhere] hover:text-accent hover:underline"
                    >
                      <Highlighted text={client.name} segments={client.highlights?.name} />
                    </LocalizedLink>
                    {client.highlights?.notes ? (
                      <p dir="auto" className="mt-1 text-xs font-normal text-text-muted">
                        <Highlighted text={client.notes} segments={client.highlights.notes} />
                      </p>
                    ) : null}
                  </div>
                </div>
              </th>
              <td className="px-4 py-3">
                <Badge tone={statusTones[client.status]}>{t(`statuses.${client.status}`)}</Badge>
              </td>
              <td className="px-4 py-3 text-text-muted">
                {client.contactName || client.email || (client.phone ? null : t("none"))}
                {client.phone ? (
                  <span className="block whitespace-nowrap text-xs">
                    <PhoneNumber e164={client.phone} />
                  </span>
                ) : null}
              </td>
              <td className="px-4 py-3">
                <span className="flex flex-wrap gap-1">
                  {client.tags.slice(0, 4).map((tag) => (
                    <Badge key={tag}>{tag}</Badge>
                  ))}
                </span>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-text-muted">
                {bin && client.deletedAt
                  ? t("bin.deletedOn", {
                      date: formatRelativeTime(client.deletedAt, now, language),
                    })
                  : formatRelativeTime(client.updatedAt, now, language)}
              </td>
              {bin ? (
                <BinRestoreCell
                  id={client.id}
                  canRestore={canWrite}
                  label={t("bin.restore", { name: client.name })}
                >
                  {t("detail.restore")}
                </BinRestoreCell>
              ) : null}
            </tr>
          ))}
        </ListTable>
      )}

      <ListPagination ns="clients" list={clients} />

      {bin ? null : (
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <LocalizedLink
            to="/clients/export"
            reloadDocument
            className="inline-flex items-center gap-1.5 text-text-muted hover:text-text"
          >
            <Icon name="file-text" />
            {t("exportCsv")}
          </LocalizedLink>
          {canWrite ? <BinLink to="/clients?bin=1" label={t("bin.link")} /> : null}
        </p>
      )}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
