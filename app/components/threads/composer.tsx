import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/icon";
import { formatBytes } from "~/lib/media-library";
import {
  attachmentAccept,
  maxAttachmentBytes,
  maxMessageContent,
  type Thread,
} from "~/lib/threads";
import { useHydrated } from "~/lib/use-hydrated";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";

type AttachAnswer = { intent: string; error?: string; saved?: true };

/**
 * Files given to the composer (its paperclip, a drop, a paste) go one after the other to the
 * page's `attach-file` form, as the context panel's file does; what the page refuses is said with
 * the file's name.
 */
function useFileUploads() {
  const { t } = useTranslation("threads");
  const uploader = useFetcher<AttachAnswer>();
  const waiting = useRef<File[]>([]);
  const sending = useRef<{ name: string; started: boolean } | null>(null);
  const [uploading, setUploading] = useState<string[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [queued, setQueued] = useState(0);
  const refusal = (name: string, code: string) =>
    t("composer.fileError", {
      // Isolated: a Latin name keeps its punctuation in an Arabic sentence.
      name: `\u2068${name}\u2069`,
      error: t(`context.errors.${code}`, { defaultValue: t("context.errors.unknown") }),
    });

  // One file at a time: the next starts when the last has come back, or when files are added.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs as the uploads move on.
  useEffect(() => {
    const current = sending.current;
    if (current && uploader.state !== "idle") current.started = true;
    if (uploader.state !== "idle") return;
    if (current?.started) {
      sending.current = null;
      const code = uploader.data?.saved ? null : (uploader.data?.error ?? "unknown");
      if (code) setErrors((shown) => [...shown, refusal(current.name, code)]);
    } else if (current) {
      return;
    }
    const next = waiting.current.shift();
    setUploading([...(next ? [next.name] : []), ...waiting.current.map((file) => file.name)]);
    if (!next) return;
    sending.current = { name: next.name, started: false };
    const form = new FormData();
    form.set("intent", "attach-file");
    form.set("file", next, next.name);
    uploader.submit(form, { method: "post", encType: "multipart/form-data" });
  }, [uploader.state, uploader.data, queued]);

  const add = (files: File[]) => {
    const refused: string[] = [];
    for (const file of files) {
      if (file.size > maxAttachmentBytes) refused.push(refusal(file.name, "FILE_TOO_LARGE"));
      else if (file.size === 0) refused.push(refusal(file.name, "NO_TEXT"));
      else waiting.current.push(file);
    }
    setErrors(refused);
    setQueued((count) => count + 1);
  };
  return { add, uploading, errors };
}

/**
 * The question box. Without JavaScript it posts the question and the page comes back with the
 * whole answer; with it, the answer streams in and Stop ends it. Enter sends, Shift+Enter makes a
 * new line.
 */
export function Composer({
  busy,
  disabled,
  error,
  returned,
  attachments,
  onAsk,
  onStop,
}: {
  busy: boolean;
  disabled: boolean;
  /** The last question's refusal, translated. */
  error: string | null;
  /** A question refused before it was sent (never saved): back in the box, to send again. */
  returned: string | null;
  /** The thread's attachments, which the composer shows and adds to; null: nothing to attach to. */
  attachments: Thread["attachments"] | null;
  onAsk: (content: string) => void;
  onStop: () => void;
}) {
  const { t } = useTranslation("threads");
  const hydrated = useHydrated();
  const sending = useIsPending({ intent: "ask" });
  const [content, setContent] = useState(returned ?? "");
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const language = useLanguage();
  const navigation = useNavigation();
  const uploads = useFileUploads();
  const attachable = hydrated && attachments !== null;
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  // Taken off as soon as it is asked, without waiting for the page to come back.
  const detaching =
    navigation.formData?.get("intent") === "detach"
      ? String(navigation.formData.get("attachmentId"))
      : null;
  const shown = (attachments ?? []).filter((attachment) => String(attachment.id) !== detaching);

  const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");
  const onDragEnter = (event: DragEvent<HTMLFormElement>) => {
    if (!attachable || !carriesFiles(event)) return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent<HTMLFormElement>) => {
    if (!attachable || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  };
  const onDragLeave = () => {
    if (!attachable) return;
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    if (!attachable) return;
    dragDepth.current = 0;
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length === 0) return;
    event.preventDefault();
    uploads.add(files);
  };

  useEffect(() => {
    if (returned === null) return;
    setContent(returned);
    field.current?.focus();
  }, [returned]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    form.current?.requestSubmit();
  };

  return (
    <>
      {/* The attachments' remove buttons, in the question's form, post these. */}
      <div hidden>
        {shown.map((attachment) => (
          <Form key={attachment.id} id={`detach-${attachment.id}`} method="post" preventScrollReset>
            <input type="hidden" name="intent" value="detach" />
            <input type="hidden" name="attachmentId" value={attachment.id} />
          </Form>
        ))}
      </div>
      <Form
        ref={form}
        method="post"
        // Stays at the bottom of the window while the conversation scrolls under it.
        className={cx(
          "sticky bottom-4 z-10 rounded-card border border-border bg-surface p-3 shadow-popover focus-within:border-accent",
          dragging && "border-accent ring-2 ring-accent",
        )}
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          if (busy || content.trim() === "") return;
          onAsk(content);
          setContent("");
        }}
      >
        <input type="hidden" name="intent" value="ask" />
        {shown.length > 0 || uploads.uploading.length > 0 ? (
          <ul aria-label={t("composer.attachments")} className="mb-2 flex flex-wrap gap-1.5">
            {shown.map((attachment) => (
              <li
                key={attachment.id}
                className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-border bg-surface-muted py-0.5 ps-2.5 pe-0.5 text-xs text-text"
              >
                <Icon name={attachment.kind === "document" ? "file-text" : "paperclip"} />
                <span dir="auto" className="max-w-48 truncate">
                  {attachment.name}
                </span>
                {attachment.size !== null ? (
                  <span className="shrink-0 text-text-muted">
                    {formatBytes(attachment.size, language)}
                  </span>
                ) : null}
                <button
                  type="submit"
                  form={`detach-${attachment.id}`}
                  aria-label={t("context.remove", { name: attachment.name })}
                  title={t("context.remove", { name: attachment.name })}
                  className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-text-muted hover:bg-surface hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <Icon name="x" />
                </button>
              </li>
            ))}
            {uploads.uploading.map((name, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name.
                key={`${index}-${name}`}
                className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-dashed border-border py-1 ps-2.5 pe-2.5 text-xs text-text-muted"
              >
                <Icon name="loader-circle" className="animate-spin" />
                <span dir="auto" className="max-w-48 truncate">
                  {name}
                </span>
                <span className="shrink-0">{t("context.uploading")}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {uploads.errors.length > 0 ? (
          <div role="alert" className="mb-2 space-y-0.5 text-sm text-danger">
            {uploads.errors.map((message, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same refusal may come twice.
              <p key={index}>{message}</p>
            ))}
          </div>
        ) : null}
        {dragging ? (
          <p className="mb-2 text-sm font-medium text-accent">{t("composer.dropHere")}</p>
        ) : null}
        <label htmlFor="thread-question" className="sr-only">
          {t("composer.label")}
        </label>
        <textarea
          ref={field}
          id="thread-question"
          name="content"
          rows={3}
          required
          maxLength={maxMessageContent}
          dir="auto"
          value={content}
          disabled={disabled}
          aria-describedby={error ? "thread-question-error" : "thread-question-hint"}
          aria-invalid={error ? true : undefined}
          placeholder={t("composer.placeholder")}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={(event) => {
            if (!attachable) return;
            const files = Array.from(event.clipboardData.files);
            if (files.length === 0) return;
            event.preventDefault();
            uploads.add(files);
          }}
          className="block max-h-80 min-h-16 w-full resize-y bg-transparent text-sm text-text placeholder:text-text-muted focus:outline-none"
        />
        <div className="mt-2 flex items-center justify-between gap-2">
          <div className="flex min-w-0 items-center gap-2">
            {attachable ? (
              <>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t("composer.attach")}
                  title={t("context.fileHint")}
                  onClick={() => picker.current?.click()}
                >
                  <Icon name="paperclip" />
                </Button>
                <input
                  ref={picker}
                  type="file"
                  multiple
                  hidden
                  accept={attachmentAccept}
                  onChange={(event) => {
                    const files = Array.from(event.currentTarget.files ?? []);
                    event.currentTarget.value = "";
                    if (files.length) uploads.add(files);
                  }}
                />
              </>
            ) : null}
            {error ? (
              <p id="thread-question-error" role="alert" className="text-sm text-danger">
                {error}
              </p>
            ) : (
              <p id="thread-question-hint" className="text-xs text-text-muted">
                {hydrated ? t("composer.hint") : t("composer.hintNoScript")}
              </p>
            )}
          </div>
          {busy ? (
            // Keys of their own: a key press that stops must not land on Send in its place.
            <Button
              key="stop"
              type="button"
              variant="secondary"
              onClick={() => {
                onStop();
                // The button goes away with the answer: the question box takes the focus.
                field.current?.focus();
              }}
            >
              <Icon name="square" />
              {t("composer.stop")}
            </Button>
          ) : (
            <Button
              key="send"
              type="submit"
              disabled={disabled || sending || (hydrated && content.trim() === "")}
            >
              <Icon name="send-horizontal" />
              {sending ? t("composer.sending") : t("composer.send")}
            </Button>
          )}
        </div>
      </Form>
    </>
  );
}
