import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icon";
import { PageShell } from "~/components/ui/page-shell";
import { type CreatorKind, type Job, libraryOf } from "~/lib/creator-kinds";
import type { GenerationOptions } from "~/lib/creators";
import { JobCard, JobList } from "./job-list";

const icons = { image: "image", speech: "audio-lines", video: "clapperboard" } as const;

type Offer = GenerationOptions[CreatorKind];

/**
 * A creator page: its form beside the member's latest jobs of the kind; without a model for the
 * kind, what to do about it instead of the form.
 */
export function CreatorFrame({
  kind,
  loaded,
  now,
  children,
  below,
}: {
  kind: CreatorKind;
  loaded:
    | { allowed: false; organizationId: string | null; canManageAi: boolean }
    | {
        allowed: true;
        organizationId: string | null;
        canManageAi: boolean;
        options: Offer;
        jobs: Job[];
        embeddedTools: GenerationOptions["embeddedTools"];
      };
  now: number;
  children: ReactNode;
  /** Under the form, in its column (the video creator's recipes). */
  below?: ReactNode;
}) {
  const { t } = useTranslation("creators");
  const title = t(`${kind}.title`);
  // Jobs made since the page was opened show under the form too, where Generate was pressed.
  const [openedAt] = useState(now);
  const library = (
    <Button asChild variant="secondary">
      <LocalizedLink to={libraryOf[kind]}>
        <Icon name={icons[kind]} />
        {t(`library.${kind}`)}
      </LocalizedLink>
    </Button>
  );

  if (!loaded.allowed) {
    return (
      <PageShell title={title} description={t(`${kind}.description`)}>
        <EmptyState icon="lock" title={t("noAccess.title")}>
          {t("noAccess.body")}
        </EmptyState>
      </PageShell>
    );
  }

  const { options, organizationId, canManageAi } = loaded;
  return (
    <PageShell title={title} description={t(`${kind}.description`)} actions={library}>
      {!options.configured ? (
        <EmptyState
          icon={icons[kind]}
          title={t(`notConfigured.${kind}`)}
          action={
            canManageAi && organizationId ? (
              <Button asChild>
                <LocalizedLink to={`/account/organization/${organizationId}/ai`}>
                  <Icon name="settings" />
                  {t("notConfigured.link")}
                </LocalizedLink>
              </Button>
            ) : undefined
          }
        >
          {canManageAi ? t("notConfigured.bodyManager") : t("notConfigured.body")}
          <MissingTool kind={kind} tools={loaded.embeddedTools} />
        </EmptyState>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-6">
            <section
              aria-labelledby="creator-settings"
              className="rounded-card border border-border bg-surface p-5 shadow-card"
            >
              <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
                <h2 id="creator-settings" className="text-base font-semibold text-text">
                  {t("settings")}
                </h2>
                <p className="flex flex-wrap items-center gap-2 text-xs text-text-muted">
                  {options.label ? (
                    <Badge tone="accent">{t(`labels.${options.label}`)}</Badge>
                  ) : (
                    <span>
                      {t("model")}: <span dir="ltr">{options.model}</span>
                    </span>
                  )}
                </p>
              </div>
              {options.label ? (
                <p className="mb-4 text-sm text-text-muted">{t(`labelHints.${options.label}`)}</p>
              ) : null}
              {children}
              <StartedJob jobs={loaded.jobs} kind={kind} since={openedAt} now={now} />
            </section>
            {below}
          </div>
          <JobList jobs={loaded.jobs} kind={kind} now={now} />
        </div>
      )}
    </PageShell>
  );
}

/** The server's own model of a kind that a missing program turned off, and that program. */
const embeddedToolOf = {
  speech: { tool: "espeakNg", name: "espeak-ng", message: "notConfigured.missingVoice" },
  video: { tool: "ffmpeg", name: "ffmpeg", message: "notConfigured.missingSlideshow" },
} as const;

function MissingTool({
  kind,
  tools,
}: {
  kind: CreatorKind;
  tools: GenerationOptions["embeddedTools"];
}) {
  const { t } = useTranslation("creators");
  if (kind === "image") return null;
  const { tool, name, message } = embeddedToolOf[kind];
  if (tools[tool]) return null;
  return (
    <span data-missing-tool={name} className="mt-2 block">
      {t(message)} <bdi dir="ltr">{name}</bdi>
    </span>
  );
}

/**
 * The newest job made since the page was opened, under the form's Generate button: its progress
 * shows where the eye is, however long the form, while "Your latest" lists it too.
 */
function StartedJob({
  jobs,
  kind,
  since,
  now,
}: {
  jobs: Job[];
  kind: CreatorKind;
  since: number;
  now: number;
}) {
  const { t } = useTranslation("creators");
  const started = jobs.find((job) => Date.parse(job.createdAt) >= since);
  const ref = useRef<HTMLElement>(null);
  // A job just asked for is brought into view, as little as it takes, and again once it has
  // ended and shows what it made.
  const shown = started ? `${started.id}:${started.status}` : null;
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView({ block: "nearest" });
  }, [shown]);
  if (!started) return null;
  return (
    <section ref={ref} aria-labelledby="creator-started" className="mt-4 space-y-2">
      <h3 id="creator-started" className="text-sm font-medium text-text-muted">
        {t("jobs.started")}
      </h3>
      <ul>
        <JobCard job={started} kind={kind} now={now} />
      </ul>
    </section>
  );
}
