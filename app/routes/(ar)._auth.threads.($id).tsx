import { useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
  useNavigate,
} from "react-router";
import { LocalizedLink } from "~/components/localized-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Composer } from "~/components/threads/composer";
import { type ContextAnswer, ContextPanel } from "~/components/threads/context-panel";
import { MessageItem, type ShownMessage } from "~/components/threads/message-item";
import { type HeaderAnswer, ThreadHeader } from "~/components/threads/thread-header";
import { sidebarQuery, ThreadSidebar } from "~/components/threads/thread-sidebar";
import {
  type LiveAnswer,
  useAnswerStream,
  useSettledAnswer,
} from "~/components/threads/use-answer-stream";
import { useFollowLatest, useOpenAtLatest } from "~/components/threads/use-open-at-latest";
import { Button } from "~/components/ui/button";
import { isConfirmed } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { modelChoices } from "~/lib/ai-models.server";
import type { ApiClient } from "~/lib/api/client";
import { getApiClient } from "~/lib/api.server";
import { readMultipartForm } from "~/lib/form-body.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { requirePermission } from "~/lib/permissions.server";
import { notFound, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import {
  answerErrorKey,
  greetingErrorKey,
  isGreeting,
  SidebarListing,
  sidebarPageSize,
  type Thread,
  type ThreadMessage,
} from "~/lib/threads";
import { threadIdParam } from "~/lib/threads.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useLanguage } from "~/lib/use-language";
import {
  answerWhole,
  changeAttachments,
  changeThread,
  deleteThread,
  maxAttachmentFormBytes,
  restoreThread,
} from "./(ar)._auth.threads.($id).server";

export const handle = { title: "threads:title" };

/** The latest messages a thread opens on; the earlier ones are a link away. */
const shownMessageCount = 50;

/** How long the no-script form waits for a whole answer: a model can take a while. */
const wholeAnswerTimeoutMs = 120_000;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "threads.read");
  // SPEC.md §5: a thread id is digits only, or absent.
  const id = params.id === undefined ? null : threadIdParam(params.id);
  if (params.id !== undefined && id === null) throw notFound();
  const url = new URL(request.url);
  const listing = SidebarListing.parse(Object.fromEntries(url.searchParams));
  const deleted = threadIdParam(url.searchParams.get("deleted") ?? undefined);
  const permissions = user.account.currentOrganizationPermissions;
  const organizationId = user.account.currentOrganizationId;
  const api = getApiClient(request, context, token);

  const canAttachDocuments = id !== null && permissions.includes("documents.read");
  const [threads, thread, chat, chatChoices, undo, documents] = await Promise.all([
    api
      .get("/threads", {
        query: {
          page: listing.page,
          pageSize: sidebarPageSize,
          q: listing.q || undefined,
          archived: listing.view === "archived" ? "true" : undefined,
          deleted: listing.view === "deleted" ? "true" : undefined,
        },
      })
      .catch((error: unknown) => {
        throw serviceUnavailable(error);
      }),
    id === null
      ? null
      : api.get("/threads/{id}", { path: { id: String(id) } }).catch(rethrowAsPageError),
    organizationId
      ? api
          .get("/organizations/{id}/ai", { path: { id: organizationId } })
          .then(({ items }) => items.find((item) => item.capability === "chat") ?? null)
          .catch(() => null)
      : null,
    // The models a thread's settings suggest: only an open thread has them.
    id === null ? null : modelChoices(api, organizationId, "chat"),
    // Just deleted: the page offers to bring it back.
    deleted === null
      ? null
      : api
          .get("/threads/{id}", { path: { id: String(deleted) } })
          .then((found) => (found.deletedAt ? { id: found.id, title: found.title } : null))
          .catch(() => null),
    // What can be attached: the latest documents, and a search for the rest.
    canAttachDocuments
      ? api
          .get("/documents", { query: { pageSize: 100 } })
          .then((page) => ({
            items: page.items.map((document) => ({ value: document.id, label: document.title })),
            total: page.total,
          }))
          .catch(() => null)
      : null,
  ]);
  const moreGreetings = thread ? await hasUnstoredGreetings(api, thread) : false;
  // A long thread opens on its latest messages: the page's cost stays that of a short one.
  const showAll = url.searchParams.get("earlier") === "all";
  const earlier = thread && !showAll ? Math.max(0, thread.messages.length - shownMessageCount) : 0;
  return {
    threads,
    thread:
      thread && earlier > 0 ? { ...thread, messages: thread.messages.slice(earlier) } : thread,
    earlier,
    moreGreetings,
    documents,
    listing,
    undo,
    chat: {
      configured: Boolean(chat?.source),
      model: chat?.model ?? null,
      models: chatChoices?.models ?? [],
    },
    canWrite: permissions.includes("threads.write"),
    canManageAi: permissions.includes("ai.manage"),
    canWriteDocuments: permissions.includes("documents.write"),
    canCreateMedia: permissions.includes("media.create"),
    organizationId,
    now: Date.now(),
  };
}

/**
 * Whether a character's thread that holds one greeting has more to show: a chat opened before
 * the character's greetings were stored as versions of its first message.
 */
async function hasUnstoredGreetings(api: ApiClient, thread: Thread) {
  const opening = thread.messages[0];
  if (!thread.character || !opening || !isGreeting(opening) || opening.variants.count > 1) {
    return false;
  }
  return api
    .get("/characters/{id}", { path: { id: thread.character.id } })
    .then((character) => character.alternateGreetings.some((text) => text.trim() !== ""))
    .catch(() => false);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "threads.write");
  const language = pageLanguage(request);
  const id = params.id === undefined ? null : threadIdParam(params.id);
  if (params.id !== undefined && id === null) throw notFound();
  const read = await readMultipartForm(request, maxAttachmentFormBytes);
  if (read.tooLarge) return { intent: "attach-file", error: "FILE_TOO_LARGE" };
  const { form } = read;
  const intent = form.get("intent");
  const api = getApiClient(request, context, token);

  if (intent === "ask" || intent === "regenerate") {
    const patient = getApiClient(request, context, token, { timeoutMs: wholeAnswerTimeoutMs });
    return answerWhole(patient, id, form, language);
  }
  if (intent === "restore") return restoreThread(api, form, language);
  if (id === null) throw notFound();
  if (intent === "attach-document" || intent === "attach-file" || intent === "detach") {
    return changeAttachments(api, id, form);
  }
  if (intent === "delete") {
    if (!isConfirmed(form)) return { intent: "delete", confirm: "delete" as const };
    return deleteThread(api, id, language);
  }
  return changeThread(api, id, form, language);
}

function liveError(live: LiveAnswer): ThreadMessage["error"] {
  return live.error ? { code: live.error.code, message: live.error.message ?? "" } : null;
}

/** The branch as the loader read it, with the answer this tab is writing laid over it. */
function shownMessages(thread: Thread | null, live: LiveAnswer | null): ShownMessage[] {
  const messages: ShownMessage[] = thread?.messages ?? [];
  if (!live || (live.threadId !== null && thread && live.threadId !== thread.id)) return messages;
  const streaming = live.status === "sending" || live.status === "streaming";
  // Refused before anything was stored: the thread is as it was, the reason under the composer.
  if (!streaming && live.assistantMessageId === null) return messages;
  const known = messages.findIndex((message) => message.id === live.assistantMessageId);
  if (known >= 0) {
    // The loader may read the answer while it is still stored as `streaming` (a live update
    // during the answer): the streamed text stays over it until the stored answer has ended.
    const stored = messages[known];
    if (!streaming && stored?.status !== "streaming") return messages;
    return messages.map((message, index) =>
      index === known
        ? {
            ...message,
            content: live.text,
            status: live.status === "sending" ? "streaming" : live.status,
            error: liveError(live),
          }
        : message,
    );
  }
  const after = live.afterId === null ? -1 : messages.findIndex((m) => m.id === live.afterId);
  const kept = live.afterId === null ? [] : messages.slice(0, after + 1 || messages.length);
  const pending = (id: number, role: ThreadMessage["role"], content: string): ShownMessage => ({
    id,
    parentId: null,
    role,
    content,
    status: role === "user" ? "complete" : live.status === "sending" ? "streaming" : live.status,
    error: role === "user" ? null : liveError(live),
    model: null,
    contextOmitted: 0,
    contextAttachments: [],
    usage: null,
    feedback: null,
    createdAt: "",
    updatedAt: "",
    variants: { index: 0, count: 1, ids: [id] },
    pending: true,
  });
  const shown = [...kept];
  if (live.question !== null) shown.push(pending(-1, "user", live.question));
  // A refusal before anything was stored shows under the composer, not as an answer.
  if (live.assistantMessageId !== null || streaming)
    shown.push(pending(-2, "assistant", live.text));
  return shown;
}

export default function ThreadsPage() {
  const {
    threads,
    thread,
    earlier,
    moreGreetings,
    documents,
    listing,
    undo,
    chat,
    canWrite,
    canManageAi,
    canWriteDocuments,
    canCreateMedia,
    organizationId,
    now,
  } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation("threads");
  const language = useLanguage();
  const navigate = useNavigate();

  const onThreadStarted = useCallback(
    (id: number) =>
      navigate(localizedPath(`/threads/${id}${sidebarQuery(listing)}`, language), {
        replace: true,
        preventScrollReset: true,
      }),
    [navigate, language, listing],
  );
  const { live, start, stop, dismiss, busy } = useAnswerStream({ onThreadStarted });
  useSettledAnswer(live, thread?.messages, dismiss);
  // Stable, so that a streamed token renders the answer it belongs to and not every message.
  const threadId = thread?.id ?? null;
  const onRegenerate = useCallback(
    (answer: ShownMessage) =>
      threadId !== null &&
      start(threadId, { intent: "regenerate", messageId: answer.id, afterId: answer.parentId }),
    [start, threadId],
  );
  const onEdit = useCallback(
    (question: ShownMessage, content: string) =>
      threadId !== null &&
      start(threadId, {
        intent: "ask",
        content,
        parentId: question.parentId,
        afterId: question.parentId,
      }),
    [start, threadId],
  );
  const messages = useMemo(() => shownMessages(thread, live), [thread, live]);
  useOpenAtLatest(threadId);
  const conversationRef = useFollowLatest();

  // Follow the answer as it grows, while the reader is at the bottom of the page; the question
  // box stays in view at the bottom, and only the conversation moves under it.
  const liveLength = live?.text.length ?? 0;
  useEffect(() => {
    if (!live) return;
    const page = document.documentElement;
    const nearBottom = window.innerHeight + window.scrollY >= page.scrollHeight - 200;
    if (nearBottom || liveLength === 0) window.scrollTo({ top: page.scrollHeight });
  }, [live, liveLength]);

  const writable = canWrite && (!thread || (thread.mine && !thread.deletedAt));
  const lastMessageId = thread?.messages.at(-1)?.id ?? null;
  const lastAnswerId = [...(thread?.messages ?? [])]
    .reverse()
    .find((m) => m.role === "assistant")?.id;
  const askError =
    actionData && "error" in actionData && actionData.intent === "ask" && actionData.error
      ? t(answerErrorKey(actionData.error), { defaultValue: t("errors.unknown") })
      : live && !live.assistantMessageId && live.status === "failed"
        ? t(answerErrorKey(live.error?.code))
        : null;
  const refused = live && !live.assistantMessageId && live.status === "failed" ? live : null;
  const returnedQuestion =
    refused?.question ??
    (actionData &&
    "content" in actionData &&
    actionData.intent === "ask" &&
    typeof actionData.content === "string"
      ? actionData.content
      : null);
  const headerAnswer = (actionData && "intent" in actionData ? actionData : null) as HeaderAnswer;
  const askingDelete = Boolean(actionData && "confirm" in actionData);
  const assistantName = thread?.character?.name ?? t("message.assistant");
  const greetingError =
    actionData && "error" in actionData && actionData.intent === "next-greeting"
      ? t(greetingErrorKey(actionData.error))
      : null;
  const greetingOf = (message: ShownMessage) =>
    isGreeting(message) && !message.pending
      ? { canCycle: message.variants.count > 1 || moreGreetings, error: greetingError }
      : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <ThreadSidebar
        threads={threads}
        listing={listing}
        currentId={thread?.id ?? null}
        now={now}
        canWrite={canWrite}
      />
      <section
        aria-labelledby={thread ? undefined : "threads-start-title"}
        className="min-w-0 space-y-4"
      >
        {undo ? (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-border bg-surface-muted px-4 py-3 text-sm"
          >
            <span>{t("undo.deleted", { title: undo.title || t("untitled") })}</span>
            <Form method="post">
              <input type="hidden" name="intent" value="restore" />
              <input type="hidden" name="id" value={undo.id} />
              <Button type="submit" variant="secondary" size="sm">
                <Icon name="rotate-ccw" />
                {t("undo.restore")}
              </Button>
            </Form>
          </div>
        ) : null}

        {thread ? (
          <ThreadHeader
            thread={thread}
            answer={headerAnswer}
            defaultModel={chat.model}
            models={chat.models}
            askingDelete={askingDelete}
          />
        ) : (
          <header>
            <h1 id="threads-start-title" className="text-xl font-semibold text-text">
              {t("start.title")}
            </h1>
            <p className="mt-1 text-sm text-text-muted">{t("start.body")}</p>
          </header>
        )}

        {thread && !thread.deletedAt && (thread.mine || thread.attachments.length > 0) ? (
          <ContextPanel
            thread={thread}
            canWrite={writable}
            documents={documents?.items ?? null}
            documentsTotal={documents?.total ?? 0}
            answer={headerAnswer as ContextAnswer}
          />
        ) : null}
        {thread?.deletedAt ? <FormAlert tone="info">{t("deletedNotice")}</FormAlert> : null}
        {thread?.deletedAt ? (
          <Form method="post">
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="id" value={thread.id} />
            <Button type="submit" variant="secondary">
              <Icon name="rotate-ccw" />
              {t("undo.restore")}
            </Button>
          </Form>
        ) : null}

        {!chat.configured ? (
          <div
            role="note"
            className="rounded-card border border-border bg-surface-muted px-4 py-3 text-sm"
          >
            <p className="font-medium text-text">{t("notConfigured.title")}</p>
            <p className="mt-1 text-text-muted">
              {canManageAi ? t("notConfigured.bodyManager") : t("notConfigured.body")}
            </p>
            {canManageAi && organizationId ? (
              <LocalizedLink
                to={`/account/organization/${organizationId}/ai`}
                className="mt-2 inline-flex items-center gap-1 font-medium text-accent underline"
              >
                {t("notConfigured.link")}
              </LocalizedLink>
            ) : null}
          </div>
        ) : null}

        {earlier > 0 && thread ? (
          <LocalizedLink
            to={`/threads/${thread.id}${sidebarQuery(listing, { earlier: "all" })}`}
            className="block rounded-card border border-dashed border-border px-4 py-2 text-center text-sm font-medium text-accent hover:bg-surface-muted"
          >
            {t("earlier", {
              count: earlier,
              formatted: new Intl.NumberFormat(language).format(earlier),
            })}
          </LocalizedLink>
        ) : null}
        {messages.length > 0 ? (
          <ol ref={conversationRef} aria-label={t("conversation")} className="space-y-3">
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                assistantName={assistantName}
                assistantAvatarUrl={thread?.character ? thread.character.avatarUrl : undefined}
                canWrite={writable}
                busy={busy}
                canRegenerate={message.id === lastAnswerId}
                canSendToDocument={canWriteDocuments && message.role === "assistant"}
                audioCreatorTo={
                  canCreateMedia && thread && message.role === "assistant" && !message.pending
                    ? `/audio/creator?thread=${thread.id}&message=${message.id}`
                    : null
                }
                greeting={greetingOf(message)}
                onRegenerate={onRegenerate}
                onEdit={onEdit}
              />
            ))}
          </ol>
        ) : thread ? (
          <p className="rounded-card border border-dashed border-border px-4 py-8 text-center text-sm text-text-muted">
            {t("emptyThread")}
          </p>
        ) : null}

        {writable ? (
          <Composer
            busy={busy}
            disabled={!chat.configured}
            error={askError}
            returned={returnedQuestion}
            attachments={thread && !thread.deletedAt ? thread.attachments : null}
            onAsk={(content) => {
              if (askError) dismiss();
              start(thread?.id ?? "new", { intent: "ask", content, afterId: lastMessageId });
            }}
            onStop={stop}
          />
        ) : thread && !thread.mine ? (
          <p className="text-sm text-text-muted">{t("readOnly", { name: thread.author.name })}</p>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
