import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { Choice } from "~/components/form/choice-search";
import { SearchableSelectField } from "~/components/form/choice-search";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { attachmentAccept, type Thread } from "~/lib/threads";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { useDisclosure } from "./use-disclosure";

export type ContextAnswer = { intent: string; error?: string } | null;

/**
 * What the thread's model reads besides the messages: documents of the organization and uploaded
 * files, with their length, and the rule that keeps them within the model's context.
 */
export function ContextPanel({
  thread,
  canWrite,
  documents,
  documentsTotal,
  answer,
}: {
  thread: Thread;
  canWrite: boolean;
  /** The organization's latest documents, for the picker; null without documents.read. */
  documents: Choice[] | null;
  documentsTotal: number;
  answer: ContextAnswer;
}) {
  const { t } = useTranslation("threads");
  const language = useLanguage();
  const attaching = useIsPending({ intent: "attach-file" });
  const number = new Intl.NumberFormat(language);
  const { attachments } = thread;
  const error =
    answer?.error && (answer.intent === "attach-file" || answer.intent === "attach-document")
      ? t(`context.errors.${answer.error}`, { defaultValue: t("context.errors.unknown") })
      : null;

  const disclosure = useDisclosure(Boolean(error));

  return (
    <details className="rounded-card border border-border bg-surface px-4 py-3" {...disclosure}>
      <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-medium text-text">
        <Icon name="paperclip" />
        {t("context.title", { count: attachments.length })}
      </summary>
      <div className="mt-3 space-y-4">
        <p className="text-xs text-text-muted">{t("context.rule")}</p>
        {attachments.length > 0 ? (
          <ul className="divide-y divide-border rounded-control border border-border">
            {attachments.map((attachment) => (
              <li key={attachment.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <Icon name={attachment.kind === "document" ? "file-text" : "paperclip"} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate" dir="auto">
                    {attachment.name}
                  </span>
                  <span className="text-xs text-text-muted">
                    {attachment.available
                      ? t("context.characters", {
                          count: attachment.characters,
                          formatted: number.format(attachment.characters),
                        })
                      : t("context.unavailable")}
                  </span>
                </span>
                {canWrite ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="detach" />
                    <input type="hidden" name="attachmentId" value={attachment.id} />
                    <Button
                      type="submit"
                      variant="ghost"
                      size="sm"
                      aria-label={t("context.remove", { name: attachment.name })}
                      title={t("context.remove", { name: attachment.name })}
                    >
                      <Icon name="x" />
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-text-muted">{t("context.empty")}</p>
        )}

        {canWrite ? (
          <div className="grid gap-4 md:grid-cols-2">
            <FormAlert className="md:col-span-2">{error}</FormAlert>
            {documents ? (
              <Form method="post" preventScrollReset className="space-y-2">
                <input type="hidden" name="intent" value="attach-document" />
                <SearchableSelectField
                  kind="documents"
                  id="attach-document"
                  name="documentId"
                  label={t("context.document")}
                  searchLabel={t("context.documentSearch")}
                  noneLabel={t("context.documentNone")}
                  choices={documents}
                  total={documentsTotal}
                  current={null}
                />
                <Button type="submit" variant="secondary" size="sm">
                  <Icon name="file-text" />
                  {t("context.attachDocument")}
                </Button>
              </Form>
            ) : null}
            <Form
              method="post"
              encType="multipart/form-data"
              preventScrollReset
              className="space-y-2"
            >
              <input type="hidden" name="intent" value="attach-file" />
              <label htmlFor="attach-file" className="block text-sm font-medium text-text">
                {t("context.file")}
              </label>
              <input
                id="attach-file"
                name="file"
                type="file"
                required
                accept={attachmentAccept}
                aria-describedby="attach-file-hint"
                className="block w-full text-sm text-text file:me-3 file:rounded-control file:border file:border-border file:bg-surface-muted file:px-3 file:py-1.5 file:text-sm file:text-text"
              />
              <p id="attach-file-hint" className="text-xs text-text-muted">
                {t("context.fileHint")}
              </p>
              <Button type="submit" variant="secondary" size="sm" disabled={attaching}>
                <Icon name="upload" />
                {attaching ? t("context.uploading") : t("context.attachFile")}
              </Button>
            </Form>
          </div>
        ) : null}
      </div>
    </details>
  );
}
