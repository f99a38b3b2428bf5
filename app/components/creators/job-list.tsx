import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { LocalizedLink } from "~/components/localized-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/icon";
import {
  type CreatorKind,
  type Job,
  libraryOf,
  mediaIdsOf,
  recipeJobKind,
  requestOf,
  silenceOf,
} from "~/lib/creator-kinds";
import { formatRelativeTime } from "~/lib/relative-time";
import { useIsPending } from "~/lib/use-is-pending";
import { useLanguage } from "~/lib/use-language";
import { SilentNote } from "./silent-note";

const statusTone = {
  queued: "neutral",
  running: "accent",
  succeeded: "success",
  failed: "danger",
  cancelled: "neutral",
} as const;

/** A job's outcome: what it made, where it stands, or why it failed. */
function JobResult({ job, kind }: { job: Job; kind: CreatorKind }) {
  const { t } = useTranslation("creators");
  const ids = mediaIdsOf(job);
  if (job.status === "succeeded" && ids.length > 0) {
    if (kind === "speech") {
      return (
        <ul className="space-y-2">
          {ids.map((id) => (
            <li key={id} className="space-y-1">
              {/* The waveform the server drew of the speech. */}
              <img
                src={`/media/${id}/thumbnail`}
                alt=""
                loading="lazy"
                className="h-12 w-full rounded-control bg-surface-muted object-cover"
              />
              {/* biome-ignore lint/a11y/useMediaCaption: generated speech has no captions to offer */}
              <audio controls preload="none" src={`/media/${id}/content`} className="w-full" />
            </li>
          ))}
        </ul>
      );
    }
    if (kind === "video") {
      // A recipe's run made its image first, then the video that starts from it.
      const [startImage, ...videos] = job.kind === recipeJobKind ? ids : [undefined, ...ids];
      const silence = silenceOf(job);
      return (
        <ul className="space-y-2">
          {startImage ? (
            <li>
              <LocalizedLink
                to={`/image?id=${startImage}`}
                className="block w-24 overflow-hidden rounded-control border border-border bg-surface-muted"
              >
                <img
                  src={`/media/${startImage}/thumbnail`}
                  alt={t("jobs.startImageAlt", { request: requestOf(job) })}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
              </LocalizedLink>
            </li>
          ) : null}
          {videos.map((id) => (
            <li key={id} className="space-y-1">
              {/* biome-ignore lint/a11y/useMediaCaption: the slideshow's captions are its own text track */}
              <video
                controls
                preload="none"
                poster={`/media/${id}/thumbnail`}
                src={`/media/${id}/content`}
                aria-label={requestOf(job)}
                className="aspect-video w-full rounded-control bg-surface-muted"
              />
              <LocalizedLink
                to={`${libraryOf[kind]}?id=${id}`}
                className="text-sm font-medium text-accent hover:underline"
              >
                {t("jobs.openInLibrary")}
              </LocalizedLink>
            </li>
          ))}
          {silence ? (
            <li>
              <SilentNote silence={silence} />
            </li>
          ) : null}
        </ul>
      );
    }
    return (
      <ul className={cx("grid gap-2", ids.length > 1 ? "grid-cols-2" : "grid-cols-1")}>
        {ids.map((id, index) => (
          <li key={id}>
            <LocalizedLink
              to={`${libraryOf[kind]}?id=${id}`}
              className="block overflow-hidden rounded-control border border-border bg-surface-muted"
            >
              <img
                src={`/media/${id}/thumbnail`}
                alt={t("jobs.resultAlt", { number: index + 1, request: requestOf(job) })}
                loading="lazy"
                className="aspect-square w-full object-cover"
              />
            </LocalizedLink>
          </li>
        ))}
      </ul>
    );
  }
  if (job.status === "queued" || job.status === "running") {
    const percent = Math.round(job.progress * 100);
    return (
      <div
        role="progressbar"
        aria-label={t("jobs.progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className={cx(
            "h-full rounded-full bg-accent transition-[width]",
            job.status === "queued" && "animate-pulse",
          )}
          style={{ width: `${Math.max(percent, job.status === "queued" ? 5 : 8)}%` }}
        />
      </div>
    );
  }
  if (job.status === "failed" && job.error) {
    return (
      <p className="text-sm text-danger">
        {t([`errors.${job.error.code}`, "errors.UNKNOWN"], { detail: job.error.message })}
      </p>
    );
  }
  return null;
}

/** A job's card: what was asked, its status, what it made or why not, cancel and retry. */
export function JobCard({ job, kind, now }: { job: Job; kind: CreatorKind; now: number }) {
  const { t } = useTranslation("creators");
  const language = useLanguage();
  const cancelling = useIsPending({ intent: "cancel" });
  const retrying = useIsPending({ intent: "retry" });
  const request = requestOf(job);
  const ended = job.status === "failed" || job.status === "cancelled";
  return (
    <li className="space-y-3 rounded-card border border-border bg-surface p-4 shadow-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p dir="auto" className="line-clamp-2 text-sm text-text">
            {request || t("jobs.noPrompt")}
          </p>
          <p className="mt-1 text-xs text-text-muted">
            <time dateTime={job.createdAt}>{formatRelativeTime(job.createdAt, now, language)}</time>
          </p>
        </div>
        <Badge tone={statusTone[job.status]}>
          {job.status === "running" ? (
            <Icon name="loader-circle" className="me-1 size-3 animate-spin" />
          ) : null}
          {t(`jobs.status.${job.status}`)}
        </Badge>
      </div>
      <JobResult job={job} kind={kind} />
      {job.canCancel || ended ? (
        <Form method="post" className="flex justify-end gap-2">
          <input type="hidden" name="jobId" value={job.id} />
          {job.canCancel ? (
            <Button
              type="submit"
              name="intent"
              value="cancel"
              variant="secondary"
              size="sm"
              disabled={cancelling}
              aria-label={t("jobs.cancelLabel", { request })}
            >
              <Icon name="x" />
              {t("jobs.cancel")}
            </Button>
          ) : null}
          {ended ? (
            <Button
              type="submit"
              name="intent"
              value="retry"
              variant="secondary"
              size="sm"
              disabled={retrying}
              aria-label={t("jobs.retryLabel", { request })}
            >
              <Icon name="refresh-cw" />
              {t("jobs.retry")}
            </Button>
          ) : null}
        </Form>
      ) : null}
    </li>
  );
}

/** The member's latest jobs of the kind: live, as the realtime events revalidate the page. */
export function JobList({ jobs, kind, now }: { jobs: Job[]; kind: CreatorKind; now: number }) {
  const { t } = useTranslation("creators");
  return (
    <section aria-labelledby="creator-jobs" className="space-y-3">
      <h2 id="creator-jobs" className="text-base font-semibold text-text">
        {t("jobs.title")}
      </h2>
      {jobs.length === 0 ? (
        <p className="rounded-card border border-dashed border-border px-4 py-8 text-center text-sm text-text-muted">
          {t("jobs.empty")}
        </p>
      ) : (
        <ul className="space-y-3" aria-live="polite">
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} kind={kind} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
