import { useTranslation } from "react-i18next";
import { Form, useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/icon-names";
import { Input } from "~/components/ui/input";
import { TextareaField } from "~/components/ui/textarea";
import { maxSystemPrompt, maxThreadTitle, type Thread } from "~/lib/threads";
import { useIsPending } from "~/lib/use-is-pending";
import { useDisclosure } from "./use-disclosure";

export type HeaderAnswer = {
  intent: string;
  fields?: Record<string, string>;
  error?: string;
  saved?: true;
} | null;

const summaryClass =
  "inline-flex h-8 cursor-pointer list-none items-center gap-1.5 rounded-control border border-border bg-surface px-3 text-sm font-medium text-text shadow-card hover:bg-surface-muted";

function IntentButton({ intent, icon, label }: { intent: string; icon: IconName; label: string }) {
  const pending = useIsPending({ intent });
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant="secondary" size="sm" disabled={pending}>
        <Icon name={icon} />
        {label}
      </Button>
    </Form>
  );
}

/** The thread's title and what its author can do with it: rename, pin, archive, share, settings. */
export function ThreadHeader({
  thread,
  answer,
  defaultModel,
  models,
  askingDelete,
}: {
  thread: Thread;
  answer: HeaderAnswer;
  /** The organization's chat model, which a thread without its own uses. */
  defaultModel: string | null;
  /** The models to suggest: the deployment's list, or what the organization's provider lists. */
  models: string[];
  askingDelete: boolean;
}) {
  const { t } = useTranslation("threads");
  const canWrite = thread.mine && !thread.deletedAt;
  const fieldError = (name: string) => {
    const code = answer?.fields?.[name];
    return code ? t(`form.errors.${code}`, { defaultValue: t("form.errors.invalid") }) : undefined;
  };
  const renameError = answer?.intent === "rename" ? fieldError("title") : undefined;
  const settingsAnswer = answer?.intent === "settings" ? answer : null;
  const [searchParams] = useSearchParams();
  const settingsSaved = searchParams.get("notice") === "thread-settings-saved";
  const renameDisclosure = useDisclosure(
    Boolean(renameError),
    answer?.intent === "rename" && Boolean(answer.saved),
  );
  // Open with its answer, saved or not, so that the answer is seen (a page without JavaScript
  // comes back whole).
  const settingsDisclosure = useDisclosure(Boolean(settingsAnswer) || settingsSaved);

  return (
    <header className="space-y-3 border-b border-border pb-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-text [overflow-wrap:anywhere]" dir="auto">
            {thread.title || t("untitled")}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-text-muted">
            {thread.character ? (
              <span>
                {t("header.character")} <bdi>{thread.character.name}</bdi>
              </span>
            ) : null}
            <span dir="ltr">{thread.model ?? defaultModel ?? ""}</span>
            {thread.visibility === "organization" ? (
              <Badge tone="accent">{t("header.shared")}</Badge>
            ) : (
              <Badge>{t("header.private")}</Badge>
            )}
            {thread.archived ? <Badge>{t("header.archived")}</Badge> : null}
            {!thread.mine ? <span>{t("header.by", { name: thread.author.name })}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <details className="relative">
            <summary className={summaryClass}>
              <Icon name="download" />
              {t("header.export")}
            </summary>
            <ul className="absolute end-0 z-10 mt-1 w-44 rounded-card border border-border bg-surface p-1 text-sm shadow-popover">
              {(["md", "json"] as const).map((format) => (
                <li key={format}>
                  <a
                    href={`/threads/${thread.id}/export?format=${format}`}
                    download
                    className="block rounded-control px-2 py-1.5 hover:bg-surface-muted"
                  >
                    {t(`header.exportAs.${format}`)}
                  </a>
                </li>
              ))}
            </ul>
          </details>
          {canWrite ? (
            <>
              <IntentButton
                intent={thread.pinned ? "unpin" : "pin"}
                icon={thread.pinned ? "pin-off" : "pin"}
                label={thread.pinned ? t("header.unpin") : t("header.pin")}
              />
              <IntentButton
                intent={thread.archived ? "unarchive" : "archive"}
                icon={thread.archived ? "archive-restore" : "archive"}
                label={thread.archived ? t("header.unarchive") : t("header.archive")}
              />
              <IntentButton
                intent={thread.visibility === "organization" ? "unshare" : "share"}
                icon={thread.visibility === "organization" ? "lock" : "share-2"}
                label={
                  thread.visibility === "organization" ? t("header.unshare") : t("header.share")
                }
              />
              <ConfirmDialog
                intent="delete"
                asking={askingDelete}
                title={t("header.deleteTitle")}
                description={t("header.deleteBody")}
                confirmLabel={t("header.deleteConfirm")}
                cancelLabel={t("header.cancel")}
                trigger={
                  <Button type="submit" variant="secondary" size="sm">
                    <Icon name="trash-2" />
                    {t("header.delete")}
                  </Button>
                }
              />
            </>
          ) : null}
        </div>
      </div>

      {canWrite ? (
        <div className="flex flex-wrap gap-2">
          <details className="min-w-0 [&[open]]:basis-full" {...renameDisclosure}>
            <summary className={summaryClass}>
              <Icon name="pencil" />
              {t("header.rename")}
            </summary>
            <Form method="post" preventScrollReset className="mt-2 flex max-w-xl items-start gap-2">
              <input type="hidden" name="intent" value="rename" />
              <div className="flex-1">
                <label htmlFor="thread-title" className="sr-only">
                  {t("header.titleLabel")}
                </label>
                <Input
                  id="thread-title"
                  name="title"
                  required
                  maxLength={maxThreadTitle}
                  defaultValue={thread.title}
                  dir="auto"
                  aria-invalid={renameError ? true : undefined}
                  aria-describedby={renameError ? "thread-title-error" : undefined}
                />
                {renameError ? (
                  <p id="thread-title-error" className="mt-1 text-sm text-danger">
                    {renameError}
                  </p>
                ) : null}
              </div>
              <Button type="submit">{t("header.save")}</Button>
            </Form>
          </details>
          <details className="min-w-0 [&[open]]:basis-full" {...settingsDisclosure}>
            <summary className={summaryClass}>
              <Icon name="settings" />
              {t("settings.title")}
            </summary>
            <Form method="post" preventScrollReset className="mt-3 grid max-w-xl gap-3">
              <input type="hidden" name="intent" value="settings" />
              <FormAlert>{settingsAnswer?.error ? t("form.errors.invalid") : null}</FormAlert>
              <FormAlert tone="success">
                {settingsSaved && !settingsAnswer ? t("settings.saved") : null}
              </FormAlert>
              <div className="grid gap-3 sm:grid-cols-2">
                <div>
                  <label htmlFor="thread-model" className="mb-1 block text-sm font-medium">
                    {t("settings.model")}
                  </label>
                  <Input
                    id="thread-model"
                    name="model"
                    maxLength={200}
                    dir="ltr"
                    defaultValue={thread.model ?? ""}
                    placeholder={defaultModel ?? ""}
                    list={models.length ? "thread-models" : undefined}
                    aria-describedby="thread-model-hint"
                    aria-invalid={fieldError("model") ? true : undefined}
                  />
                  {models.length ? (
                    <datalist id="thread-models">
                      {models.map((model) => (
                        <option key={model} value={model} />
                      ))}
                    </datalist>
                  ) : null}
                  <p id="thread-model-hint" className="mt-1 text-xs text-text-muted">
                    {fieldError("model") ??
                      (defaultModel
                        ? t("settings.modelHint", { model: defaultModel })
                        : t("settings.modelHintNone"))}
                  </p>
                </div>
                <div>
                  <label htmlFor="thread-temperature" className="mb-1 block text-sm font-medium">
                    {t("settings.temperature")}
                  </label>
                  <Input
                    id="thread-temperature"
                    name="temperature"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={2}
                    step={0.1}
                    defaultValue={thread.temperature ?? ""}
                    aria-describedby="thread-temperature-hint"
                    aria-invalid={fieldError("temperature") ? true : undefined}
                  />
                  <p id="thread-temperature-hint" className="mt-1 text-xs text-text-muted">
                    {fieldError("temperature") ?? t("settings.temperatureHint")}
                  </p>
                </div>
              </div>
              <TextareaField
                id="thread-system-prompt"
                name="systemPrompt"
                label={t("settings.systemPrompt")}
                hint={t("settings.systemPromptHint")}
                error={fieldError("systemPrompt")}
                rows={4}
                maxLength={maxSystemPrompt}
                defaultValue={thread.systemPrompt}
                dir="auto"
              />
              <div>
                <Button type="submit">{t("settings.save")}</Button>
              </div>
            </Form>
          </details>
        </div>
      ) : null}
    </header>
  );
}
