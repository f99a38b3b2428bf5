import { useTranslation } from "react-i18next";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { ActivityList } from "~/components/dashboard/activity-list";
import { Checklist } from "~/components/dashboard/checklist";
import { type ChartSeries, DailyChart } from "~/components/dashboard/daily-chart";
import { MetricCards } from "~/components/dashboard/metric-cards";
import { QuickActions } from "~/components/dashboard/quick-actions";
import { UsageCard } from "~/components/dashboard/usage-card";
import { LocalizedLink } from "~/components/localized-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageShell } from "~/components/ui/page-shell";
import { SegmentedLinks } from "~/components/ui/segmented-links";
import { getApiClient } from "~/lib/api.server";
import { type Dashboard, type DashboardMetric, dashboardRanges } from "~/lib/dashboard";
import { readForm } from "~/lib/form-body.server";
import { badRequest } from "~/lib/responses.server";
import { requireUser, serviceUnavailable } from "~/lib/session.server";
import type { loader as layoutLoader } from "./(ar)._auth";

export const handle = { title: "dashboard:title" };

const Range = z.enum(dashboardRanges).catch("30");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const organizationId = user.account.currentOrganizationId;
  const days = Range.parse(new URL(request.url).searchParams.get("days") ?? undefined);
  if (!organizationId) return { dashboard: null, organizationId, days, now: Date.now() };
  const dashboard = await getApiClient(request, context, token)
    .get("/organizations/{id}/dashboard", { path: { id: organizationId }, query: { days } })
    .catch((error: unknown) => {
      throw serviceUnavailable(error);
    });
  return { dashboard, organizationId, days, now: Date.now() };
}

/** Puts the first-run checklist away, or brings it back. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const organizationId = user.account.currentOrganizationId;
  const intent = (await readForm(request)).get("intent");
  if (!organizationId || (intent !== "dismiss-checklist" && intent !== "show-checklist")) {
    throw badRequest();
  }
  await getApiClient(request, context, token)
    .put("/organizations/{id}/dashboard/checklist", {
      path: { id: organizationId },
      body: { dismissed: intent === "dismiss-checklist" },
    })
    .catch((error: unknown) => {
      throw serviceUnavailable(error);
    });
  return null;
}

export default function DashboardPage() {
  const { dashboard, organizationId, days, now } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/(ar)._auth");
  const { t } = useTranslation("dashboard");
  const organization = layout?.organizations.find((item) => item.current)?.name ?? "";

  if (!dashboard || !organizationId) {
    return (
      <PageShell title={t("title")}>
        <EmptyState
          icon="building-2"
          title={t("noOrganization.title")}
          action={
            <Button asChild>
              <LocalizedLink to="/account/organization/create">
                {t("noOrganization.action")}
              </LocalizedLink>
            </Button>
          }
        >
          {t("noOrganization.body")}
        </EmptyState>
      </PageShell>
    );
  }

  const showChecklist =
    !dashboard.checklist.dismissed && dashboard.checklist.steps.some((step) => !step.done);

  return (
    <PageShell
      title={t("title")}
      description={organization ? t("description", { organization }) : undefined}
      actions={
        <div className="w-64">
          <SegmentedLinks
            label={t("range.label")}
            links={dashboardRanges.map((range) => ({
              to: `?days=${range}`,
              label: t(`range.${range}`),
              current: range === days,
            }))}
          />
        </div>
      }
    >
      {showChecklist ? (
        <Checklist checklist={dashboard.checklist} organizationId={organizationId} />
      ) : null}
      <QuickActions />
      <MetricCards metrics={dashboard.metrics} range={dashboard.range} />
      <div className="grid gap-6 xl:grid-cols-2">
        <DailyChart
          title={t("charts.content")}
          from={dashboard.from}
          series={series(dashboard, t, [
            ["media.image", "var(--color-chart-1)"],
            ["media.audio", "var(--color-chart-2)"],
            ["media.video", "var(--color-chart-3)"],
          ])}
        />
        <DailyChart
          title={t("charts.conversations")}
          from={dashboard.from}
          series={series(dashboard, t, [
            ["threads", "var(--color-chart-1)"],
            ["messages", "var(--color-chart-2)"],
            ["bot.conversations", "var(--color-chart-3)"],
          ])}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <ActivityList items={dashboard.activity} now={now} />
        <UsageCard usage={dashboard.usage} organizationId={organizationId} />
      </div>
    </PageShell>
  );
}

function series(
  dashboard: Dashboard,
  t: (key: string) => string,
  wanted: [DashboardMetric["metric"], string][],
): ChartSeries[] {
  return wanted.flatMap(([name, color]) => {
    const metric = dashboard.metrics.find((item) => item.metric === name);
    return metric ? [{ metric, label: t(`metrics.${name}`), color }] : [];
  });
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
