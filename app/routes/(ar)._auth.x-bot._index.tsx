import { useTranslation } from "react-i18next";
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { LocalizedLink } from "~/components/localized-link";
import { StaleVersionAlert } from "~/components/records/versioned-record";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cx } from "~/components/ui/cx";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { isApiError } from "~/lib/api/errors";
import { getApiClient } from "~/lib/api.server";
import { readForm } from "~/lib/form-body.server";
import { localizedPath } from "~/lib/i18n";
import { pageLanguage } from "~/lib/i18n.server";
import { numberFormat } from "~/lib/intl-formats";
import { requirePermission } from "~/lib/permissions.server";
import { safeRedirect } from "~/lib/redirect.server";
import { formatRelativeTime } from "~/lib/relative-time";
import { badRequest, rethrowAsPageError } from "~/lib/responses.server";
import { requireUser } from "~/lib/session.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { type BotSummary, botDetailLimits, checklistSteps, type OverviewAnswer } from "~/lib/xbot";

export const handle = { title: "pages.xbot.overview" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.read");
  const api = getApiClient(request, context, token);
  const canManage = user.account.currentOrganizationPermissions.includes("bots.manage");
  const current = await api.get("/user/current-bot").catch(rethrowAsPageError);
  const bot = current.bot;
  if (!bot) return { bot: null, summary: null, canManage, now: Date.now() };
  const summary = await api
    .get("/bots/{id}/summary", { path: { id: bot.id } })
    .catch(rethrowAsPageError);
  return {
    bot: {
      id: bot.id,
      name: bot.name,
      description: bot.description,
      status: bot.status,
      version: bot.version,
    },
    summary,
    canManage,
    now: Date.now(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  requirePermission(user, "bots.manage");
  const language = pageLanguage(request);
  const api = getApiClient(request, context, token);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "create") {
    // The page names the bot in its language; anything else is the product's own name for it.
    const named = String(form.get("name") ?? "").trim();
    const name = named && named.length <= botDetailLimits.name ? named : "x-bot";
    try {
      const bot = await api.post("/bots", { body: { name } });
      await api.put("/user/current-bot", { body: { botId: bot.id } });
    } catch (error) {
      rethrowAsPageError(error);
    }
    return safeRedirect(`${localizedPath("/x-bot/details", language)}?created=1`);
  }
  if (intent === "status") {
    const id = String(form.get("id") ?? "");
    const status = form.get("status");
    const version = Number(form.get("version"));
    if ((status !== "live" && status !== "draft") || !Number.isInteger(version) || !id) {
      throw badRequest();
    }
    try {
      await api.patch("/bots/{id}", { path: { id }, body: { status, version } });
    } catch (error) {
      if (isApiError(error, 409) && error.code === "STALE_VERSION") {
        return data<OverviewAnswer>({ intent: "status", stale: true }, { status: 409 });
      }
      rethrowAsPageError(error);
    }
    return safeRedirect(localizedPath("/x-bot", language));
  }
  throw badRequest();
}

/** No bot yet: one button makes the first (managers), or who can (the others). */
function NoBot({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation("xbot");
  const creating = useIsPending({ intent: "create" });
  return (
    <EmptyState
      icon="bot"
      title={t("overview.empty.title")}
      action={
        canManage ? (
          <Form method="post">
            <input type="hidden" name="intent" value="create" />
            <input type="hidden" name="name" value={t("overview.empty.defaultName")} />
            <Button type="submit" disabled={creating} data-testid="xbot-create-first">
              <Icon name="plus" />
              {t("overview.empty.create")}
            </Button>
          </Form>
        ) : null
      }
    >
      {canManage ? t("overview.empty.body") : t("overview.empty.bodyReadOnly")}
    </EmptyState>
  );
}

function Metrics({ summary }: { summary: BotSummary }) {
  const { t } = useTranslation("xbot");
  const language = useLanguage();
  const number = numberFormat(`${language}-u-nu-latn`);
  const metrics = [
    ["conversationsToday", summary.conversations.today],
    ["conversationsWeek", summary.conversations.week],
    ["messagesToday", summary.messages.today],
    ["messagesWeek", summary.messages.week],
  ] as const;
  return (
    <section aria-labelledby="xbot-metrics-title">
      <h2 id="xbot-metrics-title" className="sr-only">
        {t("overview.metrics.title")}
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {metrics.map(([name, value]) => (
          <li key={name}>
            <Card className="h-full p-4" data-testid={`xbot-metric-${name}`}>
              <p className="text-sm text-text-muted">{t(`overview.metrics.${name}`)}</p>
              <p className="mt-1 text-2xl font-semibold tabular-nums text-text">
                {number.format(value)}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RecentConversations({ summary, now }: { summary: BotSummary; now: number }) {
  const { t } = useTranslation("xbot");
  const language = useLanguage();
  return (
    <Card as="section" aria-labelledby="xbot-recent-title" className="p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="xbot-recent-title" className="text-base font-semibold text-text">
          {t("overview.recent.title")}
        </h2>
        {summary.recent.length > 0 ? (
          <LocalizedLink to="/x-bot/history" className="text-sm text-accent hover:underline">
            {t("overview.recent.all")}
          </LocalizedLink>
        ) : null}
      </div>
      {summary.recent.length === 0 ? (
        <p className="mt-3 text-sm text-text-muted">{t("overview.recent.empty")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {summary.recent.map((conversation) => (
            <li key={conversation.id} className="flex items-start gap-3 py-3">
              <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
                <Icon name="messages-square" className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p
                  dir="auto"
                  className={cx(
                    "truncate text-sm text-text",
                    conversation.firstMessage === null && "text-text-muted italic",
                  )}
                >
                  <LocalizedLink
                    to={`/x-bot/history?conversation=${conversation.id}`}
                    className="hover:underline"
                  >
                    {conversation.firstMessage ?? t("overview.recent.noMessage")}
                  </LocalizedLink>
                </p>
                <p className="mt-0.5 text-xs text-text-muted">
                  <time dateTime={conversation.lastMessageAt}>
                    {formatRelativeTime(conversation.lastMessageAt, now, language)}
                  </time>
                  <span aria-hidden="true"> · </span>
                  {t("overview.recent.messages", { count: conversation.messageCount })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Checklist({ summary }: { summary: BotSummary }) {
  const { t } = useTranslation("xbot");
  const done = checklistSteps.filter(([step]) => summary.checklist[step]).length;
  return (
    <Card as="section" aria-labelledby="xbot-checklist-title" className="p-5">
      <h2 id="xbot-checklist-title" className="text-base font-semibold text-text">
        {t("overview.checklist.title")}
      </h2>
      <p className="mt-0.5 text-sm text-text-muted">
        {t("overview.checklist.progress", { done, total: checklistSteps.length })}
      </p>
      <div
        className="mt-3 h-1.5 overflow-hidden rounded-full bg-surface-muted"
        role="progressbar"
        aria-label={t("overview.checklist.title")}
        aria-valuemin={0}
        aria-valuemax={checklistSteps.length}
        aria-valuenow={done}
      >
        <div
          className="h-full rounded-full bg-accent"
          style={{ width: `${(done / checklistSteps.length) * 100}%` }}
        />
      </div>
      <ol className="mt-4 space-y-2">
        {checklistSteps.map(([step, to]) => {
          const ticked = summary.checklist[step];
          return (
            <li key={step} data-testid={`xbot-step-${step}`} data-done={ticked}>
              <LocalizedLink
                to={to}
                className="flex items-center gap-3 rounded-control border border-border px-3 py-2.5 text-sm transition-colors hover:bg-surface-muted"
              >
                <span
                  className={cx(
                    "grid size-6 shrink-0 place-items-center rounded-full border",
                    ticked
                      ? "border-transparent bg-success-soft text-success"
                      : "border-border text-transparent",
                  )}
                >
                  <Icon name="check" className="size-3.5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className={cx("block", ticked ? "text-text-muted" : "font-medium")}>
                    {t(`overview.checklist.steps.${step}.title`)}
                  </span>
                  <span className="block text-xs text-text-muted">
                    {t(`overview.checklist.steps.${step}.hint`)}
                  </span>
                </span>
                <span className="sr-only">
                  {ticked ? t("overview.checklist.done") : t("overview.checklist.todo")}
                </span>
                <Icon name="chevron-right" className="size-4 shrink-0 text-text-muted" />
              </LocalizedLink>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

export default function XbotOverviewPage() {
  const { bot, summary, canManage, now } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const { t } = useTranslation("xbot");
  const changing = useIsPending({ intent: "status" });
  if (!bot || !summary) return <NoBot canManage={canManage} />;
  const live = bot.status === "live";
  return (
    <div className="space-y-6">
      {answer?.intent === "status" && answer.stale ? (
        <StaleVersionAlert
          title={t("overview.stale.title")}
          body={t("overview.stale.body")}
          reloadTo="/x-bot"
          reloadLabel={t("overview.stale.reload")}
        />
      ) : (
        <FormAlert tone="error" />
      )}
      <Card as="section" aria-labelledby="xbot-bot-name" className="p-5">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="xbot-bot-name" className="text-lg font-semibold text-text" dir="auto">
                {bot.name}
              </h2>
              <Badge tone={live ? "success" : "neutral"} className="gap-1.5">
                <span
                  aria-hidden="true"
                  className={cx("size-1.5 rounded-full", live ? "bg-success" : "bg-text-muted")}
                />
                <span data-testid="xbot-status">{t(`overview.status.${bot.status}`)}</span>
              </Badge>
            </div>
            <p className="text-sm text-text-muted">
              {t(live ? "overview.status.liveHint" : "overview.status.draftHint")}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button asChild variant="secondary">
              <LocalizedLink to="/x-bot/details">
                <Icon name="pencil" />
                {t("overview.editDetails")}
              </LocalizedLink>
            </Button>
            {canManage ? (
              <Form method="post">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="id" value={bot.id} />
                <input type="hidden" name="version" value={bot.version} />
                <input type="hidden" name="status" value={live ? "draft" : "live"} />
                <Button type="submit" variant={live ? "secondary" : "primary"} disabled={changing}>
                  <Icon name={live ? "eye-off" : "globe"} />
                  {t(live ? "overview.status.toDraft" : "overview.status.goLive")}
                </Button>
              </Form>
            ) : null}
          </div>
        </div>
      </Card>
      <Metrics summary={summary} />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <RecentConversations summary={summary} now={now} />
        <Checklist summary={summary} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
