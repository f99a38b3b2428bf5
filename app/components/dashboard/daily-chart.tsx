import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { type DashboardMetric, periodDays } from "~/lib/dashboard";
import { dateTimeFormat, numberFormat } from "~/lib/intl-formats";
import { useLanguage } from "~/lib/use-language";
import { Card } from "../ui/card";

export type ChartSeries = { metric: DashboardMetric; label: string; color: string };

/**
 * Counts per day as stacked bars, with a table of the same figures for those who do not see the
 * chart (none while nothing was made: the chart's box says so). The chart's box is sized by CSS before it draws, so the page does not move when it does;
 * in Arabic the days run from right to left and the counts' axis stands on the right.
 */
export function DailyChart({
  title,
  from,
  series,
}: {
  title: string;
  from: string;
  series: ChartSeries[];
}) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  const rtl = language === "ar";
  const days = periodDays(from, series[0]?.metric.days.length ?? 0);
  const dayLabel = dateTimeFormat(`${language}-u-nu-latn`, {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  const number = numberFormat(`${language}-u-nu-latn`);
  const data = days.map((day, index) => ({
    day: dayLabel.format(new Date(`${day}T00:00:00Z`)),
    ...Object.fromEntries(series.map((item) => [item.metric.metric, item.metric.days[index] ?? 0])),
  }));
  const empty = series.every((item) => item.metric.total === 0);
  const titleId = `chart-${series
    .map((item) => item.metric.metric)
    .join("-")
    .replace(/\./g, "-")}`;

  return (
    <Card as="section" aria-labelledby={titleId} className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-base font-semibold text-text">
          {title}
        </h2>
        <ul className="flex flex-wrap gap-3 text-xs text-text-muted">
          {series.map((item) => (
            <li key={item.metric.metric} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="size-2.5 rounded-sm"
                style={{ backgroundColor: item.color }}
              />
              {item.label}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4 h-56 w-full" aria-hidden="true">
        {empty ? (
          <p className="grid h-full place-items-center text-sm text-text-muted">
            {t("charts.empty")}
          </p>
        ) : (
          <BarChart
            responsive
            style={{ width: "100%", height: "100%" }}
            data={data}
            margin={{ top: 4, right: 4, bottom: 0, left: 4 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis
              dataKey="day"
              reversed={rtl}
              tickLine={false}
              axisLine={false}
              minTickGap={16}
              tick={{ fill: "var(--color-text-muted)", fontSize: 12 }}
            />
            <YAxis
              orientation={rtl ? "right" : "left"}
              allowDecimals={false}
              tickLine={false}
              axisLine={false}
              width={36}
              tickFormatter={(value: number) => number.format(value)}
              tick={{ fill: "var(--color-text-muted)", fontSize: 12 }}
            />
            <Tooltip
              cursor={{ fill: "var(--color-surface-muted)" }}
              contentStyle={{
                background: "var(--color-surface-raised)",
                border: "1px solid var(--color-border)",
                borderRadius: 8,
                color: "var(--color-text)",
                direction: rtl ? "rtl" : "ltr",
              }}
              formatter={(value, name) => [
                number.format(Number(value)),
                series.find((item) => item.metric.metric === name)?.label ?? String(name),
              ]}
            />
            {series.map((item) => (
              <Bar
                key={item.metric.metric}
                dataKey={item.metric.metric}
                stackId="day"
                fill={item.color}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        )}
      </div>
      {empty ? null : (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-text-muted hover:text-text">
            {t("charts.table")}
          </summary>
          <div className="mt-2">
            <table className="w-full text-sm tabular-nums">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-border text-text-muted">
                  <th scope="col" className="py-1.5 pe-4 text-start font-medium">
                    {t("charts.day")}
                  </th>
                  {series.map((item) => (
                    <th
                      key={item.metric.metric}
                      scope="col"
                      className="py-1.5 pe-4 text-start font-medium"
                    >
                      {item.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {data.map((row, index) => (
                  <tr key={days[index]}>
                    <th scope="row" className="py-1.5 pe-4 text-start font-normal">
                      {row.day}
                    </th>
                    {series.map((item) => (
                      <td key={item.metric.metric} className="py-1.5 pe-4">
                        {number.format(item.metric.days[index] ?? 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </Card>
  );
}
