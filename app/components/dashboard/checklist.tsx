import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { Dashboard } from "~/lib/dashboard";
import { LocalizedLink } from "../localized-link";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cx } from "../ui/cx";
import { Icon } from "../ui/icon";

type Step = Dashboard["checklist"]["steps"][number]["step"];

/** Where each step of the checklist is done. */
function stepPath(step: Step, organizationId: string): string {
  switch (step) {
    case "aiProvider":
      return `/account/organization/${organizationId}/ai`;
    case "teammate":
      return `/account/organization/${organizationId}/members`;
    case "image":
      return "/image/creator";
    case "thread":
      return "/threads";
    case "bot":
      return "/x-bot";
    case "knowledge":
      return "/x-bot/knowledge";
    case "embed":
      return "/x-bot/embedding";
  }
}

/**
 * The first-run checklist: each step ticked by what the organization has done, linking to where
 * it is done; a member may put it away (a form, so it works without JavaScript).
 */
export function Checklist({
  checklist,
  organizationId,
}: {
  checklist: Dashboard["checklist"];
  organizationId: string;
}) {
  const { t } = useTranslation("dashboard");
  const done = checklist.steps.filter((step) => step.done).length;
  return (
    <Card as="section" aria-labelledby="checklist-title" className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="checklist-title" className="text-base font-semibold text-text">
            {t("checklist.title")}
          </h2>
          <p className="mt-0.5 text-sm text-text-muted">
            {t("checklist.description", { done, total: checklist.steps.length })}
          </p>
        </div>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="dismiss-checklist" />
          <Button type="submit" variant="ghost" size="sm">
            <Icon name="x" />
            {t("checklist.dismiss")}
          </Button>
        </Form>
      </div>
      <div
        className="mt-4 h-1.5 overflow-hidden rounded-full bg-surface-muted"
        role="progressbar"
        aria-label={t("checklist.title")}
        aria-valuemin={0}
        aria-valuemax={checklist.steps.length}
        aria-valuenow={done}
      >
        <div
          className="h-full rounded-full bg-accent transition-[width]"
          style={{ width: `${(done / checklist.steps.length) * 100}%` }}
        />
      </div>
      <ol className="mt-4 grid gap-2 sm:grid-cols-2">
        {checklist.steps.map(({ step, done }) => (
          <li key={step}>
            <LocalizedLink
              to={stepPath(step, organizationId)}
              className={cx(
                "flex items-center gap-3 rounded-control border border-border px-3 py-2.5 text-sm transition-colors hover:bg-surface-muted",
                done ? "text-text-muted" : "font-medium text-text",
              )}
            >
              <span
                className={cx(
                  "grid size-6 shrink-0 place-items-center rounded-full border",
                  done
                    ? "border-transparent bg-success-soft text-success"
                    : "border-border text-transparent",
                )}
              >
                <Icon name="check" className="size-3.5" />
              </span>
              <span className={cx("flex-1", done && "line-through")}>
                {t(`checklist.steps.${step}`)}
              </span>
              {done ? <span className="sr-only">{t("checklist.done")}</span> : null}
              <Icon name="chevron-right" className="size-4 text-text-muted" />
            </LocalizedLink>
          </li>
        ))}
      </ol>
    </Card>
  );
}
