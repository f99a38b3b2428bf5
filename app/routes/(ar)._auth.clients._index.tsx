import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { LocalizedLink } from "~/components/localized-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/form-alert";
import { Highlighted } from "~/components/ui/highlighted";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { PageShell } from "~/components/ui/page-shell";
import { Pagination } from "~/components/ui/pagination";
import { SelectField } from "~/components/ui/select";
import { getApiClient } from "~/lib/api.server";
import { clientInitials, clientStatuses, statusTones } from "~/lib/clients";
import { readForm } from "~/lib/form.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { safeRedirect } from "~/lib/redirect.server";
import { formatRelativeTime } from "~/lib/relative-time";
import { badRequest, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";

export const handle = { title: "clients:title" };

const pageSize = 20;
const sorts = ["name", "-name", "-updated", "updated", "relevance"] as const;

const Listing = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().trim().max(200).catch(""),
  status: z.enum(clientStatuses).optional().catch(undefined),
  sort: z.enum(sorts).optional().catch(undefined),
  bin: z.literal("1").optional().catch(undefined),
  deleted: z.uuid().optional().catch(undefined),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const url = new URL(request.url);
  const listing = Listing.parse(Object.fromEntries(url.searchParams));
  const permissions = user.account.currentOrganizationPermissions;
  if (!permissions.includes("clients.read")) {
    return { clients: null, listing, canWrite: false, undo: null, now: Date.now() };
  }
  const api = getApiClient(request, context, token);
  const [clients, undo] = await Promise.all([
    api
      .get("/clients", {
        query: {
          page: listing.page,
          pageSize,
          q: listing.q || undefined,
          status: listing.status ? [listing.status] : undefined,
          sort: listing.sort === "relevance" && !listing.q ? undefined : listing.sort,
          deleted: listing.bin ? "true" : undefined,
        },
      })
      .catch((error: unknown) => {
        throw serviceUnavailable(error);
      }),
    // Just deleted from its page: the list offers to undo it.
    listing.deleted
      ? api
          .get("/clients/{id}", { path: { id: listing.deleted } })
          .then((client) => (client.deletedAt ? client : null))
          .catch(() => null)
      : null,
  ]);
  return {
    clients,
    listing,
    canWrite: permissions.includes("clients.write"),
    undo,
    now: Date.now(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "clients.write");
  const language = pageLanguage(request);
  const form = await readForm(request);
  const id = z.uuid().safeParse(form.get("id"));
  if (form.get("intent") !== "restore" || !id.success) throw badRequest();
  await getApiClient(request, context, token)
    .post("/clients/{id}/restore", { path: { id: id.data } })
    .catch(rethrowAsPageError);
  return safeRedirect(`${localizedPath(`/clients/${id.data}`, language)}?notice=client-restored`);
}

function RestoreButton({
  id,
  label,
  children,
}: {
  id: string;
  label?: string;
  children: React.ReactNode;
}) {
  const restoring = useIsPending({ intent: "restore" });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" size="sm" disabled={restoring} aria-label={label}>
        <Icon name="rotate-ccw" />
        {children}
      </Button>
    </Form>
  );
}

export default function ClientsPage() {
  const { clients, listing, canWrite, undo, now } = useLoaderData<typeof loader>();
  const { t } = useTranslation("clients");
  const language = useLanguage();

  if (!clients) {
    return (
      <PageShell title={t("title")} description={t("description")}>
        <EmptyState
          icon="contact"
          title={t("noOrganization.title")}
          action={
            <Button asChild>
              <LocalizedLink to="/account/organization/create">
                <Icon name="plus" />
                {t("noOrganization.action")}
              </LocalizedLink>
            </Button>
          }
        >
          {t("noOrganization.body")}
        </EmptyState>
      </PageShell>
    );
  }

  const bin = Boolean(listing.bin);
  const filtered = Boolean(listing.q || listing.status);
  const newButton = (label: string) => (
    <Button asChild>
      <LocalizedLink to="/clients/new">
        <Icon name="plus" />
        {label}
      </LocalizedLink>
    </Button>
  );
  const sortOptions = sorts
    .filter((sort) => sort !== "relevance" || listing.q)
    .map((sort) => ({ value: sort, label: t(`sorts.${sort}`) }));

  return (
    <PageShell
      title={bin ? t("bin.title") : t("title")}
      description={bin ? t("bin.description") : t("description")}
      back={bin ? { to: "/clients", label: t("bin.back") } : undefined}
      actions={canWrite && !bin ? newButton(t("newClient")) : undefined}
    >
      {undo ? (
        <FormAlert tone="success">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>
              <IsolatedMessage ns="clients" i18nKey="undo.deleted" values={{ name: undo.name }} />
            </p>
            {canWrite ? <RestoreButton id={undo.id}>{t("undo.action")}</RestoreButton> : null}
          </div>
        </FormAlert>
      ) : null}

      {bin ? null : (
        <Form
          method="get"
          role="search"
          aria-label={t("filters.label")}
          className="grid gap-3 rounded-card border border-border bg-surface p-4 shadow-card md:grid-cols-[1fr_12rem_12rem_auto] md:items-end"
        >
          <div className="space-y-1.5">
            <label htmlFor="client-search" className="text-sm font-medium">
              {t("filters.search")}
            </label>
            <Input
              id="client-search"
              name="q"
              type="search"
              dir="auto"
              maxLength={200}
              defaultValue={listing.q}
              placeholder={t("filters.placeholder")}
            />
          </div>
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
            options={sortOptions}
          />
          <Button type="submit" variant="secondary">
            <Icon name="search" />
            {t("filters.apply")}
          </Button>
        </Form>
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
                <Button variant="secondary" asChild>
                  <LocalizedLink to="/clients">
                    <Icon name="x" />
                    {t("noMatch.action")}
                  </LocalizedLink>
                </Button>
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
        <div className="overflow-x-auto rounded-card border border-border bg-surface shadow-card">
          <table className="w-full text-sm">
            <caption className="sr-only">{bin ? t("bin.title") : t("list")}</caption>
            <thead className="border-b border-border text-start text-xs text-text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  {t("columns.name")}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  {t("columns.status")}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  {t("columns.contact")}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  {t("columns.tags")}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  {t("columns.updated")}
                </th>
                {bin ? <td /> : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
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
                    <Badge tone={statusTones[client.status]}>
                      {t(`statuses.${client.status}`)}
                    </Badge>
                  </td>
                  <td className="px-4 py-3 text-text-muted">
                    {client.contactName || client.email || t("none")}
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
                    <td className="px-4 py-3 text-end">
                      {canWrite ? (
                        <RestoreButton
                          id={client.id}
                          label={t("bin.restore", { name: client.name })}
                        >
                          {t("detail.restore")}
                        </RestoreButton>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pagination
        page={clients.page}
        pageSize={clients.pageSize}
        total={clients.total}
        totalCapped={clients.totalCapped}
        label={t("pages")}
      />

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
          {canWrite ? (
            <LocalizedLink
              to="/clients?bin=1"
              className="inline-flex items-center gap-1.5 text-text-muted hover:text-text"
            >
              <Icon name="trash-2" />
              {t("bin.link")}
            </LocalizedLink>
          ) : null}
        </p>
      )}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
