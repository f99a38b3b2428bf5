import { getFormProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { SelectInput, TextareaInput } from "~/components/form/fields";
import { FormErrors } from "~/components/form/form-errors";
import { useAppForm } from "~/lib/app-form";
import { formatRelativeTime } from "~/lib/relative-time";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import {
  type Lead,
  type LeadAnswer,
  LeadFollowUpFields,
  leadStatuses,
  leadStatusTones,
} from "~/lib/xbot-leads";
import { LocalizedLink } from "../localized-link";
import { StaleVersionAlert } from "../records/versioned-record";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { cx } from "../ui/cx";
import { Icon } from "../ui/icon";

/** The leads of a page: who, how to reach them, their status and when they came. */
export function LeadsTable({
  items,
  selected,
  hrefOf,
  now,
}: {
  items: Lead[];
  selected: string | undefined;
  hrefOf: (id: string) => string;
  now: number;
}) {
  const { t } = useTranslation("xbot");
  const language = useLanguage();
  return (
    <div className="overflow-x-auto rounded-card border border-border bg-surface shadow-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("leads.table.caption")}</caption>
        <thead>
          <tr className="border-b border-border text-text-muted">
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t("leads.table.name")}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t("leads.table.contact")}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t("leads.table.status")}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t("leads.table.came")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {items.map((lead) => (
            <tr key={lead.id} className={cx(lead.id === selected && "bg-surface-muted")}>
              <th scope="row" className="px-3 py-2 text-start font-medium">
                <LocalizedLink
                  to={hrefOf(lead.id)}
                  preventScrollReset
                  aria-current={lead.id === selected ? "true" : undefined}
                  className="text-accent hover:underline [overflow-wrap:anywhere]"
                >
                  {lead.name || lead.email || lead.phone || t("leads.table.anonymous")}
                </LocalizedLink>
              </th>
              <td className="px-3 py-2 text-text-muted">
                {lead.email ? <bdi className="block">{lead.email}</bdi> : null}
                {lead.phone ? (
                  <bdi dir="ltr" className="block">
                    {lead.phone}
                  </bdi>
                ) : null}
              </td>
              <td className="px-3 py-2">
                <Badge tone={leadStatusTones[lead.status]}>
                  {t(`leads.statuses.${lead.status}`)}
                </Badge>
                {lead.client ? (
                  <Badge tone="success" className="ms-1.5">
                    {t("leads.table.client")}
                  </Badge>
                ) : null}
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-text-muted">
                <time dateTime={lead.createdAt}>
                  {formatRelativeTime(lead.createdAt, now, language)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One lead: what the visitor left, the conversation it came from, and the member's follow-up (its
 * status, notes and owner), with the ways to make it a client and to delete it.
 */
export function LeadPanel({
  lead,
  members,
  canManage,
  canConvert,
  answer,
  asking,
  reloadTo,
}: {
  lead: Lead;
  members: { value: string; label: string }[];
  canManage: boolean;
  canConvert: boolean;
  answer: LeadAnswer | undefined;
  /** Asked without JavaScript: delete it? */
  asking: boolean;
  reloadTo: string;
}) {
  const { t } = useTranslation("xbot");
  const pending = useIsPending();
  const [form, fields] = useAppForm(LeadFollowUpFields, {
    id: "lead-form",
    lastResult: answer?.result,
    defaultValue: {
      version: String(lead.version),
      status: lead.status,
      notes: lead.notes,
      ownerId: lead.owner?.id ?? "",
    },
  });
  const customEntries = Object.entries(lead.custom);

  return (
    <article
      aria-labelledby="lead-title"
      className="space-y-4 rounded-card border border-border bg-surface p-4 shadow-card"
    >
      <header className="space-y-1">
        <h3 id="lead-title" className="text-base font-semibold [overflow-wrap:anywhere]">
          {lead.name || lead.email || t("leads.table.anonymous")}
        </h3>
        <p className="text-sm text-text-muted">
          {t("leads.panel.fromBot", { bot: lead.bot.name })}
        </p>
      </header>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {lead.email ? (
          <>
            <dt className="text-text-muted">{t("leads.panel.email")}</dt>
            <dd>
              <a href={`mailto:${lead.email}`} className="text-accent hover:underline">
                <bdi>{lead.email}</bdi>
              </a>
            </dd>
          </>
        ) : null}
        {lead.phone ? (
          <>
            <dt className="text-text-muted">{t("leads.panel.phone")}</dt>
            <dd>
              <a href={`tel:${lead.phone}`} className="text-accent hover:underline">
                <bdi dir="ltr">{lead.phone}</bdi>
              </a>
            </dd>
          </>
        ) : null}
        {customEntries.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-text-muted">
              <bdi>{key}</bdi>
            </dt>
            <dd className="[overflow-wrap:anywhere]">
              {typeof value === "boolean" ? t(value ? "leads.panel.yes" : "leads.panel.no") : value}
            </dd>
          </div>
        ))}
        <dt className="text-text-muted">{t("leads.panel.consent")}</dt>
        <dd>{lead.consentAt ? t("leads.panel.yes") : t("leads.panel.no")}</dd>
      </dl>

      <div className="flex flex-wrap gap-2">
        {lead.conversationId ? (
          <Button variant="secondary" size="sm" asChild>
            <LocalizedLink to={`/x-bot/history?conversation=${lead.conversationId}`}>
              <Icon name="messages-square" />
              {t("leads.panel.transcript")}
            </LocalizedLink>
          </Button>
        ) : null}
        {lead.client ? (
          <Button variant="secondary" size="sm" asChild>
            <LocalizedLink to={`/clients/${lead.client.id}`}>
              <Icon name="users" />
              {t("leads.panel.openClient", { name: lead.client.name })}
            </LocalizedLink>
          </Button>
        ) : canConvert ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="convert" />
            <input type="hidden" name="leadId" value={lead.id} />
            <Button type="submit" size="sm" disabled={pending}>
              <Icon name="users" />
              {t("leads.panel.convert")}
            </Button>
          </Form>
        ) : null}
      </div>

      {canManage ? (
        <section aria-labelledby="lead-follow-up" className="space-y-3 border-t border-border pt-4">
          <h4 id="lead-follow-up" className="text-sm font-semibold">
            {t("leads.panel.followUp")}
          </h4>
          {answer?.stale ? (
            <StaleVersionAlert
              title={t("leads.panel.stale.title")}
              body={t("leads.panel.stale.body")}
              reloadTo={reloadTo}
              reloadLabel={t("leads.panel.stale.reload")}
            />
          ) : null}
          <FormErrors errors={form.errors} />
          <Form
            method="post"
            {...getFormProps(form)}
            noValidate
            preventScrollReset
            className="space-y-3"
          >
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="leadId" value={lead.id} />
            <input type="hidden" name={fields.version.name} value={String(lead.version)} />
            <SelectInput
              meta={fields.status}
              label={t("leads.panel.status")}
              options={leadStatuses.map((status) => ({
                value: status,
                label: t(`leads.statuses.${status}`),
              }))}
            />
            <SelectInput
              meta={fields.ownerId}
              label={t("leads.panel.owner")}
              options={[{ value: "", label: t("leads.panel.noOwner") }, ...members]}
            />
            <TextareaInput meta={fields.notes} label={t("leads.panel.notes")} rows={4} dir="auto" />
            <Button type="submit" disabled={pending}>
              {t("leads.panel.save")}
            </Button>
          </Form>
          <div className="border-t border-border pt-3">
            <ConfirmDialog
              intent="delete"
              fields={{ leadId: lead.id }}
              asking={asking}
              title={t("leads.panel.confirmDelete.title")}
              description={t("leads.panel.confirmDelete.body")}
              confirmLabel={t("leads.panel.confirmDelete.confirm")}
              cancelLabel={t("leads.panel.confirmDelete.cancel")}
              trigger={
                <Button type="submit" size="sm" variant="ghost">
                  <Icon name="trash-2" />
                  {t("leads.panel.delete")}
                </Button>
              }
            />
          </div>
        </section>
      ) : (
        <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">{lead.notes}</p>
      )}
    </article>
  );
}
