import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { LocalizedLink } from "~/components/localized-link";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { Document } from "~/lib/documents";

type Mine = { title: string; content: string | null; markdown: string | null };

/**
 * A save refused because someone else saved first: both texts side by side, and the three ways
 * on: keep mine as a new document, save mine over theirs (theirs stays in the history), or take
 * theirs. Without JavaScript each is a form of its own.
 */
export function ConflictPanel({
  conflict,
  mine,
  hydrated,
  onOverwrite,
  onUseTheirs,
}: {
  conflict: { current: Document };
  mine: Mine;
  hydrated: boolean;
  onOverwrite: () => void;
  onUseTheirs: () => void;
}) {
  const { t } = useTranslation("documents");
  const theirs = conflict.current;
  const mineFields = (title: string) => (
    <>
      <input type="hidden" name="title" value={title} />
      {mine.content !== null ? <input type="hidden" name="content" value={mine.content} /> : null}
      {mine.markdown !== null ? (
        <input type="hidden" name="markdown" value={mine.markdown} />
      ) : null}
      <input type="hidden" name="clientId" value={theirs.client?.id ?? ""} />
      <input type="hidden" name="projectId" value={theirs.project?.id ?? ""} />
    </>
  );

  return (
    <section
      role="alert"
      aria-labelledby="conflict-title"
      className="space-y-4 rounded-card border border-danger bg-danger-soft p-4"
    >
      <div>
        <h2 id="conflict-title" className="font-semibold text-text">
          {t("conflict.title")}
        </h2>
        <p className="text-sm text-text">{t("conflict.body")}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <figure className="min-w-0 space-y-2">
          <figcaption className="text-sm font-medium">
            {theirs.updatedBy
              ? t("conflict.theirs", { name: theirs.updatedBy.name })
              : t("conflict.theirsUnknown")}
          </figcaption>
          <div className="max-h-80 overflow-auto rounded-control border border-border bg-surface p-3">
            <p dir="auto" className="mb-2 font-semibold">
              {theirs.title}
            </p>
            <div
              className="document-content text-sm"
              // The API keeps only the editor's tags and attributes (sanitised on every save).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API
              dangerouslySetInnerHTML={{ __html: theirs.content }}
            />
          </div>
        </figure>
        <figure className="min-w-0 space-y-2">
          <figcaption className="text-sm font-medium">{t("conflict.mine")}</figcaption>
          <div className="max-h-80 overflow-auto rounded-control border border-border bg-surface p-3">
            <p dir="auto" className="mb-2 font-semibold">
              {mine.title}
            </p>
            {mine.markdown !== null ? (
              <pre dir="auto" className="whitespace-pre-wrap font-mono text-sm">
                {mine.markdown}
              </pre>
            ) : (
              <div
                className="document-content text-sm"
                // The editor's own HTML, which the API sanitises when it is saved.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the writer's own text
                dangerouslySetInnerHTML={{ __html: mine.content ?? "" }}
              />
            )}
          </div>
        </figure>
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <Form method="post" encType="multipart/form-data" reloadDocument={!hydrated}>
          <input type="hidden" name="intent" value="copy" />
          {mineFields(t("copyTitle", { title: mine.title }))}
          <Button type="submit">
            <Icon name="copy" />
            {t("conflict.keepCopy")}
          </Button>
          <p className="mt-1 max-w-60 text-xs text-text-muted">{t("conflict.keepCopyHint")}</p>
        </Form>
        {hydrated ? (
          <div>
            <Button type="button" variant="secondary" onClick={onOverwrite}>
              {t("conflict.overwrite")}
            </Button>
            <p className="mt-1 max-w-60 text-xs text-text-muted">{t("conflict.overwriteHint")}</p>
          </div>
        ) : (
          <Form method="post" encType="multipart/form-data">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="version" value={theirs.version} />
            {mineFields(mine.title)}
            <Button type="submit" variant="secondary">
              {t("conflict.overwrite")}
            </Button>
            <p className="mt-1 max-w-60 text-xs text-text-muted">{t("conflict.overwriteHint")}</p>
          </Form>
        )}
        {hydrated ? (
          <Button type="button" variant="ghost" onClick={onUseTheirs}>
            {t("conflict.useTheirs")}
          </Button>
        ) : (
          <Button variant="ghost" asChild>
            <LocalizedLink to={`/documents/${theirs.id}`} reloadDocument>
              {t("conflict.useTheirs")}
            </LocalizedLink>
          </Button>
        )}
      </div>
    </section>
  );
}
