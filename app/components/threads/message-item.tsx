import { type FormEvent, memo, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { LocalizedLink } from "~/components/localized-link";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { clientInitials } from "~/lib/clients";
import {
  answerErrorKey,
  maxFeedbackNote,
  maxMessageContent,
  type ThreadMessage,
} from "~/lib/threads";
import { useHydrated } from "~/lib/use-hydrated";
import { useIsPending } from "~/lib/use-is-pending";
import { Markdown } from "./markdown";

export type ShownMessage = ThreadMessage & {
  /** Written in this tab and not yet read back from the server: no actions yet. */
  pending?: boolean;
};

type Props = {
  message: ShownMessage;
  /** Who answers: the thread's character, or the assistant. */
  assistantName: string;
  /** The character's picture beside its answers; null for the assistant. */
  assistantAvatarUrl: string | null | undefined;
  /** The reader wrote the thread and may write in it. */
  canWrite: boolean;
  /** An answer is being written: nothing else may start. */
  busy: boolean;
  /** May be written again (the branch's last answer, or any answer of the reader's thread). */
  canRegenerate: boolean;
  canSendToDocument: boolean;
  /** "Send to the audio creator": the creator's address with this message, when allowed. */
  audioCreatorTo: string | null;
  /**
   * The message is a character's greeting (an answer no question came before): whether its next
   * greeting can be shown in its place, and why the last try could not.
   */
  greeting: { canCycle: boolean; error: string | null } | null;
  onRegenerate: (message: ShownMessage) => void;
  onEdit: (message: ShownMessage, content: string) => void;
};

const iconButton = "size-8 px-0";

/**
 * One message of the conversation, with what can be done with it. Memoised: while an answer
 * streams, only that answer renders again, not every message's Markdown.
 */
export const MessageItem = memo(function MessageItem({
  message,
  assistantName,
  assistantAvatarUrl,
  canWrite,
  busy,
  canRegenerate,
  canSendToDocument,
  audioCreatorTo,
  greeting,
  onRegenerate,
  onEdit,
}: Props) {
  const { t } = useTranslation("threads");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const mine = message.role === "user";
  const labelId = `message-${message.id}-author`;
  const streaming = message.status === "streaming";

  const copy = async () => {
    await navigator.clipboard.writeText(message.content);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  const submitWith = (run: () => void) => (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    run();
  };

  return (
    <li>
      <article
        aria-labelledby={labelId}
        aria-busy={streaming || undefined}
        className={cx(
          "group rounded-card px-4 py-3",
          mine ? "ms-12 bg-accent-soft" : "me-4 border border-border bg-surface shadow-card",
        )}
      >
        <header className="mb-1 flex flex-wrap items-center gap-2 text-xs text-text-muted">
          {!mine && assistantAvatarUrl !== undefined ? (
            <Avatar
              src={assistantAvatarUrl}
              fallback={clientInitials(assistantName) || "?"}
              className="size-6 text-[0.625rem]"
            />
          ) : null}
          <span id={labelId} className="font-semibold text-text">
            {mine ? t("message.you") : <bdi>{assistantName}</bdi>}
          </span>
          {message.status === "stopped" ? (
            <Badge tone="neutral">{t("message.stopped")}</Badge>
          ) : null}
          {streaming ? (
            <span className="inline-flex items-center gap-1" role="status">
              <Icon name="loader-circle" className="size-3.5 animate-spin" />
              {t("message.writing")}
            </span>
          ) : null}
          {!mine && message.model ? <span dir="ltr">{message.model}</span> : null}
        </header>

        {mine ? (
          <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]" dir="auto">
            {message.content}
          </p>
        ) : message.content ? (
          <Markdown>{message.content}</Markdown>
        ) : streaming ? (
          <p className="text-sm text-text-muted">{t("message.waiting")}</p>
        ) : null}

        {message.status === "failed" ? (
          <FailedAnswer
            error={message.error}
            retry={
              canWrite && !greeting && canRegenerate && !message.pending ? (
                <Form
                  method="post"
                  preventScrollReset
                  onSubmit={submitWith(() => onRegenerate(message))}
                >
                  <input type="hidden" name="intent" value="regenerate" />
                  <input type="hidden" name="messageId" value={message.id} />
                  <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                    <Icon name="refresh-cw" />
                    {t("message.retry")}
                  </Button>
                </Form>
              ) : null
            }
          />
        ) : null}
        {greeting?.error ? <FormAlert className="mt-2">{greeting.error}</FormAlert> : null}
        {message.contextOmitted > 0 ? (
          <p className="mt-2 flex items-center gap-1 text-xs text-text-muted">
            <Icon name="info" className="size-3.5" />
            {t("message.contextOmitted", { count: message.contextOmitted })}
          </p>
        ) : null}

        {message.contextAttachments
          .filter((attachment) => attachment.included < attachment.total)
          .map((attachment) => (
            <p
              key={attachment.attachmentId}
              className="mt-1 flex items-center gap-1 text-xs text-text-muted"
            >
              <Icon name="paperclip" className="size-3.5" />
              {attachment.included === 0
                ? t("message.attachmentLeftOut", { name: attachment.name })
                : t("message.attachmentCut", {
                    name: attachment.name,
                    percent: Math.floor((attachment.included / attachment.total) * 100),
                  })}
            </p>
          ))}

        {message.pending || streaming ? null : (
          <footer className="mt-2 flex flex-wrap items-center gap-1 text-text-muted">
            {message.variants.count > 1 ? (
              <VariantSwitcher message={message} disabled={busy || !canWrite} />
            ) : null}
            {hydrated && message.content ? (
              <Button
                variant="ghost"
                size="sm"
                className={iconButton}
                onClick={copy}
                aria-label={copied ? t("message.copied") : t("message.copy")}
                title={copied ? t("message.copied") : t("message.copy")}
              >
                <Icon name={copied ? "check" : "copy"} />
              </Button>
            ) : null}
            {canWrite && mine ? (
              <EditQuestion message={message} busy={busy} onSubmit={submitWith} onEdit={onEdit} />
            ) : null}
            {canWrite && greeting?.canCycle ? (
              <NextGreeting messageId={message.id} busy={busy} />
            ) : null}
            {canWrite && !mine && !greeting && canRegenerate && message.status !== "failed" ? (
              <Form
                method="post"
                preventScrollReset
                onSubmit={submitWith(() => onRegenerate(message))}
              >
                <input type="hidden" name="intent" value="regenerate" />
                <input type="hidden" name="messageId" value={message.id} />
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  aria-label={t("message.regenerate")}
                  title={t("message.regenerate")}
                  className={iconButton}
                >
                  <Icon name="refresh-cw" />
                </Button>
              </Form>
            ) : null}
            {canWrite && !mine && !greeting && message.status !== "failed" ? (
              <Feedback message={message} />
            ) : null}
            {canSendToDocument && message.content ? (
              <Form method="post">
                <input type="hidden" name="intent" value="to-document" />
                <input type="hidden" name="messageId" value={message.id} />
                <Button type="submit" variant="ghost" size="sm" title={t("message.toDocumentHint")}>
                  <Icon name="file-text" />
                  {t("message.toDocument")}
                </Button>
              </Form>
            ) : null}
            {audioCreatorTo && message.content && message.status !== "streaming" ? (
              <Button asChild variant="ghost" size="sm" title={t("message.toAudioHint")}>
                <LocalizedLink to={audioCreatorTo}>
                  <Icon name="audio-lines" />
                  {t("message.toAudio")}
                </LocalizedLink>
              </Button>
            ) : null}
          </footer>
        )}
      </article>
    </li>
  );
});

/** ‹ 2 / 3 ›: the versions of a question (its edits) or of an answer (written again). */
function VariantSwitcher({ message, disabled }: { message: ShownMessage; disabled: boolean }) {
  const { t } = useTranslation("threads");
  const { index, count, ids } = message.variants;
  const step = (to: number | undefined, label: string, icon: "chevron-left" | "chevron-right") => (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="variant" />
      <input type="hidden" name="messageId" value={to ?? ""} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        className={iconButton}
        disabled={disabled || to === undefined}
        aria-label={label}
        title={label}
      >
        <Icon name={icon} />
      </Button>
    </Form>
  );
  return (
    <fieldset className="m-0 flex items-center border-0 p-0">
      <legend className="sr-only">{t("message.versions")}</legend>
      {step(ids[index - 1], t("message.previousVersion"), "chevron-left")}
      <span className="px-1 text-xs tabular-nums">
        {t("message.versionOf", { index: index + 1, count })}
      </span>
      {step(ids[index + 1], t("message.nextVersion"), "chevron-right")}
    </fieldset>
  );
}

/**
 * What failed on an answer: that it could not be written, why in the page's language, the
 * provider's own words beside it, and a labelled Retry.
 */
function FailedAnswer({ error, retry }: { error: ShownMessage["error"]; retry: ReactNode }) {
  const { t } = useTranslation("threads");
  const reason = t(answerErrorKey(error?.code));
  const words = error?.message?.trim() ?? "";
  return (
    <FormAlert className="mt-2">
      <p className="font-medium">{t("message.failed")}</p>
      <p>{reason}</p>
      {words && words !== reason ? (
        <p className="text-xs [overflow-wrap:anywhere]">
          {t("message.providerSaid")} <bdi dir="auto">{words}</bdi>
        </p>
      ) : null}
      {retry ? <div className="pt-1">{retry}</div> : null}
    </FormAlert>
  );
}

/** A character's next greeting in place of this one: its greetings are versions of each other. */
function NextGreeting({ messageId, busy }: { messageId: number; busy: boolean }) {
  const { t } = useTranslation("threads");
  const pending = useIsPending({ intent: "next-greeting" });
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="next-greeting" />
      <input type="hidden" name="messageId" value={messageId} />
      <Button type="submit" variant="ghost" size="sm" disabled={busy || pending}>
        <Icon name="refresh-cw" />
        {t("message.nextGreeting")}
      </Button>
    </Form>
  );
}

/** Edits a question: the edit is a new branch from the same point, the old one kept as a version. */
function EditQuestion({
  message,
  busy,
  onSubmit,
  onEdit,
}: {
  message: ShownMessage;
  busy: boolean;
  onSubmit: (run: () => void) => (event: FormEvent<HTMLFormElement>) => void;
  onEdit: (message: ShownMessage, content: string) => void;
}) {
  const { t } = useTranslation("threads");
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState(message.content);
  const fieldId = `edit-${message.id}`;
  return (
    <details
      className="group/edit [&[open]]:basis-full"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary
        className="inline-flex h-8 cursor-pointer list-none items-center gap-1.5 rounded-control px-2 text-sm hover:bg-surface-muted"
        aria-label={t("message.edit")}
        title={t("message.edit")}
      >
        <Icon name="pencil" />
      </summary>
      <Form
        method="post"
        preventScrollReset
        className="mt-2 space-y-2"
        onSubmit={onSubmit(() => {
          setOpen(false);
          onEdit(message, content);
        })}
      >
        <input type="hidden" name="intent" value="ask" />
        <input type="hidden" name="parentId" value={message.parentId ?? ""} />
        <label htmlFor={fieldId} className="sr-only">
          {t("message.editLabel")}
        </label>
        <textarea
          id={fieldId}
          name="content"
          rows={3}
          required
          maxLength={maxMessageContent}
          dir="auto"
          value={content}
          onChange={(event) => setContent(event.target.value)}
          className="block w-full rounded-control border border-border bg-surface px-3 py-2 text-sm text-text"
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={busy || content.trim() === ""}>
            {t("message.editSend")}
          </Button>
        </div>
      </Form>
    </details>
  );
}

/** Thumbs up or down on an answer, and a note that says why. */
function Feedback({ message }: { message: ShownMessage }) {
  const { t } = useTranslation("threads");
  const rating = message.feedback?.rating ?? null;
  const note = message.feedback?.note ?? "";
  const rate = (value: "up" | "down") => (
    <Button
      type="submit"
      name="rating"
      value={rating === value ? "" : value}
      variant="ghost"
      size="sm"
      className={cx(iconButton, rating === value && "text-accent")}
      aria-pressed={rating === value}
      aria-label={value === "up" ? t("message.good") : t("message.bad")}
      title={value === "up" ? t("message.good") : t("message.bad")}
    >
      <Icon name={value === "up" ? "thumbs-up" : "thumbs-down"} />
    </Button>
  );
  return (
    <>
      <Form method="post" preventScrollReset className="flex">
        <input type="hidden" name="intent" value="feedback" />
        <input type="hidden" name="messageId" value={message.id} />
        <input type="hidden" name="note" value={note} />
        {rate("up")}
        {rate("down")}
      </Form>
      {rating ? (
        <details className="[&[open]]:basis-full">
          <summary className="inline-flex h-8 cursor-pointer list-none items-center rounded-control px-2 text-xs hover:bg-surface-muted">
            {note ? t("message.editNote") : t("message.addNote")}
          </summary>
          <Form method="post" preventScrollReset className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="feedback" />
            <input type="hidden" name="messageId" value={message.id} />
            <input type="hidden" name="rating" value={rating} />
            <label htmlFor={`note-${message.id}`} className="text-xs font-medium text-text">
              {t("message.noteLabel")}
            </label>
            <textarea
              id={`note-${message.id}`}
              name="note"
              rows={2}
              maxLength={maxFeedbackNote}
              defaultValue={note}
              dir="auto"
              className="block w-full rounded-control border border-border bg-surface px-3 py-2 text-sm text-text"
            />
            <Button type="submit" size="sm" variant="secondary">
              {t("message.saveNote")}
            </Button>
          </Form>
        </details>
      ) : null}
    </>
  );
}
