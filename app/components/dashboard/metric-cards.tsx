import { useTranslation } from "react-i18next";
import { type DashboardMetric, trendPercent } from "~/lib/dashboard";
import { numberFormat } from "~/lib/intl-formats";
import { useLanguage } from "~/lib/use-language";
import { Card } from "../ui/card";
import { cx } from "../ui/cx";

/** The counts the cards show, in this order; the charts show the rest by day. */
const shown = [
  "media.image",
  "media.audio",
  "media.video",
  "threads",
  "documents",
  "clients",
  "projects",
  "characters",
  "bot.conversations",
] as const;

/** What was made in the period, each with its change against the period before. */
export function MetricCards({ metrics, range }: { metrics: DashboardMetric[]; range: number }) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  const number = numberFormat(`${language}-u-nu-latn`);
  const percent = numberFormat(`${language}-u-nu-latn`, { style: "percent" });
  const byName = new Map(metrics.map((metric) => [metric.metric, metric]));
  return (
    <section aria-labelledby="metrics-title">
      <h2 id="metrics-title" className="mb-3 text-sm font-semibold text-text-muted">
        {t("metrics.title", { count: range })}
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {shown.map((name) => {
          const metric = byName.get(name);
          if (!metric) return null;
          const change = trendPercent(metric);
          const trend =
            change === null
              ? t("metrics.trendNew", { count: range })
              : change === 0
                ? t("metrics.trendSame", { count: range })
                : t(change > 0 ? "metrics.trendUp" : "metrics.trendDown", {
                    count: range,
                    percent: percent.format(Math.abs(change) / 100),
                  });
          return (
            <li key={name}>
              <Card className="h-full p-4">
                <p className="text-sm text-text-muted">{t(`metrics.${name}`)}</p>
                <p className="mt-1 text-2xl font-semibold tabular-nums text-text">
                  {number.format(metric.total)}
                </p>
                <p
                  className={cx(
                    "mt-1 text-xs",
                    change !== null && change > 0 && "text-success",
                    change !== null && change < 0 && "text-danger",
                    (change === null || change === 0) && "text-text-muted",
                  )}
                >
                  {trend}
                </p>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
