import { Trans, useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { Pagination } from "~/components/ui/pagination";
import { SettingsSection } from "~/components/ui/settings-section";
import type { ApiSchema } from "~/lib/api/client";
import { formatRelativeTime } from "~/lib/relative-time";
import { useLanguage } from "~/lib/use-language";

export type ClientActivityEntry = ApiSchema<"ClientActivity">;

/** The query parameter of the activity's page on the client's page. */
export const activityPageParam = "activity";
export const activityPageSize = 10;

/** Where each kind of subject is opened, and the namespace that names its fields. */
const subjects = {
  client: { path: "/clients", ns: "clients" },
  project: { path: "/projects", ns: "projects" },
  document: { path: "/documents", ns: "documents" },
} as const;

/** The API's field names that the forms label otherwise. */
const fieldLabels: Record<string, string> = {
  ownerId: "owner",
  workspaceId: "workspace",
  clientId: "client",
};

/** A client's activity, newest first, paged by `?activity=`. */
export function ClientActivitySection({
  activity,
  now,
}: {
  activity: { items: ClientActivityEntry[]; total: number; page: number; pageSize: number };
  now: number;
}) {
  const { t } = useTranslation("clients");
  return (
    <SettingsSection id="client-activity" title={t("activity.title")}>
      {activity.items.length === 0 ? (
        <p className="text-sm text-text-muted">{t("activity.empty")}</p>
      ) : (
        <ol className="divide-y divide-border">
          {activity.items.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} now={now} />
          ))}
        </ol>
      )}
      <Pagination
        page={activity.page}
        pageSize={activity.pageSize}
        total={activity.total}
        label={t("activity.pages")}
        param={activityPageParam}
        hash="#client-activity"
        className="mt-4"
      />
    </SettingsSection>
  );
}

function ActivityItem({ entry, now }: { entry: ClientActivityEntry; now: number }) {
  const { t } = useTranslation("clients");
  const language = useLanguage();
  const subject = subjects[entry.subject.type];
  const fields = new Intl.ListFormat(language, { type: "conjunction" }).format(
    entry.fields.map((field) =>
      t(`${subject.ns}:fields.${fieldLabels[field] ?? field}`, { defaultValue: field }),
    ),
  );
  const link =
    entry.subject.type === "client" ? (
      <bdi />
    ) : (
      <LocalizedLink
        to={`${subject.path}/${entry.subject.id}`}
        className="font-medium text-accent hover:underline"
      />
    );
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
      <p className="text-sm [overflow-wrap:anywhere]">
        <Trans
          t={t}
          i18nKey={`activity.${entry.subject.type}.${entry.action}`}
          values={{
            actor: entry.actor?.name || t("activity.someone"),
            name: entry.subject.name || t("documents:untitled"),
            fields,
          }}
          components={{ actor: <bdi className="font-medium" />, subject: link }}
          tOptions={{ interpolation: { escapeValue: true } }}
          shouldUnescape
        />
      </p>
      <time dateTime={entry.createdAt} className="shrink-0 text-xs text-text-muted">
        {formatRelativeTime(entry.createdAt, now, language)}
      </time>
    </li>
  );
}
