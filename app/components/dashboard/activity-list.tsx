import { Trans, useTranslation } from "react-i18next";
import { type DashboardActivity, subjectPath } from "~/lib/dashboard";
import { formatRelativeTime } from "~/lib/relative-time";
import { useLanguage } from "~/lib/use-language";
import { LocalizedLink } from "../localized-link";
import { Card } from "../ui/card";
import { Icon } from "../ui/icon";

/**
 * The organization's latest changes, newest first, each linking to what changed while it can be
 * opened. The signed-in layout's live connection reloads the page's data when one happens.
 */
export function ActivityList({ items, now }: { items: DashboardActivity[]; now: number }) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  return (
    <Card as="section" aria-labelledby="activity-title" className="p-5">
      <h2 id="activity-title" className="text-base font-semibold text-text">
        {t("activity.title")}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-text-muted">{t("activity.empty")}</p>
      ) : (
        <ol className="mt-3 divide-y divide-border" aria-live="polite">
          {items.map((item) => {
            const verb = item.type.slice(item.type.lastIndexOf(".") + 1);
            const path = subjectPath(item.subject);
            const title =
              item.subject.title === null
                ? t("activity.untitled")
                : item.subject.title.trim() || t("activity.noTitle");
            const subject = path ? (
              <LocalizedLink
                to={path}
                dir="auto"
                className="font-medium text-accent hover:underline"
              />
            ) : (
              <bdi className="text-text-muted" />
            );
            return (
              <li key={item.id} className="flex items-start gap-3 py-2.5 text-sm">
                <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-surface-muted text-text-muted">
                  <Icon
                    name={
                      verb === "deleted" ? "trash-2" : verb === "restored" ? "rotate-ccw" : "plus"
                    }
                    className="size-3.5"
                  />
                </span>
                <p className="min-w-0 flex-1 text-text">
                  <Trans
                    t={t}
                    i18nKey={`activity.verbs.${verb}`}
                    defaults={`${item.type} <subject>{{title}}</subject>`}
                    values={{
                      actor: item.actorName || t("activity.someone"),
                      kind: t(`activity.kinds.${item.subject.kind}`, {
                        defaultValue: item.subject.kind,
                      }),
                      title,
                    }}
                    components={{ subject }}
                    tOptions={{ interpolation: { escapeValue: true } }}
                    shouldUnescape
                  />
                </p>
                <time dateTime={item.at} className="shrink-0 text-xs text-text-muted">
                  {formatRelativeTime(item.at, now, language)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
