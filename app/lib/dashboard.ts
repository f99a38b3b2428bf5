import type { components } from "./api/schema";

export type Dashboard = components["schemas"]["Dashboard"];
export type DashboardMetric = Dashboard["metrics"][number];
export type DashboardActivity = Dashboard["activity"][number];

/** The periods the dashboard offers, in days, as they stand in its address (`?days=7`). */
export const dashboardRanges = ["7", "30", "90"] as const;
export type DashboardRange = (typeof dashboardRanges)[number];

/** Where each kind of record the activity names is opened; a kind not here gets no link. */
export function subjectPath(subject: DashboardActivity["subject"]): string | null {
  if (subject.title === null) return null;
  switch (subject.kind) {
    case "client":
      return `/clients/${subject.id}`;
    case "project":
      return `/projects/${subject.id}`;
    case "document":
      return `/documents/${subject.id}`;
    case "image":
    case "audio":
    case "video":
      return `/${subject.kind}?id=${subject.id}`;
    case "thread":
      return `/threads/${subject.id}`;
    case "character":
      return `/characters?id=${subject.id}`;
    case "bot":
      return `/x-bot?bot=${subject.id}`;
    default:
      return null;
  }
}

/**
 * The days of a period as dates (YYYY-MM-DD, UTC), oldest first, from its first day: what each
 * of a metric's counts stands for.
 */
export function periodDays(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(start + index * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The change against the period before as a whole percentage, or null when there was none. */
export function trendPercent(metric: Pick<DashboardMetric, "total" | "previous">): number | null {
  if (metric.previous === 0) return null;
  return Math.round(((metric.total - metric.previous) / metric.previous) * 100);
}
