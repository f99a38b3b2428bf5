import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { maxMessageContent } from "~/lib/threads";
import { useHydrated } from "~/lib/use-hydrated";
import { useIsPending } from "~/lib/use-is-pending";

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
  onAsk,
  onStop,
}: {
  busy: boolean;
  disabled: boolean;
  /** The last question's refusal, translated. */
  error: string | null;
  /** A question refused before it was sent (never saved): back in the box, to send again. */
  returned: string | null;
  onAsk: (content: string) => void;
  onStop: () => void;
}) {
  const { t } = useTranslation("threads");
  const hydrated = useHydrated();
  const sending = useIsPending({ intent: "ask" });
  const [content, setContent] = useState(returned ?? "");
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);

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
    <Form
      ref={form}
      method="post"
      // Stays at the bottom of the window while the conversation scrolls under it.
      className="sticky bottom-4 z-10 rounded-card border border-border bg-surface p-3 shadow-popover focus-within:border-accent"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        if (busy || content.trim() === "") return;
        onAsk(content);
        setContent("");
      }}
    >
      <input type="hidden" name="intent" value="ask" />
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
        className="block max-h-80 min-h-16 w-full resize-y bg-transparent text-sm text-text placeholder:text-text-muted focus:outline-none"
      />
      <div className="mt-2 flex items-center justify-between gap-2">
        {error ? (
          <p id="thread-question-error" role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : (
          <p id="thread-question-hint" className="text-xs text-text-muted">
            {hydrated ? t("composer.hint") : t("composer.hintNoScript")}
          </p>
        )}
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
  );
}
