import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import type { Job } from "~/lib/creator-kinds";
import {
  creatorKindOfJob,
  creatorOf,
  libraryOf,
  mediaIdsOf,
  recipeJobKind,
  requestOf,
} from "~/lib/creator-kinds";
import { LocalizedLink } from "./localized-link";
import { cx } from "./ui/cx";
import { Icon } from "./ui/icon";

type FollowedJob = Pick<
  Job,
  "id" | "kind" | "status" | "progress" | "input" | "result" | "error" | "finishedAt"
>;

const icons = { image: "image", speech: "audio-lines", video: "clapperboard" } as const;

const active = (job: FollowedJob) => job.status === "queued" || job.status === "running";

/** How long a notice of a finished job stays (ms). */
const noticeMs = 10_000;

/**
 * The sidebar's running work: how many of the member's jobs are under way, each with its
 * progress, and a notice when one of them finishes. Loaded in the browser after the page, and
 * again whenever a live event revalidates the page.
 */
export function JobsIndicator() {
  return <ClientOnly>{() => <FollowedJobs />}</ClientOnly>;
}

function FollowedJobs() {
  const { t } = useTranslation();
  const fetcher = useFetcher<FollowedJob[]>();
  const [finished, setFinished] = useState<FollowedJob[]>([]);
  /** The jobs of the last answer, and whether each was still under way. */
  const seen = useRef<Map<string, boolean> | null>(null);
  const mountedAt = useRef(Date.now());
  const load = useRef(fetcher.load);
  load.current = fetcher.load;

  useEffect(() => {
    load.current("/jobs/latest");
  }, []);

  const jobs = fetcher.data ?? [];
  useEffect(() => {
    if (!fetcher.data) return;
    const before = seen.current;
    seen.current = new Map(fetcher.data.map((job) => [job.id, active(job)]));
    // News is a job that has ended since the last answer: one seen under way, or one not seen
    // at all (it ran between two answers). In the first answer, one that ended since the page
    // opened.
    const ended = fetcher.data.filter((job) => {
      if (active(job) || job.status === "cancelled") return false;
      if (before) return before.get(job.id) !== false;
      return job.finishedAt !== null && Date.parse(job.finishedAt) >= mountedAt.current;
    });
    if (ended.length === 0) return;
    setFinished((shown) => [...ended, ...shown].slice(0, 3));
    const timer = setTimeout(
      () => setFinished((shown) => shown.filter((job) => !ended.includes(job))),
      noticeMs,
    );
    return () => clearTimeout(timer);
  }, [fetcher.data]);

  const running = jobs.filter(active);
  return (
    <>
      {running.length > 0 ? (
        <details className="group mx-2 mb-2 rounded-control border border-border bg-surface-muted text-sm">
          <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 font-medium text-text">
            <Icon name="loader-circle" className="size-4 animate-spin text-accent" />
            {t("jobs.running", { count: running.length })}
            <Icon
              name="chevron-down"
              className="ms-auto size-4 transition-transform group-open:rotate-180"
            />
          </summary>
          <ul className="space-y-2 px-3 pb-3">
            {running.map((job) => {
              const kind = creatorKindOfJob(job.kind);
              const percent = Math.round(job.progress * 100);
              return (
                <li key={job.id}>
                  <LocalizedLink
                    to={kind ? creatorOf[kind] : "/dashboard"}
                    className="block rounded-control hover:text-accent"
                  >
                    <span dir="auto" className="line-clamp-1 text-xs text-text">
                      {requestOf(job) || t(`jobs.kinds.${kind ?? "other"}`)}
                    </span>
                    <span
                      role="progressbar"
                      aria-label={t("jobs.progress")}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percent}
                      className="mt-1 block h-1 overflow-hidden rounded-full bg-border"
                    >
                      <span
                        className={cx(
                          "block h-full bg-accent",
                          job.status === "queued" && "animate-pulse",
                        )}
                        style={{ width: `${Math.max(percent, 5)}%` }}
                      />
                    </span>
                  </LocalizedLink>
                </li>
              );
            })}
          </ul>
        </details>
      ) : null}
      <div aria-live="polite" className="fixed bottom-4 end-4 z-50 flex w-80 flex-col gap-2">
        {finished.map((job) => {
          const kind = creatorKindOfJob(job.kind);
          const succeeded = job.status === "succeeded";
          // A recipe's run made its image first; the video it ends in is what is ready.
          const ids = mediaIdsOf(job);
          const first = job.kind === recipeJobKind ? ids.at(-1) : ids[0];
          return (
            <div
              key={job.id}
              role="status"
              className="flex items-start gap-3 rounded-card border border-border bg-surface p-3 text-sm shadow-popover"
            >
              <Icon
                name={succeeded ? "circle-check" : "circle-alert"}
                className={cx("mt-0.5 size-4 shrink-0", succeeded ? "text-success" : "text-danger")}
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-text">
                  {t(succeeded ? `jobs.ready.${kind ?? "other"}` : "jobs.failed")}
                </p>
                <p dir="auto" className="line-clamp-1 text-text-muted">
                  {requestOf(job)}
                </p>
                {kind ? (
                  <LocalizedLink
                    to={succeeded && first ? `${libraryOf[kind]}?id=${first}` : creatorOf[kind]}
                    className="mt-1 inline-flex items-center gap-1 font-medium text-accent hover:underline"
                  >
                    <Icon name={icons[kind]} className="size-3.5" />
                    {t(succeeded ? "jobs.open" : "jobs.see")}
                  </LocalizedLink>
                ) : null}
              </div>
              <button
                type="button"
                onClick={() => setFinished((shown) => shown.filter((item) => item.id !== job.id))}
                className="rounded-control p-1 text-text-muted hover:bg-surface-muted hover:text-text"
                aria-label={t("jobs.dismiss")}
              >
                <Icon name="x" className="size-4" />
              </button>
            </div>
          );
        })}
      </div>
    </>
  );
}
