import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  DisclosureMenu,
  MenuItemButton,
  MenuItemLink,
  MenuSeparator,
  usePopoverDetails,
} from "~/components/ui/disclosure-menu";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/icon-names";
import { Input } from "~/components/ui/input";
import { TextareaField } from "~/components/ui/textarea";
import { maxSystemPrompt, maxThreadTitle, type Thread } from "~/lib/threads";
import { useHydrated } from "~/lib/use-hydrated";
import { useIsPending } from "~/lib/use-is-pending";
import { useDisclosure } from "./use-disclosure";

export type HeaderAnswer = {
  intent: string;
  fields?: Record<string, string>;
  error?: string;
  saved?: true;
} | null;

const summaryClass =
  "inline-flex h-8 cursor-pointer list-none items-center gap-1.5 rounded-control border border-border bg-surface px-3 text-sm font-medium text-text shadow-card hover:bg-surface-muted [&::-webkit-details-marker]:hidden";

/** A menu item that posts its intent to the page's action. */
function IntentItem({ intent, icon, label }: { intent: string; icon: IconName; label: string }) {
  const pending = useIsPending({ intent });
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <MenuItemButton type="submit" icon={icon} disabled={pending}>
        {label}
      </MenuItemButton>
    </Form>
  );
}

/** `?edit=title`: the rename form open, which is how the menu opens it without JavaScript. */
const renameParam = "edit";

/**
 * The thread's title and, on one row beside it, Share, Settings and a menu of the rest: rename,
 * pin, archive, export and delete.
 */
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
  const hydrated = useHydrated();
  const location = useLocation();
  const canWrite = thread.mine && !thread.deletedAt;
  const fieldError = (name: string) => {
    const code = answer?.fields?.[name];
    return code ? t(`form.errors.${code}`, { defaultValue: t("form.errors.invalid") }) : undefined;
  };
  const renameError = answer?.intent === "rename" ? fieldError("title") : undefined;
  const renameSaved = answer?.intent === "rename" && Boolean(answer.saved);
  const settingsAnswer = answer?.intent === "settings" ? answer : null;
  const [searchParams] = useSearchParams();
  const settingsSaved = searchParams.get("notice") === "thread-settings-saved";
  // Open with a refusal, so that it is seen (a page without JavaScript comes back whole); saved,
  // it closes and says so under the header, out of the conversation's way.
  const settingsDisclosure = useDisclosure(Boolean(settingsAnswer), settingsSaved);
  const settingsRef = useRef<HTMLDetailsElement>(null);
  usePopoverDetails(settingsRef, settingsDisclosure.open);

  // The page's address without the rename form's `?edit=` and a former notice: where the rename
  // form posts, and where Cancel goes.
  const kept = new URLSearchParams(searchParams);
  kept.delete(renameParam);
  kept.delete("notice");
  const plainUrl = `${location.pathname}${kept.size ? `?${kept}` : ""}`;
  kept.set(renameParam, "title");
  const renameUrl = `${location.pathname}?${kept}`;
  const askedRename = searchParams.get(renameParam) === "title";
  const [renaming, setRenaming] = useState(askedRename || Boolean(renameError));
  useEffect(() => {
    if (askedRename || renameError) setRenaming(true);
  }, [askedRename, renameError]);
  useEffect(() => {
    if (renameSaved) setRenaming(false);
  }, [renameSaved]);
  const titleField = useRef<HTMLInputElement>(null);
  const focusTitle = useRef(false);
  useEffect(() => {
    if (!renaming || !focusTitle.current) return;
    focusTitle.current = false;
    titleField.current?.select();
  }, [renaming]);

  const shared = thread.visibility === "organization";
  return (
    <header className="relative border-b border-border pb-3">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-semibold text-text" dir="auto">
            {thread.title || t("untitled")}
          </h1>
          <p className="mt-0.5 flex items-center gap-2 overflow-hidden whitespace-nowrap text-xs text-text-muted">
            {thread.character ? (
              <span className="truncate">
                {t("header.character")} <bdi>{thread.character.name}</bdi>
              </span>
            ) : null}
            <span dir="ltr" className="truncate">
              {thread.model ?? defaultModel ?? ""}
            </span>
            {shared ? (
              <Badge tone="accent">{t("header.shared")}</Badge>
            ) : (
              <Badge>{t("header.private")}</Badge>
            )}
            {thread.archived ? <Badge>{t("header.archived")}</Badge> : null}
            {!thread.mine ? (
              <span className="truncate">{t("header.by", { name: thread.author.name })}</span>
            ) : null}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {canWrite ? (
            <>
              <ShareButton shared={shared} />
              <details ref={settingsRef} className="group" {...settingsDisclosure}>
                <summary className={summaryClass}>
                  <Icon name="settings" />
                  <span className="max-sm:sr-only">{t("settings.title")}</span>
                </summary>
                <div className="absolute end-0 top-full z-30 mt-2 w-full max-w-xl rounded-card border border-border bg-surface p-4 shadow-popover">
                  <Form method="post" preventScrollReset className="grid gap-3">
                    <input type="hidden" name="intent" value="settings" />
                    <FormAlert>{settingsAnswer?.error ? t("form.errors.invalid") : null}</FormAlert>
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
                        <label
                          htmlFor="thread-temperature"
                          className="mb-1 block text-sm font-medium"
                        >
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
                </div>
              </details>
            </>
          ) : null}
          <DisclosureMenu label={t("header.more")} labelClassName="max-sm:sr-only">
            {canWrite ? (
              <>
                <MenuItemLink
                  href={renameUrl}
                  icon="pencil"
                  onClick={(event) => {
                    if (!hydrated) return;
                    event.preventDefault();
                    focusTitle.current = true;
                    setRenaming(true);
                    if (renaming) titleField.current?.select();
                  }}
                >
                  {t("header.rename")}
                </MenuItemLink>
                <IntentItem
                  intent={thread.pinned ? "unpin" : "pin"}
                  icon={thread.pinned ? "pin-off" : "pin"}
                  label={thread.pinned ? t("header.unpin") : t("header.pin")}
                />
                <IntentItem
                  intent={thread.archived ? "unarchive" : "archive"}
                  icon={thread.archived ? "archive-restore" : "archive"}
                  label={thread.archived ? t("header.unarchive") : t("header.archive")}
                />
                <MenuSeparator />
              </>
            ) : null}
            {(["md", "json"] as const).map((format) => (
              <MenuItemLink
                key={format}
                href={`/threads/${thread.id}/export?format=${format}`}
                download
                icon="download"
              >
                {t(`header.exportAs.${format}`)}
              </MenuItemLink>
            ))}
            {canWrite ? (
              <>
                <MenuSeparator />
                <ConfirmDialog
                  intent="delete"
                  title={t("header.deleteTitle")}
                  description={t("header.deleteBody")}
                  confirmLabel={t("header.deleteConfirm")}
                  cancelLabel={t("header.cancel")}
                  trigger={
                    <MenuItemButton type="submit" icon="trash-2" tone="danger">
                      {t("header.delete")}
                    </MenuItemButton>
                  }
                />
              </>
            ) : null}
          </DisclosureMenu>
        </div>
      </div>

      {canWrite && settingsSaved && !settingsAnswer ? (
        <FormAlert tone="success" className="mt-3">
          {t("settings.saved")}
        </FormAlert>
      ) : null}
      {canWrite && renaming ? (
        <Form
          method="post"
          action={plainUrl}
          preventScrollReset
          className="mt-3 flex max-w-xl items-start gap-2"
        >
          <input type="hidden" name="intent" value="rename" />
          <div className="flex-1">
            <label htmlFor="thread-title" className="sr-only">
              {t("header.titleLabel")}
            </label>
            <Input
              ref={titleField}
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
          <Button asChild variant="secondary">
            <Link
              to={plainUrl}
              preventScrollReset
              onClick={(event) => {
                setRenaming(false);
                if (!askedRename) event.preventDefault();
              }}
            >
              {t("header.cancel")}
            </Link>
          </Button>
        </Form>
      ) : null}
      {/* Without JavaScript, Delete comes back as this question in the page. */}
      {canWrite && askingDelete ? (
        <div className="mt-3">
          <ConfirmDialog
            intent="delete"
            asking
            title={t("header.deleteTitle")}
            description={t("header.deleteBody")}
            confirmLabel={t("header.deleteConfirm")}
            cancelLabel={t("header.cancel")}
            trigger={null}
          />
        </div>
      ) : null}
    </header>
  );
}

/** Share with the organization, or make private again: the one toggle kept in view. */
function ShareButton({ shared }: { shared: boolean }) {
  const { t } = useTranslation("threads");
  const intent = shared ? "unshare" : "share";
  const pending = useIsPending({ intent });
  const label = shared ? t("header.unshare") : t("header.share");
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant="secondary" size="sm" disabled={pending}>
        <Icon name={shared ? "lock" : "share-2"} />
        <span className="max-sm:sr-only">{label}</span>
      </Button>
    </Form>
  );
}
