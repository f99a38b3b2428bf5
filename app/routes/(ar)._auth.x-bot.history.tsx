import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
} from "react-router";
import { z } from "zod";
import { ExportLinks } from "~/components/records/export-links";
import { ClearFiltersButton, ListSearchForm } from "~/components/records/list-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { SelectField } from "~/components/ui/select";
import { ConversationList, TranscriptView } from "~/components/xbot/history";
import { XbotNoBot } from "~/components/xbot-section";
import { isApiError, isUserError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form-body.server";
import { replyWithApiError } from "~/lib/form-replies.server";
import { pageLanguage } from "~/lib/i18n.server";
import { listingSchema, optionalChoice } from "~/lib/listing";
import { pageAddress, readListing } from "~/lib/listing.server";
import { requirePermission } from "~/lib/permissions.server";
import { safeRedirect } from "~/lib/redirect.server";
import { rethrowAsPageError, rethrowAsUnavailable } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { conversationQuery } from "~/lib/xbot-history";
import { KnowledgeQaFields } from "~/lib/xbot-knowledge";

export const handle = { title: "pages.xbot.history" };

const pageSize = 20;
const day = z.iso.date().optional().catch(undefined);

const Listing = listingSchema({
  rating: optionalChoice(["up", "down"]),
  language: optionalChoice(["en", "ar"]),
  questions: optionalChoice(["unanswered"]),
  who: optionalChoice(["previews"]),
  leads: optionalChoice(["left"]),
  from: day,
  to: day,
  /** The conversation whose transcript is open. */
  conversation: z.coerce.number().int().positive().optional().catch(undefined),
  /** The answer whose "Improve answer" form is open. */
  improve: z.coerce.number().int().positive().optional().catch(undefined),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.read");
  const api = getApiClient(request, context, token);
  const listing = readListing(request, Listing);
  const canManage = user.account.currentOrganizationPermissions.includes("bots.manage");
  const now = Date.now();
  const { bot } = await api.get("/user/current-bot").catch(rethrowAsUnavailable);
  if (!bot) {
    return { bot: null, listing, now, canManage, conversations: null, transcript: null } as const;
  }
  const [conversations, transcript] = await Promise.all([
    api
      .get("/bots/{id}/conversations", {
        path: { id: bot.id },
        query: {
          page: listing.page,
          pageSize,
          ...conversationQuery(listing),
        },
      })
      .catch(rethrowAsPageError),
    listing.conversation
      ? api
          .get("/conversations/{id}", { path: { id: String(listing.conversation) } })
          .then((found) => (found.conversation.botId === bot.id ? found : "gone"))
          .catch((error: unknown) => {
            if (isApiError(error, 404)) return "gone" as const;
            return rethrowAsPageError(error);
          })
      : null,
  ]);
  return {
    bot: { id: bot.id, name: bot.name },
    listing,
    now,
    canManage,
    conversations,
    transcript,
  } as const;
}

/**
 * "Improve answer": the question and its right answer become a pair of the current bot's
 * knowledge (bots.manage), and the transcript is shown again with the form closed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.manage");
  const api = getApiClient(request, context, token);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: KnowledgeQaFields });
  if (form.get("intent") !== "improve" || submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 422 });
  }
  // The transcript again, its form closed.
  const back = (changes: Record<string, string> = {}) =>
    pageAddress(
      new URL(request.url),
      "/x-bot/history",
      pageLanguage(request),
      ["notice", "improve"],
      changes,
    );
  const { bot } = await api.get("/user/current-bot").catch(rethrowAsUnavailable);
  // No bot any more: the page says so.
  if (!bot) return safeRedirect(back());
  try {
    await api.post("/bots/{id}/knowledge/qa", { path: { id: bot.id }, body: submission.value });
  } catch (error) {
    if (!isUserError(error)) throw serviceUnavailable(error);
    return data({ result: replyWithApiError(submission, error) }, { status: error.status });
  }
  return safeRedirect(back({ notice: "answer-improved" }));
}

export default function XbotHistoryPage() {
  const { bot, listing, now, canManage, conversations, transcript } =
    useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation("xbot");
  const location = useLocation();
  if (!bot || !conversations) return <XbotNoBot>{t("history.noBot")}</XbotNoBot>;

  const filtered = Boolean(
    listing.q ||
      listing.rating ||
      listing.language ||
      listing.questions ||
      listing.who ||
      listing.leads ||
      listing.from ||
      listing.to,
  );
  // This page's address with `changes` (null: left out), a notice shown once.
  const addressWith = (changes: Record<string, string | null>) => {
    const search = new URLSearchParams(location.search);
    search.delete("notice");
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) search.delete(name);
      else search.set(name, value);
    }
    return `/x-bot/history?${search.toString()}`;
  };
  const hrefOf = (id: number) => addressWith({ conversation: String(id), improve: null });
  // The download takes the list's filters, as the page's address gives them.
  const exportHref = (format: "csv" | "json") => {
    const search = new URLSearchParams({ format });
    for (const name of [
      "q",
      "rating",
      "language",
      "questions",
      "who",
      "leads",
      "from",
      "to",
    ] as const) {
      const value = listing[name];
      if (value) search.set(name, value);
    }
    return `/x-bot/history/export?${search.toString()}`;
  };
  const improveHrefOf = (messageId: number | null) =>
    addressWith({ improve: messageId === null ? null : String(messageId) });

  return (
    <section aria-labelledby="history-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="history-title" className="text-lg font-semibold">
          {t("history.title")}
        </h2>
        {conversations.items.length > 0 ? (
          <ExportLinks
            hrefOf={exportHref}
            labels={{ csv: t("history.export.csv"), json: t("history.export.json") }}
          />
        ) : null}
      </div>
      <ListSearchForm
        ns="xbot"
        className="grid gap-3 rounded-card border border-border bg-surface p-4 shadow-card sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 lg:items-end"
        searchId="history-search"
        q={listing.q}
      >
        <SelectField
          id="history-rating"
          name="rating"
          label={t("history.filters.rating")}
          defaultValue={listing.rating ?? ""}
          options={[
            { value: "", label: t("history.filters.anyRating") },
            { value: "up", label: t("history.filters.up") },
            { value: "down", label: t("history.filters.down") },
          ]}
        />
        <SelectField
          id="history-language"
          name="language"
          label={t("history.filters.language")}
          defaultValue={listing.language ?? ""}
          options={[
            { value: "", label: t("history.filters.anyLanguage") },
            { value: "en", label: t("history.filters.en"), lang: "en" },
            { value: "ar", label: t("history.filters.ar"), lang: "ar" },
          ]}
        />
        <SelectField
          id="history-questions"
          name="questions"
          label={t("history.filters.questions")}
          defaultValue={listing.questions ?? ""}
          options={[
            { value: "", label: t("history.filters.all") },
            { value: "unanswered", label: t("history.filters.unanswered") },
          ]}
        />
        <SelectField
          id="history-who"
          name="who"
          label={t("history.filters.who")}
          defaultValue={listing.who ?? ""}
          options={[
            { value: "", label: t("history.filters.visitors") },
            { value: "previews", label: t("history.filters.previews") },
          ]}
        />
        <SelectField
          id="history-leads"
          name="leads"
          label={t("history.filters.leads")}
          defaultValue={listing.leads ?? ""}
          options={[
            { value: "", label: t("history.filters.all") },
            { value: "left", label: t("history.filters.leftDetails") },
          ]}
        />
        <Field
          id="history-from"
          name="from"
          type="date"
          label={t("history.filters.from")}
          defaultValue={listing.from ?? ""}
        />
        <Field
          id="history-to"
          name="to"
          type="date"
          label={t("history.filters.to")}
          defaultValue={listing.to ?? ""}
        />
      </ListSearchForm>

      {conversations.items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon="search"
            title={t("history.noMatch.title")}
            action={<ClearFiltersButton to="/x-bot/history" label={t("history.noMatch.clear")} />}
          >
            {t("history.noMatch.body")}
          </EmptyState>
        ) : (
          <EmptyState icon="messages-square" title={t("history.empty.title")}>
            {t("history.empty.body")}
          </EmptyState>
        )
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
          <div className="space-y-3">
            <ConversationList
              items={conversations.items}
              selected={listing.conversation}
              hrefOf={hrefOf}
              now={now}
            />
            <Pagination
              page={conversations.page}
              pageSize={conversations.pageSize}
              total={conversations.total}
              totalCapped={conversations.totalCapped}
              label={t("history.list.pages")}
            />
          </div>
          {transcript === "gone" ? (
            <p role="status" className="rounded-card border border-border p-4 text-sm">
              {t("history.transcript.gone")}
            </p>
          ) : transcript ? (
            <TranscriptView
              transcript={transcript}
              now={now}
              improve={
                canManage
                  ? {
                      hrefOf: improveHrefOf,
                      open: listing.improve,
                      lastResult: actionData?.result,
                    }
                  : undefined
              }
            />
          ) : (
            <p className="rounded-card border border-dashed border-border p-6 text-center text-sm text-text-muted">
              {t("history.transcript.choose")}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
