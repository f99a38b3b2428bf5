import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { LocalizedLink } from "~/components/localized-link";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import type { ApiSchema } from "~/lib/api/client";
import { changeLines, type DocumentVersionSummary, type VersionChange } from "~/lib/documents";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";

type VersionPage = {
  items: DocumentVersionSummary[];
  total: number;
  page: number;
  pageSize: number;
};

function useWhen() {
  const language = useLanguage();
  return (date: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date(date),
    );
}

/** The versions kept of a document, newest first, with a way to save one now. */
export function VersionsPanel({
  documentId,
  versions,
  comparing,
  canSave,
}: {
  documentId: string;
  versions: VersionPage;
  comparing?: string;
  canSave: boolean;
}) {
  const { t } = useTranslation("documents");
  const when = useWhen();
  const saving = useIsPending({ intent: "save-version" });
  return (
    <aside
      aria-labelledby="versions-title"
      className="h-fit space-y-4 rounded-card border border-border bg-surface p-4 shadow-card"
    >
      <div>
        <h2 id="versions-title" className="font-semibold">
          {t("versions.title")}
        </h2>
        <p className="mt-1 text-xs text-text-muted">{t("versions.description")}</p>
      </div>
      {canSave ? (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="save-version" />
          <label htmlFor="version-name" className="text-sm font-medium">
            {t("versions.saveTitle")}
          </label>
          <div className="flex gap-2">
            <Input
              id="version-name"
              name="name"
              dir="auto"
              maxLength={100}
              placeholder={t("versions.namePlaceholder")}
              aria-describedby="version-name-hint"
            />
            <Button type="submit" variant="secondary" disabled={saving}>
              {t("versions.save")}
            </Button>
          </div>
          <span id="version-name-hint" className="sr-only">
            {t("versions.name")}
          </span>
        </Form>
      ) : null}
      {versions.items.length === 0 ? (
        <p className="text-sm text-text-muted">{t("versions.empty")}</p>
      ) : (
        <ol className="space-y-1">
          {versions.items.map((version) => (
            <li key={version.id}>
              <LocalizedLink
                to={`/documents/${documentId}?panel=versions&compare=${version.id}`}
                aria-current={comparing === version.id ? "true" : undefined}
                className={cx(
                  "block rounded-control px-3 py-2 hover:bg-surface-muted",
                  comparing === version.id && "bg-accent-soft",
                )}
              >
                <span className="block text-sm font-medium">{when(version.createdAt)}</span>
                <span dir="auto" className="block text-xs text-text-muted">
                  {version.name || t(`versions.kinds.${version.kind}`)}
                  {version.author ? ` · ${t("versions.by", { name: version.author.name })}` : ""}
                </span>
                <span className="block text-xs text-text-muted">
                  {t("versions.characters", { count: version.characters })}
                </span>
              </LocalizedLink>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={versions.page}
        pageSize={versions.pageSize}
        total={versions.total}
        label={t("versions.pages")}
      />
    </aside>
  );
}

/** What changed from a version to the document now, by word, with Restore. */
export function VersionComparison({
  documentId,
  version,
  canRestore,
  asking,
}: {
  documentId: string;
  version: ApiSchema<"DocumentVersion">;
  canRestore: boolean;
  asking: boolean;
}) {
  const { t } = useTranslation("documents");
  const when = useWhen();
  const changes = version.changes ?? [];
  const same = changes.every((change) => change.change === "same");
  return (
    <section
      aria-labelledby="comparison-title"
      className="space-y-3 rounded-card border border-border bg-surface p-4 shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="comparison-title" className="font-semibold">
            {t("versions.comparing")}
          </h2>
          <p className="text-sm text-text-muted">
            {when(version.createdAt)}
            {version.name ? ` · ${version.name}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canRestore ? (
            <ConfirmDialog
              intent="restore-version"
              fields={{ versionId: version.id }}
              asking={asking}
              tone="primary"
              title={t("versions.restoreTitle", { time: when(version.createdAt) })}
              description={t("versions.restoreDescription")}
              confirmLabel={t("versions.restoreConfirm")}
              cancelLabel={t("common:actions.cancel")}
              trigger={
                <Button type="submit" variant="secondary">
                  <Icon name="rotate-ccw" />
                  {t("versions.restore")}
                </Button>
              }
            />
          ) : null}
          <Button asChild variant="ghost">
            <LocalizedLink to={`/documents/${documentId}?panel=versions`}>
              <Icon name="x" />
              {t("versions.stopComparing")}
            </LocalizedLink>
          </Button>
        </div>
      </div>
      <p className="flex gap-4 text-xs text-text-muted">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="rounded-sm bg-success-soft px-1 text-success">
            +
          </span>
          {t("versions.added")}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="rounded-sm bg-danger-soft px-1 text-danger">
            −
          </span>
          {t("versions.removed")}
        </span>
      </p>
      {same ? (
        <p className="text-sm text-text-muted">{t("versions.noChanges")}</p>
      ) : (
        <div className="max-h-[32rem] overflow-auto whitespace-pre-wrap rounded-control border border-border p-3 text-sm leading-relaxed">
          {changeLines(changes).map((line, lineIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
            <p key={lineIndex} dir="auto" className="min-h-[1lh] text-start">
              {line.map((change, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never move
                <ChangePiece key={index} change={change} />
              ))}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}

/** A piece of a line: added, removed, or the same in both. */
function ChangePiece({ change }: { change: VersionChange }) {
  if (change.change === "added") {
    return (
      <ins className="rounded-sm bg-success-soft text-success no-underline">{change.text}</ins>
    );
  }
  if (change.change === "removed") {
    return <del className="rounded-sm bg-danger-soft text-danger">{change.text}</del>;
  }
  return <span>{change.text}</span>;
}
