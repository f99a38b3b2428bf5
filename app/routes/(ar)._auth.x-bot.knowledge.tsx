import { useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
} from "react-router";
import { z } from "zod";
import { LocalizedLink } from "~/components/localized-link";
import { type NoticeName, useOnNotice } from "~/components/notice";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { Field, Input } from "~/components/ui/input";
import { IsolatedMessage } from "~/components/ui/isolated-message";
import { Pagination } from "~/components/ui/pagination";
import { SegmentedLinks } from "~/components/ui/segmented-links";
import { SelectField } from "~/components/ui/select";
import { TextareaField } from "~/components/ui/textarea";
import { AddWebsiteForm } from "~/components/xbot/knowledge-website-form";
import { XbotNoBot } from "~/components/xbot-section";
import { getApiClient } from "~/lib/api.server";
import { useErrorText } from "~/lib/app-form";
import { readMultipartForm } from "~/lib/form-body.server";
import { pageLanguage } from "~/lib/i18n.server";
import { listingSchema } from "~/lib/listing";
import { readListing } from "~/lib/listing.server";
import { requirePermission } from "~/lib/permissions.server";
import { formatRelativeTime } from "~/lib/relative-time";
import { badRequest, rethrowAsPageError, rethrowAsUnavailable } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import {
  type KnowledgeAnswer,
  type KnowledgeQa,
  type KnowledgeSource,
  knowledgeFileAccept,
  knowledgeLimits,
} from "~/lib/xbot-knowledge";
import { knowledgeAction } from "./(ar)._auth.x-bot.knowledge.server";

export const handle = { title: "pages.xbot.knowledge" };

const sourcesPageSize = 20;
const qaPageSize = 20;
/** The organization's documents a source may be made of, the newest first. */
const documentChoices = 100;

const Listing = listingSchema({
  tab: z.enum(["sources", "qa"]).catch("sources"),
  /** The source whose chunks are open. */
  source: z.uuid().optional().catch(undefined),
  /** The pair whose form is open. */
  edit: z.uuid().optional().catch(undefined),
  /** Asked without JavaScript: delete this source, or this pair? */
  confirm: z.uuid().optional().catch(undefined),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.read");
  const api = getApiClient(request, context, token);
  const listing = readListing(request, Listing);
  const permissions = user.account.currentOrganizationPermissions;
  const canManage = permissions.includes("bots.manage");
  const now = Date.now();
  const { bot } = await api.get("/user/current-bot").catch(rethrowAsUnavailable);
  if (!bot) return { bot: null, canManage, listing, now } as const;
  const path = { id: bot.id };

  if (listing.tab === "qa") {
    const qa = await api
      .get("/bots/{id}/knowledge/qa", {
        path,
        query: { page: listing.page, pageSize: qaPageSize, q: listing.q || undefined },
      })
      .catch(rethrowAsPageError);
    return {
      bot: { id: bot.id, name: bot.name },
      canManage,
      listing,
      now,
      qa,
      sources: null,
      opened: null,
      documents: [],
    } as const;
  }

  const [sources, opened, documents] = await Promise.all([
    api
      .get("/bots/{id}/knowledge/sources", {
        path,
        query: { page: listing.page, pageSize: sourcesPageSize },
      })
      .catch(rethrowAsPageError),
    listing.source
      ? api
          .get("/bots/{id}/knowledge/sources/{sourceId}", {
            path: { ...path, sourceId: listing.source },
          })
          .catch(() => null)
      : null,
    canManage && permissions.includes("documents.read")
      ? api
          .get("/documents", { query: { pageSize: documentChoices, sort: "-updated" } })
          .then((page) => page.items.map((item) => ({ value: item.id, label: item.title })))
          .catch(() => [])
      : [],
  ]);
  return {
    bot: { id: bot.id, name: bot.name },
    canManage,
    listing,
    now,
    qa: null,
    sources,
    opened,
    documents,
  } as const;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  // The test box is reading; the API refuses the changes to who may not make them.
  requirePermission(user, "bots.read");
  const read = await readMultipartForm(request, knowledgeLimits.fileBytes + 64 * 1024);
  const api = getApiClient(request, context, token, { timeoutMs: 60_000 });
  const { bot } = await api.get("/user/current-bot").catch(rethrowAsUnavailable);
  if (!bot) throw badRequest();
  return knowledgeAction({
    request,
    form: read.form ?? new FormData(),
    tooLarge: Boolean(read.tooLarge),
    api,
    language: pageLanguage(request),
    botId: bot.id,
  });
}

/** The answer of the page's action, when it is about `intent`. */
function useAnswer(intent: string) {
  const answer = useActionAnswer<typeof action>() as KnowledgeAnswer | undefined;
  return answer?.intent === intent ? answer : undefined;
}

/** Forms that start empty again once what they sent is saved (`?notice=` says so). */
function useResetOnNotice(notice: NoticeName) {
  const forms = useRef<(HTMLFormElement | null)[]>([]);
  useOnNotice(notice, () => {
    for (const form of forms.current) form?.reset();
  });
  return (index: number) => (form: HTMLFormElement | null) => {
    forms.current[index] = form;
  };
}

/** The page's address with `changes`, one visit's parameters dropped. */
function usePageLink() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const search = new URLSearchParams(location.search);
    for (const name of ["notice", "confirm", "edit"]) search.delete(name);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) search.delete(name);
      else search.set(name, value);
    }
    if ("tab" in changes) for (const name of ["q", "page", "source"]) search.delete(name);
    const query = search.toString();
    return `/x-bot/knowledge${query ? `?${query}` : ""}`;
  };
}

export default function XbotKnowledgePage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation("xbot");
  const location = useLocation();
  /** A tab's address in the page's language (the segmented links are not localized). */
  const tabTo = (tab: string) => `${location.pathname}?${new URLSearchParams({ tab })}`;
  if (!loaded.bot) {
    return (
      <section aria-labelledby="knowledge-title" className="space-y-4">
        <h2 id="knowledge-title" className="text-lg font-semibold">
          {t("knowledge.title")}
        </h2>
        <XbotNoBot>{t("knowledge.noBot")}</XbotNoBot>
      </section>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t("knowledge.title")}</h2>
          <p className="text-sm text-text-muted">{t("knowledge.intro")}</p>
        </div>
      </div>
      <div className="max-w-md">
        <SegmentedLinks
          label={t("knowledge.tabsLabel")}
          links={[
            {
              to: tabTo("sources"),
              label: t("knowledge.tabs.sources"),
              icon: "file-text",
              current: loaded.listing.tab === "sources",
            },
            {
              to: tabTo("qa"),
              label: t("knowledge.tabs.qa"),
              icon: "messages-square",
              current: loaded.listing.tab === "qa",
            },
          ]}
        />
      </div>
      {!loaded.canManage ? (
        <FormAlert tone="info">
          <p>{t("knowledge.readOnly")}</p>
        </FormAlert>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          {loaded.sources ? (
            <SourcesTab
              sources={loaded.sources}
              opened={loaded.opened}
              documents={loaded.documents}
              canManage={loaded.canManage}
              asking={loaded.listing.confirm}
              now={loaded.now}
            />
          ) : loaded.qa ? (
            <QaTab
              qa={loaded.qa}
              q={loaded.listing.q}
              editing={loaded.listing.edit}
              asking={loaded.listing.confirm}
              canManage={loaded.canManage}
            />
          ) : null}
        </div>
        <TestBox />
      </div>
    </div>
  );
}

const statusTone = {
  queued: "neutral",
  processing: "accent",
  ready: "success",
  failed: "danger",
} as const;

function SourcesTab({
  sources,
  opened,
  documents,
  canManage,
  asking,
  now,
}: {
  sources: { items: KnowledgeSource[]; total: number; page: number; pageSize: number };
  opened:
    | (KnowledgeSource & {
        chunks: { id: string; position: number; heading: string; text: string }[];
      })
    | null;
  documents: { value: string; label: string }[];
  canManage: boolean;
  asking: string | undefined;
  now: number;
}) {
  const { t } = useTranslation("xbot");
  const syncAnswer = useAnswer("source-sync");
  return (
    <>
      {canManage ? <AddSource documents={documents} /> : null}
      <section aria-labelledby="sources-heading" className="space-y-3">
        <h3 id="sources-heading" className="text-base font-semibold">
          {t("knowledge.sources.title")}
        </h3>
        {syncAnswer?.formError ? (
          <FormAlert tone="error">
            <p>{t(syncAnswer.formError)}</p>
          </FormAlert>
        ) : null}
        {sources.items.length === 0 ? (
          <EmptyState icon="file-text" title={t("knowledge.sources.empty.title")}>
            {canManage
              ? t("knowledge.sources.empty.body")
              : t("knowledge.sources.empty.bodyReader")}
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {sources.items.map((source) => (
              <li key={source.id}>
                <SourceRow
                  source={source}
                  chunks={opened?.id === source.id ? opened.chunks : null}
                  canManage={canManage}
                  asking={asking === source.id}
                  now={now}
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={sources.page}
          pageSize={sources.pageSize}
          total={sources.total}
          label={t("knowledge.sources.pages")}
        />
      </section>
    </>
  );
}

function SourceRow({
  source,
  chunks,
  canManage,
  asking,
  now,
}: {
  source: KnowledgeSource;
  chunks: { id: string; position: number; heading: string; text: string }[] | null;
  canManage: boolean;
  asking: boolean;
  now: number;
}) {
  const { t, i18n } = useTranslation("xbot");
  // Why it failed in the page's language, where the code is one the page knows.
  const failureText = ({ errorCode }: { errorCode: string | null }) => {
    if (!errorCode) return null;
    for (const group of ["failures", "errors"]) {
      const key = `knowledge.${group}.${errorCode}`;
      if (i18n.exists(`xbot:${key}`)) return t(key as never);
    }
    return null;
  };
  const language = useLanguage();
  const link = usePageLink();
  const titleId = `source-${source.id}-title`;
  const chunksId = `source-${source.id}-chunks`;
  const number = new Intl.NumberFormat(language);
  const percentFormat = new Intl.NumberFormat(language, { style: "percent" });
  const percent = Math.round(source.progress * 100);
  const busy = source.status === "queued" || source.status === "processing";
  return (
    <article
      aria-labelledby={titleId}
      data-testid="knowledge-source"
      className="rounded-card border border-border bg-surface p-4 shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <h4 id={titleId} dir="auto" className="truncate font-medium">
            {source.title}
          </h4>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-text-muted">
            <span>{t(`knowledge.kinds.${source.kind}`)}</span>
            {source.fileName ? (
              <span dir="auto" className="truncate">
                {source.fileName}
              </span>
            ) : null}
            {source.url ? (
              <a
                href={source.url}
                target="_blank"
                rel="noreferrer noopener"
                dir="ltr"
                className="max-w-full truncate text-accent hover:underline"
              >
                {source.url}
              </a>
            ) : null}
            {source.status === "ready" ? (
              <>
                <span>
                  {t("knowledge.sources.characters", {
                    count: source.characters,
                    formatted: number.format(source.characters),
                  })}
                </span>
                <span>
                  {t("knowledge.sources.chunks", {
                    count: source.chunkCount,
                    formatted: number.format(source.chunkCount),
                  })}
                </span>
              </>
            ) : null}
            {source.syncedAt ? (
              <span>
                {t("knowledge.sources.synced", {
                  when: formatRelativeTime(source.syncedAt, now, language),
                })}
              </span>
            ) : null}
          </p>
        </div>
        <Badge tone={statusTone[source.status]}>
          <span data-testid="knowledge-source-status">
            {t(`knowledge.statuses.${source.status}`)}
          </span>
          {source.status === "processing" ? (
            <span className="ms-1">{percentFormat.format(source.progress)}</span>
          ) : null}
        </Badge>
      </div>
      {busy ? (
        <progress
          className="mt-3 h-1.5 w-full accent-accent"
          max={100}
          value={source.status === "processing" ? percent : undefined}
          aria-label={t("knowledge.sources.progress", { title: source.title })}
        />
      ) : null}
      {source.status === "failed" ? (
        <p role="note" className="mt-2 text-sm text-danger" dir="auto">
          <span className="font-medium">{t("knowledge.sources.failed")}</span>{" "}
          {failureText(source) ?? source.errorMessage ?? ""}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {source.status === "ready" && source.chunkCount > 0 ? (
          <Button asChild size="sm" variant="secondary">
            <LocalizedLink
              to={link({ source: chunks ? null : source.id })}
              preventScrollReset
              aria-expanded={Boolean(chunks)}
              aria-controls={chunks ? chunksId : undefined}
              aria-label={t(
                chunks ? "knowledge.sources.hideChunksLabel" : "knowledge.sources.showChunksLabel",
                {
                  title: source.title,
                },
              )}
            >
              <Icon name="chevron-down" className={chunks ? "rotate-180" : undefined} />
              {chunks ? t("knowledge.sources.hideChunks") : t("knowledge.sources.showChunks")}
            </LocalizedLink>
          </Button>
        ) : null}
        {canManage ? (
          <>
            {busy ? null : (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="source-sync" />
                <input type="hidden" name="sourceId" value={source.id} />
                <Button
                  type="submit"
                  size="sm"
                  variant="ghost"
                  aria-label={t(
                    source.status === "failed"
                      ? "knowledge.sources.retryLabel"
                      : "knowledge.sources.syncLabel",
                    { title: source.title },
                  )}
                >
                  <Icon name="refresh-cw" />
                  {source.status === "failed"
                    ? t("knowledge.sources.retry")
                    : t("knowledge.sources.sync")}
                </Button>
              </Form>
            )}
            <ConfirmDialog
              intent="source-delete"
              fields={{ sourceId: source.id }}
              asking={asking}
              title={t("knowledge.sources.confirmDelete.title", { title: source.title })}
              description={t("knowledge.sources.confirmDelete.body")}
              confirmLabel={t("knowledge.sources.confirmDelete.confirm")}
              cancelLabel={t("knowledge.sources.confirmDelete.cancel")}
              trigger={
                <Button
                  type="submit"
                  size="sm"
                  variant="ghost"
                  className="text-danger"
                  aria-label={t("knowledge.sources.deleteLabel", { title: source.title })}
                >
                  <Icon name="trash-2" />
                  {t("knowledge.sources.delete")}
                </Button>
              }
            />
          </>
        ) : null}
      </div>
      {chunks ? (
        <section
          id={chunksId}
          aria-label={t("knowledge.sources.chunksOf", { title: source.title })}
          className="mt-4 space-y-2 border-t border-border pt-4"
        >
          {chunks.length === 0 ? (
            <p className="text-sm text-text-muted">{t("knowledge.sources.noChunks")}</p>
          ) : (
            <ol className="space-y-2" data-testid="knowledge-chunks">
              {chunks.map((chunk) => (
                <li
                  key={chunk.id}
                  className="rounded-control border border-border bg-surface-muted p-3 text-sm"
                >
                  <p className="mb-1 text-xs text-text-muted">
                    {t("knowledge.sources.chunkNumber", { number: chunk.position + 1 })}
                    {chunk.heading ? (
                      <>
                        {" · "}
                        <span dir="auto">{chunk.heading}</span>
                      </>
                    ) : null}
                  </p>
                  <p dir="auto" className="whitespace-pre-wrap break-words">
                    {chunk.text}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </article>
  );
}

/** Adding a source: a text, a file, or one of the organization's documents. */
function AddSource({ documents }: { documents: { value: string; label: string }[] }) {
  const { t } = useTranslation("xbot");
  const errorText = useErrorText();
  const text = useAnswer("source-text");
  const file = useAnswer("source-file");
  const document = useAnswer("source-document");
  const addingText = useIsPending({ intent: "source-text" });
  const addingFile = useIsPending({ intent: "source-file" });
  const addingDocument = useIsPending({ intent: "source-document" });
  const website = useAnswer("source-website");
  const addingWebsite = useIsPending({ intent: "source-website" });
  const added = useResetOnNotice("knowledge-added");
  const error = (answer: KnowledgeAnswer | undefined, field: string) => {
    const key = answer?.errors?.[field];
    return key ? errorText([key]) : undefined;
  };
  const box = "space-y-3 rounded-card border border-border bg-surface p-4 shadow-card";
  return (
    <section aria-labelledby="add-source-heading" className="space-y-3">
      <h3 id="add-source-heading" className="text-base font-semibold">
        {t("knowledge.add.title")}
      </h3>
      <div className="grid gap-4 lg:grid-cols-2">
        <Form
          ref={added(0)}
          method="post"
          className={`${box} lg:row-span-2`}
          aria-labelledby="add-text-heading"
        >
          <h4 id="add-text-heading" className="text-sm font-semibold">
            {t("knowledge.add.text.title")}
          </h4>
          <input type="hidden" name="intent" value="source-text" />
          <Field
            id="source-title"
            name="title"
            label={t("knowledge.add.text.name")}
            defaultValue={text?.values?.title}
            maxLength={knowledgeLimits.title}
            required
            dir="auto"
            error={error(text, "title")}
          />
          <TextareaField
            id="source-text"
            name="text"
            label={t("knowledge.add.text.text")}
            hint={t("knowledge.add.text.hint")}
            defaultValue={text?.values?.text}
            maxLength={knowledgeLimits.text}
            rows={8}
            required
            dir="auto"
            error={error(text, "text")}
          />
          {text?.formError ? (
            <p role="alert" className="text-sm text-danger">
              {t(text.formError)}
            </p>
          ) : null}
          <Button type="submit" disabled={addingText}>
            <Icon name="plus" />
            {t("knowledge.add.text.submit")}
          </Button>
        </Form>
        <Form
          ref={added(1)}
          method="post"
          encType="multipart/form-data"
          className={box}
          aria-labelledby="add-file-heading"
        >
          <h4 id="add-file-heading" className="text-sm font-semibold">
            {t("knowledge.add.file.title")}
          </h4>
          <input type="hidden" name="intent" value="source-file" />
          <Field
            id="source-file"
            name="file"
            type="file"
            accept={knowledgeFileAccept}
            label={t("knowledge.add.file.file")}
            hint={t("knowledge.add.file.hint")}
            required
            className="[&_input]:h-auto [&_input]:py-2"
            error={error(file, "file")}
          />
          {file?.formError ? (
            <p role="alert" className="text-sm text-danger">
              {t(file.formError)}
            </p>
          ) : null}
          <Button type="submit" variant="secondary" disabled={addingFile}>
            <Icon name="upload" />
            {t("knowledge.add.file.submit")}
          </Button>
        </Form>
        <Form ref={added(2)} method="post" className={box} aria-labelledby="add-document-heading">
          <h4 id="add-document-heading" className="text-sm font-semibold">
            {t("knowledge.add.document.title")}
          </h4>
          <input type="hidden" name="intent" value="source-document" />
          {documents.length === 0 ? (
            <p className="text-sm text-text-muted">{t("knowledge.add.document.none")}</p>
          ) : (
            <>
              <SelectField
                id="source-document"
                name="documentId"
                label={t("knowledge.add.document.document")}
                hint={t("knowledge.add.document.hint")}
                defaultValue=""
                options={[{ value: "", label: t("knowledge.add.document.choose") }, ...documents]}
                error={error(document, "documentId")}
              />
              {document?.formError ? (
                <p role="alert" className="text-sm text-danger">
                  {t(document.formError)}
                </p>
              ) : null}
              <Button type="submit" variant="secondary" disabled={addingDocument}>
                <Icon name="plus" />
                {t("knowledge.add.document.submit")}
              </Button>
            </>
          )}
        </Form>
        <AddWebsiteForm
          formRef={added(3)}
          answer={website}
          pending={addingWebsite}
          className={`${box} lg:col-span-2`}
        />
      </div>
    </section>
  );
}

function QaTab({
  qa,
  q,
  editing,
  asking,
  canManage,
}: {
  qa: {
    items: KnowledgeQa[];
    total: number;
    page: number;
    pageSize: number;
    totalCapped?: boolean;
  };
  q: string;
  editing: string | undefined;
  asking: string | undefined;
  canManage: boolean;
}) {
  const { t } = useTranslation("xbot");
  const link = usePageLink();
  const saved = useAnswer("qa-save");

  return (
    <>
      {canManage ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <section
            aria-labelledby="qa-add-heading"
            className="space-y-3 rounded-card border border-border bg-surface p-4 shadow-card"
          >
            <h3 id="qa-add-heading" className="text-sm font-semibold">
              {t("knowledge.qa.add")}
            </h3>
            <QaForm pair={null} answer={saved && !saved.qaId ? saved : undefined} />
          </section>
          <QaFiles />
        </div>
      ) : null}
      <section aria-labelledby="qa-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="qa-heading" className="text-base font-semibold">
            {t("knowledge.qa.title")}
          </h3>
          <div className="flex flex-wrap gap-2 text-sm">
            <a
              className="text-accent hover:underline"
              href="/x-bot/knowledge/qa/export?format=csv"
              download
            >
              <Icon name="download" className="me-1 inline" />
              {t("knowledge.qa.exportCsv")}
            </a>
            <a
              className="text-accent hover:underline"
              href="/x-bot/knowledge/qa/export?format=jsonl"
              download
            >
              <Icon name="download" className="me-1 inline" />
              {t("knowledge.qa.exportJsonl")}
            </a>
          </div>
        </div>
        {qa.total > 0 || q ? (
          <Form
            method="get"
            role="search"
            aria-label={t("knowledge.qa.searchLabel")}
            className="flex flex-wrap items-end gap-3"
          >
            <input type="hidden" name="tab" value="qa" />
            <div className="min-w-56 flex-1 space-y-1.5">
              <label htmlFor="qa-search" className="text-sm font-medium">
                {t("knowledge.qa.search")}
              </label>
              <Input
                id="qa-search"
                name="q"
                type="search"
                dir="auto"
                maxLength={200}
                defaultValue={q}
              />
            </div>
            <Button type="submit" variant="secondary">
              <Icon name="search" />
              {t("knowledge.qa.searchSubmit")}
            </Button>
          </Form>
        ) : null}
        {qa.items.length === 0 ? (
          q ? (
            <EmptyState icon="search-x" title={t("knowledge.qa.noMatch")} />
          ) : (
            <EmptyState icon="messages-square" title={t("knowledge.qa.empty.title")}>
              {canManage ? t("knowledge.qa.empty.body") : t("knowledge.qa.empty.bodyReader")}
            </EmptyState>
          )
        ) : (
          <ul className="space-y-3">
            {qa.items.map((pair) => (
              <li
                key={pair.id}
                data-testid="knowledge-qa"
                className="rounded-card border border-border bg-surface p-4 shadow-card"
              >
                {canManage && editing === pair.id ? (
                  <QaForm pair={pair} answer={saved?.qaId === pair.id ? saved : undefined} />
                ) : (
                  <>
                    <p dir="auto" className="font-medium">
                      {pair.question}
                    </p>
                    <p dir="auto" className="mt-1 whitespace-pre-wrap text-sm text-text-muted">
                      {pair.answer}
                    </p>
                    {canManage ? (
                      <div className="mt-3 flex flex-wrap gap-2">
                        <Button asChild size="sm" variant="ghost">
                          <LocalizedLink
                            to={link({ edit: pair.id })}
                            preventScrollReset
                            aria-label={t("knowledge.qa.editLabel", { question: pair.question })}
                          >
                            <Icon name="pencil" />
                            {t("knowledge.qa.edit")}
                          </LocalizedLink>
                        </Button>
                        <ConfirmDialog
                          intent="qa-delete"
                          fields={{ qaId: pair.id }}
                          asking={asking === pair.id}
                          title={t("knowledge.qa.confirmDelete.title")}
                          description={t("knowledge.qa.confirmDelete.body")}
                          confirmLabel={t("knowledge.qa.confirmDelete.confirm")}
                          cancelLabel={t("knowledge.qa.confirmDelete.cancel")}
                          trigger={
                            <Button
                              type="submit"
                              size="sm"
                              variant="ghost"
                              className="text-danger"
                              aria-label={t("knowledge.qa.deleteLabel", {
                                question: pair.question,
                              })}
                            >
                              <Icon name="trash-2" />
                              {t("knowledge.qa.delete")}
                            </Button>
                          }
                        />
                      </div>
                    ) : null}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={qa.page}
          pageSize={qa.pageSize}
          total={qa.total}
          totalCapped={qa.totalCapped}
          label={t("knowledge.qa.pages")}
        />
      </section>
    </>
  );
}

function QaForm({
  pair,
  answer,
}: {
  pair: KnowledgeQa | null;
  answer: KnowledgeAnswer | undefined;
}) {
  const { t } = useTranslation("xbot");
  const errorText = useErrorText();
  const link = usePageLink();
  const saving = useIsPending({ intent: "qa-save" });
  const saved = useResetOnNotice("knowledge-qa-saved");
  const prefix = pair ? `qa-${pair.id}` : "qa-new";
  const error = (field: string) => {
    const key = answer?.errors?.[field];
    return key ? errorText([key]) : undefined;
  };
  return (
    <Form
      ref={pair ? undefined : saved(0)}
      method="post"
      preventScrollReset
      className="space-y-3"
      aria-label={pair ? t("knowledge.qa.editTitle") : t("knowledge.qa.add")}
    >
      <input type="hidden" name="intent" value="qa-save" />
      {pair ? (
        <>
          <input type="hidden" name="qaId" value={pair.id} />
          <input type="hidden" name="version" value={pair.version} />
        </>
      ) : null}
      <Field
        id={`${prefix}-question`}
        name="question"
        label={t("knowledge.qa.question")}
        defaultValue={answer?.values?.question ?? pair?.question}
        maxLength={knowledgeLimits.question}
        required
        dir="auto"
        error={error("question")}
      />
      <TextareaField
        id={`${prefix}-answer`}
        name="answer"
        label={t("knowledge.qa.answer")}
        defaultValue={answer?.values?.answer ?? pair?.answer}
        maxLength={knowledgeLimits.answer}
        rows={4}
        required
        dir="auto"
        error={error("answer")}
      />
      {answer?.formError ? (
        <p role="alert" className="text-sm text-danger">
          {t(answer.formError)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          <Icon name="check" />
          {pair ? t("knowledge.qa.save") : t("knowledge.qa.addSubmit")}
        </Button>
        {pair ? (
          <Button asChild variant="secondary">
            <LocalizedLink to={link({ edit: null })} preventScrollReset>
              {t("knowledge.qa.cancel")}
            </LocalizedLink>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

/** Import a file of pairs; each bad row is named by its line. */
function QaFiles() {
  const { t } = useTranslation("xbot");
  const errorText = useErrorText();
  const imported = useAnswer("qa-import");
  const importing = useIsPending({ intent: "qa-import" });
  const importedForms = useResetOnNotice("knowledge-qa-imported");
  const error = imported?.errors?.file ? errorText([imported.errors.file]) : undefined;
  return (
    <section
      aria-labelledby="qa-import-heading"
      className="space-y-3 rounded-card border border-border bg-surface p-4 shadow-card"
    >
      <h3 id="qa-import-heading" className="text-sm font-semibold">
        {t("knowledge.qa.import.title")}
      </h3>
      <Form
        ref={importedForms(0)}
        method="post"
        encType="multipart/form-data"
        className="space-y-3"
      >
        <input type="hidden" name="intent" value="qa-import" />
        <Field
          id="qa-import-file"
          name="file"
          type="file"
          accept=".csv,.jsonl,.ndjson,text/csv,application/x-ndjson"
          label={t("knowledge.qa.import.file")}
          hint={t("knowledge.qa.import.hint")}
          required
          className="[&_input]:h-auto [&_input]:py-2"
          error={error}
        />
        <Button type="submit" variant="secondary" disabled={importing}>
          <Icon name="upload" />
          {t("knowledge.qa.import.submit")}
        </Button>
      </Form>
      {imported?.formError ? (
        <FormAlert tone="error">
          <p>{t(imported.formError, { count: imported.invalidRows ?? 0 })}</p>
          {imported.rows?.length ? (
            <ul className="mt-2 list-disc space-y-1 ps-5" data-testid="knowledge-import-rows">
              {imported.rows.map((row) => (
                <li key={`${row.line}-${row.field}`}>
                  {t("knowledge.qa.import.row", { line: row.line })}{" "}
                  <span dir="auto">
                    {row.field === "row" ? "" : `${row.field}: `}
                    {row.message}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </FormAlert>
      ) : null}
    </section>
  );
}

/** The test box: what the bot would draw on for a question. */
function TestBox() {
  const { t } = useTranslation("xbot");
  const language = useLanguage();
  const errorText = useErrorText();
  const searched = useAnswer("search");
  const searching = useIsPending({ intent: "search" });
  const result = searched?.search?.result;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
  const foundBy = (by: ("text" | "vector")[]) =>
    by.map((one) => t(`knowledge.test.foundBy.${one}`)).join(" + ");
  return (
    <aside
      aria-labelledby="test-heading"
      className="h-fit space-y-3 rounded-card border border-border bg-surface p-4 shadow-card"
    >
      <h3 id="test-heading" className="text-base font-semibold">
        {t("knowledge.test.title")}
      </h3>
      <p className="text-sm text-text-muted">{t("knowledge.test.intro")}</p>
      <Form method="post" preventScrollReset className="space-y-3">
        <input type="hidden" name="intent" value="search" />
        <Field
          id="test-query"
          name="query"
          label={t("knowledge.test.question")}
          defaultValue={searched?.values?.query}
          maxLength={knowledgeLimits.query}
          required
          dir="auto"
          error={searched?.errors?.query ? errorText([searched.errors.query]) : undefined}
        />
        <Button type="submit" variant="secondary" disabled={searching}>
          <Icon name="search" />
          {t("knowledge.test.submit")}
        </Button>
      </Form>
      {searched?.formError ? (
        <p role="alert" className="text-sm text-danger">
          {t(searched.formError)}
        </p>
      ) : null}
      {result ? (
        <div className="space-y-3" aria-live="polite" data-testid="knowledge-test-results">
          {result.vectors ? null : (
            <FormAlert tone="info">
              <p>{t("knowledge.test.noVectors")}</p>
            </FormAlert>
          )}
          {result.rerankModel ? (
            <p className="text-sm text-text-muted">
              <IsolatedMessage
                ns="xbot"
                i18nKey="knowledge.test.reranked"
                values={{ model: result.rerankModel }}
              />
            </p>
          ) : null}
          <h4 className="text-sm font-semibold">{t("knowledge.test.passages")}</h4>
          {result.chunks.length === 0 ? (
            <p className="text-sm text-text-muted">{t("knowledge.test.noPassages")}</p>
          ) : (
            <ol className="space-y-2">
              {result.chunks.map((chunk, index) => (
                <li
                  key={chunk.id}
                  data-testid="knowledge-test-chunk"
                  className="rounded-control border border-border p-3 text-sm"
                >
                  <p className="flex flex-wrap items-center gap-x-2 text-xs text-text-muted">
                    <span className="font-semibold text-text">{index + 1}.</span>
                    <span dir="auto" className="font-medium text-text">
                      {chunk.sourceTitle}
                    </span>
                    {chunk.heading ? <span dir="auto">{chunk.heading}</span> : null}
                  </p>
                  <p dir="auto" className="mt-1 line-clamp-4 whitespace-pre-wrap">
                    {chunk.text}
                  </p>
                  <p className="mt-1 text-xs text-text-muted">
                    {t("knowledge.test.score", { score: number.format(chunk.score) })}
                    {chunk.relevance === null
                      ? null
                      : ` · ${t("knowledge.test.relevance", { score: number.format(chunk.relevance) })}`}
                    {" · "}
                    {t("knowledge.test.foundByLabel", { how: foundBy(chunk.foundBy) })}
                  </p>
                </li>
              ))}
            </ol>
          )}
          <h4 className="text-sm font-semibold">{t("knowledge.test.qa")}</h4>
          {result.qa.length === 0 ? (
            <p className="text-sm text-text-muted">{t("knowledge.test.noQa")}</p>
          ) : (
            <ol className="space-y-2">
              {result.qa.map((pair) => (
                <li
                  key={pair.id}
                  data-testid="knowledge-test-qa"
                  className="rounded-control border border-border p-3 text-sm"
                >
                  <p dir="auto" className="font-medium">
                    {pair.question}
                  </p>
                  <p dir="auto" className="mt-1 line-clamp-3 text-text-muted">
                    {pair.answer}
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-text-muted">
                    {pair.close ? <Badge tone="success">{t("knowledge.test.close")}</Badge> : null}
                    <span>
                      {t("knowledge.test.score", { score: number.format(pair.score) })}
                      {" · "}
                      {t("knowledge.test.foundByLabel", { how: foundBy(pair.foundBy) })}
                    </span>
                  </p>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </aside>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
