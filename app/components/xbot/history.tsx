import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { ApiSchema } from "~/lib/api/client";
import { useAppForm } from "~/lib/app-form";
import { formatRelativeTime } from "~/lib/relative-time";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { KnowledgeQaFields } from "~/lib/xbot-knowledge";
import { TextareaInput } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { LocalizedLink } from "../localized-link";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { Icon } from "../ui/icon";

export type ConversationSummary = ApiSchema<"BotConversationSummary">;
export type Transcript = ApiSchema<"BotTranscript">;
type TranscriptMessage = Transcript["messages"][number];

/**
 * A page of a bot's conversations: each a link to its transcript (`?conversation=<id>` on the
 * same filters), with its first question, when it was last active and what it held.
 */
export function ConversationList({
  items,
  selected,
  hrefOf,
  now,
}: {
  items: ConversationSummary[];
  selected: number | undefined;
  hrefOf: (id: number) => string;
  now: number;
}) {
  const { t } = useTranslation("xbot");
  const language = useLanguage();
  return (
    <ul aria-label={t("history.list.label")} className="space-y-2">
      {items.map((item) => {
        const current = item.id === selected;
        return (
          <li key={item.id}>
            <LocalizedLink
              to={hrefOf(item.id)}
              preventScrollReset
              aria-current={current ? "true" : undefined}
              className={cx(
                "block rounded-card border bg-surface p-3 shadow-card transition-colors hover:border-accent",
                current ? "border-accent" : "border-border",
              )}
            >
              <span className="flex items-start justify-between gap-3">
                <span dir="auto" className="line-clamp-2 font-medium text-text">
                  {item.firstQuestion ?? t("history.list.noQuestion")}
                </span>
                <time
                  dateTime={item.lastMessageAt}
                  className="shrink-0 text-xs text-text-muted tabular-nums"
                >
                  {formatRelativeTime(item.lastMessageAt, now, language)}
                </time>
              </span>
              <span className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-text-muted">
                <span>{t("history.list.questions", { count: item.questions })}</span>
                {item.preview ? <Badge>{t("history.list.preview")}</Badge> : null}
                {item.leadId ? <Badge tone="success">{t("history.list.lead")}</Badge> : null}
                {item.originHost ? (
                  <span dir="ltr">{t("history.list.site", { host: item.originHost })}</span>
                ) : null}
                <Badge>{t(`history.filters.${item.language === "ar" ? "ar" : "en"}`)}</Badge>
                {item.ratedUp > 0 ? (
                  <Badge tone="success">{t("history.list.ratedUp", { count: item.ratedUp })}</Badge>
                ) : null}
                {item.ratedDown > 0 ? (
                  <Badge tone="danger">
                    {t("history.list.ratedDown", { count: item.ratedDown })}
                  </Badge>
                ) : null}
                {item.unanswered > 0 ? (
                  <Badge tone="accent">
                    {t("history.list.unanswered", { count: item.unanswered })}
                  </Badge>
                ) : null}
              </span>
            </LocalizedLink>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "Improve answer" on a transcript, for those who manage the bot: a link under each answer opens
 * its form in place (`?improve=<message id>`), the visitor's question and the answer to write as
 * a pair of the bot's knowledge.
 */
export type ImproveAnswers = {
  hrefOf: (messageId: number | null) => string;
  open: number | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
};

/** A conversation's messages, oldest first; each answer with what made it and what it cites. */
export function TranscriptView({
  transcript,
  now,
  improve,
}: {
  transcript: Transcript;
  now: number;
  /** Absent for who may only read. */
  improve?: ImproveAnswers;
}) {
  const { t } = useTranslation("xbot");
  const language = useLanguage();
  const { conversation, messages } = transcript;
  return (
    <article
      aria-labelledby="transcript-title"
      className="rounded-card border border-border bg-surface p-4 shadow-card"
    >
      <header className="mb-4 space-y-1 border-b border-border pb-3">
        <h3 id="transcript-title" className="text-base font-semibold">
          {conversation.identityName ?? t("history.transcript.label")}
        </h3>
        <p className="text-sm text-text-muted">
          {t("history.transcript.began", {
            time: formatRelativeTime(conversation.createdAt, now, language),
          })}
          {conversation.originHost ? (
            <>
              {" · "}
              <span dir="ltr">{conversation.originHost}</span>
            </>
          ) : null}
          {conversation.identityEmail ? (
            <>
              {" · "}
              <span dir="ltr">{conversation.identityEmail}</span>
            </>
          ) : null}
        </p>
      </header>
      <ol className="space-y-4">
        {messages.map((message, index) => (
          <li key={message.id}>
            {message.role === "user" ? (
              <VisitorMessage message={message} />
            ) : (
              <>
                <BotAnswer message={message} />
                {improve && message.status !== "streaming" ? (
                  improve.open === message.id ? (
                    <ImproveAnswerForm
                      question={questionBefore(messages, index)}
                      answer={message.text}
                      cancelTo={improve.hrefOf(null)}
                      lastResult={improve.lastResult}
                    />
                  ) : (
                    <LocalizedLink
                      to={improve.hrefOf(message.id)}
                      preventScrollReset
                      className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-accent underline"
                    >
                      <Icon name="sparkles" />
                      {t("history.improve.open")}
                    </LocalizedLink>
                  )
                ) : null}
              </>
            )}
          </li>
        ))}
      </ol>
    </article>
  );
}

function VisitorMessage({ message }: { message: TranscriptMessage }) {
  const { t } = useTranslation("xbot");
  return (
    <div className="flex flex-col items-end">
      <p className="text-xs text-text-muted">{t("history.transcript.visitor")}</p>
      <p
        dir="auto"
        className="mt-1 max-w-[85%] rounded-card bg-accent px-3 py-2 text-sm whitespace-pre-wrap text-accent-contrast"
      >
        {message.text}
      </p>
    </div>
  );
}

function BotAnswer({ message }: { message: TranscriptMessage }) {
  const { t } = useTranslation("xbot");
  const status =
    message.status === "complete" ? null : t(`history.transcript.${message.status}` as const);
  return (
    <div className="flex flex-col items-start">
      <p className="text-xs text-text-muted">{t("history.transcript.bot")}</p>
      <div className="mt-1 max-w-[85%] space-y-2 rounded-card bg-surface-muted px-3 py-2 text-sm">
        <p dir="auto" className="whitespace-pre-wrap text-text">
          {message.text}
        </p>
        {message.sources.length > 0 ? (
          <div>
            <p className="text-xs font-medium text-text-muted">{t("history.transcript.sources")}</p>
            <ol className="list-decimal space-y-0.5 ps-5 text-xs">
              {message.sources.map((source) => (
                <li key={`${source.title} ${source.url ?? ""}`}>
                  {source.url ? (
                    <a
                      href={source.url}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="text-accent underline"
                    >
                      {source.title}
                    </a>
                  ) : (
                    source.title
                  )}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-text-muted">
        {status ? <Badge tone="accent">{status}</Badge> : null}
        {message.unanswered ? (
          <Badge tone="accent">{t("history.transcript.unanswered")}</Badge>
        ) : null}
        {message.fallback && !message.unanswered ? (
          <Badge>{t("history.transcript.fallback")}</Badge>
        ) : null}
        {message.rating ? (
          <span className="inline-flex items-center gap-1">
            <Icon name={message.rating === "up" ? "thumbs-up" : "thumbs-down"} />
            {t(
              message.rating === "up"
                ? "history.transcript.ratedUp"
                : "history.transcript.ratedDown",
            )}
          </span>
        ) : null}
        {message.model ? (
          <span>
            {t("history.transcript.model")}: <span dir="ltr">{message.model}</span>
          </span>
        ) : null}
        {message.inputTokens !== null || message.outputTokens !== null ? (
          <span>
            {t("history.transcript.tokens")}:{" "}
            {t("history.transcript.tokensValue", {
              input: message.inputTokens ?? 0,
              output: message.outputTokens ?? 0,
            })}
          </span>
        ) : null}
        {message.firstTokenMs !== null ? (
          <span>
            {t("history.transcript.firstToken")}:{" "}
            {t("history.transcript.firstTokenValue", { ms: message.firstTokenMs })}
          </span>
        ) : null}
      </p>
    </div>
  );
}

/** The visitor's message an answer answers: the last one before it. */
function questionBefore(messages: readonly TranscriptMessage[], index: number) {
  for (let at = index - 1; at >= 0; at--) {
    const message = messages[at];
    if (message?.role === "user") return message.text;
  }
  return "";
}

/** The right answer to a visitor's question, written into the bot's knowledge as a pair. */
function ImproveAnswerForm({
  question,
  answer,
  cancelTo,
  lastResult,
}: {
  question: string;
  answer: string;
  cancelTo: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("xbot");
  const [form, fields] = useAppForm(KnowledgeQaFields, {
    id: "improve-answer",
    lastResult,
    defaultValue: { question, answer },
  });
  const submitting = useIsPending({ intent: "improve" });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, lastResult);
  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      aria-labelledby="improve-answer-title"
      className="mt-2 space-y-3 rounded-card border border-border p-3"
      {...getFormProps(form)}
      noValidate
    >
      <h4 id="improve-answer-title" className="text-sm font-semibold">
        {t("history.improve.title")}
      </h4>
      <p className="text-xs text-text-muted">{t("history.improve.intro")}</p>
      <input type="hidden" name="intent" value="improve" />
      <FormErrors errors={form.errors} />
      <TextareaInput meta={fields.question} label={t("history.improve.question")} rows={2} />
      <TextareaInput
        meta={fields.answer}
        label={t("history.improve.answer")}
        hint={t("history.improve.answerHint")}
        rows={5}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" asChild>
          <LocalizedLink to={cancelTo} preventScrollReset>
            {t("common:actions.cancel")}
          </LocalizedLink>
        </Button>
        <Button type="submit" disabled={submitting}>
          {t("history.improve.submit")}
        </Button>
      </div>
    </Form>
  );
}
