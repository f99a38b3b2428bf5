import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
} from "react-router";
import { z } from "zod";
import { LocalizedLink } from "~/components/localized-link";
import { ExportLinks } from "~/components/records/export-links";
import { ClearFiltersButton, ListSearchForm } from "~/components/records/list-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { SelectField } from "~/components/ui/select";
import { LeadPanel, LeadsTable } from "~/components/xbot/leads";
import { XbotNoBot } from "~/components/xbot-section";
import { isApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { clientChoices } from "~/lib/clients.server";
import { readForm } from "~/lib/form-body.server";
import { replyWithApiError } from "~/lib/form-replies.server";
import { pageLanguage } from "~/lib/i18n.server";
import { listingSchema, optionalChoice } from "~/lib/listing";
import { pageAddress, readListing } from "~/lib/listing.server";
import { requirePermission } from "~/lib/permissions.server";
import { safeRedirect } from "~/lib/redirect.server";
import { badRequest, rethrowAsPageError, rethrowAsUnavailable } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { dayAfter, type LeadAnswer, LeadFollowUpFields, leadStatuses } from "~/lib/xbot-leads";

export const handle = { title: "pages.xbot.leads" };

const pageSize = 25;
const day = z.iso.date().optional().catch(undefined);

const Listing = listingSchema({
  status: optionalChoice(leadStatuses),
  from: day,
  to: day,
  /** The lead whose panel is open. */
  lead: z.uuid().optional().catch(undefined),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "leads.read");
  const api = getApiClient(request, context, token);
  const listing = readListing(request, Listing);
  const permissions = user.account.currentOrganizationPermissions;
  const canManage = permissions.includes("leads.manage");
  const canConvert = canManage && permissions.includes("clients.write");
  const now = Date.now();
  const { bot } = await api.get("/user/current-bot").catch(rethrowAsUnavailable);
  if (!bot) return { bot: null, listing, now, canManage, canConvert } as const;
  const filters = {
    botId: bot.id,
    q: listing.q || undefined,
    status: listing.status ? [listing.status] : undefined,
    from: listing.from,
    to: listing.to ? dayAfter(listing.to) : undefined,
  };
  const [leads, opened, members] = await Promise.all([
    api
      .get("/leads", { query: { ...filters, page: listing.page, pageSize } })
      .catch(rethrowAsPageError),
    listing.lead
      ? api
          .get("/leads/{id}", { path: { id: listing.lead } })
          .catch((error: unknown) => (isApiError(error, 404) ? null : rethrowAsPageError(error)))
      : null,
    canManage ? clientChoices(api, user).then((choices) => choices.members) : [],
  ]);
  return {
    bot: { id: bot.id, name: bot.name },
    listing,
    now,
    canManage,
    canConvert,
    leads,
    opened,
    members,
  } as const;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "leads.manage");
  const api = getApiClient(request, context, token);
  const form = await readForm(request);
  const intent = form.get("intent");
  const leadId = z.uuid().safeParse(form.get("leadId"));
  if (!leadId.success) throw badRequest();
  const id = leadId.data;
  const url = new URL(request.url);
  const back = (changes: Record<string, string | null>) =>
    pageAddress(url, "/x-bot/leads", pageLanguage(request), ["notice", "confirm"], changes);

  if (intent === "update") {
    const submission = parseWithZod(form, { schema: LeadFollowUpFields });
    if (submission.status !== "success") {
      return data<LeadAnswer>({ intent, result: submission.reply() }, { status: 422 });
    }
    const { version, ...changes } = submission.value;
    try {
      await api.patch("/leads/{id}", { path: { id }, body: { ...changes, version } });
    } catch (error) {
      if (isApiError(error, 409) && error.code === "STALE_VERSION") {
        return data<LeadAnswer>(
          { intent, stale: true, result: submission.reply() },
          { status: 409 },
        );
      }
      if (!isUserError(error) || error.status === 404 || error.status === 409) {
        rethrowAsPageError(error);
      }
      const result = replyWithApiError(submission, error);
      return data<LeadAnswer>({ intent, result }, { status: error.status });
    }
    return safeRedirect(back({ lead: id, notice: "lead-saved" }));
  }
  if (intent === "convert") {
    const converted = await api
      .post("/leads/{id}/convert", { path: { id } })
      .then(() => true)
      .catch((error: unknown) => {
        // Made a client already (by another member): the lead's panel shows it.
        if (isApiError(error, 409)) return true;
        return rethrowAsPageError(error);
      });
    if (converted) return safeRedirect(back({ lead: id, notice: "lead-converted" }));
  }
  if (intent === "delete") {
    if (!isConfirmed(form)) return { confirm: "delete" as const };
    await api.delete("/leads/{id}", { path: { id } }).catch((error: unknown) => {
      if (!isApiError(error, 404)) rethrowAsPageError(error);
    });
    return safeRedirect(back({ lead: null, notice: "lead-deleted" }));
  }
  throw badRequest();
}

export default function XbotLeadsPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const { t } = useTranslation("xbot");
  const location = useLocation();
  if (!loaded.bot) return <XbotNoBot>{t("leads.noBot")}</XbotNoBot>;
  const { listing, now, leads, opened, members, canManage, canConvert } = loaded;
  const filtered = Boolean(listing.q || listing.status || listing.from || listing.to);
  const hrefOf = (id: string) => {
    const search = new URLSearchParams(location.search);
    search.set("lead", id);
    search.delete("notice");
    return `/x-bot/leads?${search.toString()}`;
  };
  const asking = Boolean(answer && "confirm" in answer);
  const leadAnswer = answer && "intent" in answer ? answer : undefined;
  // The download takes the list's filters, as the page's address gives them.
  const exportHref = (format: "csv" | "json") => {
    const search = new URLSearchParams({ format });
    for (const name of ["q", "status", "from", "to"] as const) {
      const value = listing[name];
      if (value) search.set(name, value);
    }
    return `/x-bot/leads/export?${search.toString()}`;
  };

  return (
    <section aria-labelledby="leads-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="leads-title" className="text-lg font-semibold">
          {t("leads.title")}
        </h2>
        {leads.items.length > 0 ? (
          <ExportLinks
            hrefOf={exportHref}
            labels={{ csv: t("leads.export.csv"), json: t("leads.export.json") }}
          />
        ) : null}
      </div>
      <ListSearchForm
        ns="xbot"
        className="grid gap-3 rounded-card border border-border bg-surface p-4 shadow-card sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
        searchId="leads-search"
        q={listing.q}
        placeholder={t("leads.filters.placeholder")}
      >
        <SelectField
          id="leads-status"
          name="status"
          label={t("leads.filters.status")}
          defaultValue={listing.status ?? ""}
          options={[
            { value: "", label: t("leads.filters.anyStatus") },
            ...leadStatuses.map((status) => ({
              value: status,
              label: t(`leads.statuses.${status}`),
            })),
          ]}
        />
        <Field
          id="leads-from"
          name="from"
          type="date"
          label={t("leads.filters.from")}
          defaultValue={listing.from ?? ""}
        />
        <Field
          id="leads-to"
          name="to"
          type="date"
          label={t("leads.filters.to")}
          defaultValue={listing.to ?? ""}
        />
      </ListSearchForm>

      {leads.items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon="search"
            title={t("leads.noMatch.title")}
            action={<ClearFiltersButton to="/x-bot/leads" label={t("leads.noMatch.clear")} />}
          >
            {t("leads.noMatch.body")}
          </EmptyState>
        ) : (
          <EmptyState
            icon="users"
            title={t("leads.empty.title")}
            action={
              <Button variant="secondary" asChild>
                <LocalizedLink to="/x-bot/settings">{t("leads.empty.action")}</LocalizedLink>
              </Button>
            }
          >
            {t("leads.empty.body")}
          </EmptyState>
        )
      ) : (
        <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:items-start">
          <div className="space-y-3">
            <LeadsTable items={leads.items} selected={opened?.id} hrefOf={hrefOf} now={now} />
            <Pagination
              page={leads.page}
              pageSize={leads.pageSize}
              total={leads.total}
              totalCapped={leads.totalCapped}
              label={t("leads.table.pages")}
            />
          </div>
          {opened ? (
            <LeadPanel
              key={`${opened.id}:${location.key}`}
              lead={opened}
              members={members}
              canManage={canManage}
              canConvert={canConvert}
              answer={leadAnswer}
              asking={asking}
              reloadTo={hrefOf(opened.id)}
            />
          ) : (
            <p className="rounded-card border border-dashed border-border p-6 text-center text-sm text-text-muted">
              {listing.lead ? t("leads.panel.gone") : t("leads.panel.choose")}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
