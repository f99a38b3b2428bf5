import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { SettingsSection } from "~/components/ui/settings-section";
import type { DocumentSummary } from "~/lib/documents";
import { formatRelativeTime } from "~/lib/relative-time";
import { useLanguage } from "~/lib/use-language";

/** A client's or a project's latest documents, with a way to all of them and to a new one. */
export function DocumentsSection({
  documents,
  filter,
  canWrite,
  now,
}: {
  documents: { items: DocumentSummary[]; total: number; totalCapped: boolean };
  /** The list's query for this client or project: `clientId=…` or `projectId=…`. */
  filter: string;
  canWrite: boolean;
  now: number;
}) {
  const { t } = useTranslation("documents");
  const language = useLanguage();
  return (
    <SettingsSection id="documents" title={t("section.title")}>
      <div className="space-y-4">
        {documents.items.length === 0 ? (
          <p className="text-sm text-text-muted">{t("section.empty")}</p>
        ) : (
          <ul className="divide-y divide-border">
            {documents.items.map((document) => (
              <li
                key={document.id}
                className="flex flex-wrap items-baseline justify-between gap-2 py-2"
              >
                <LocalizedLink
                  to={`/documents/${document.id}`}
                  dir="auto"
                  className="text-sm font-medium [overflow-wrap:anywhere] hover:text-accent hover:underline"
                >
                  {document.title || t("untitled")}
                </LocalizedLink>
                <span className="text-xs text-text-muted">
                  {formatRelativeTime(document.updatedAt, now, language)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-3">
          {documents.total > 0 ? (
            <Button asChild variant="secondary" size="sm">
              <LocalizedLink to={`/documents?${filter}`}>
                <Icon name="file-text" />
                {documents.totalCapped
                  ? t("section.allCapped", { count: documents.total })
                  : t("section.all", { count: documents.total })}
              </LocalizedLink>
            </Button>
          ) : null}
          {canWrite ? (
            <Button asChild variant="ghost" size="sm">
              <LocalizedLink to={`/documents/new?${filter}`}>
                <Icon name="plus" />
                {t("section.new")}
              </LocalizedLink>
            </Button>
          ) : null}
        </div>
      </div>
    </SettingsSection>
  );
}
