import type { ReactNode } from "react";
import { cx } from "./cx";
import { Icon } from "./icon";

type FormAlertProps = {
  tone?: "error" | "success" | "info";
  children?: ReactNode;
  className?: string;
};

const tones = {
  error: { className: "border-danger/40 bg-danger-soft text-danger", icon: "circle-alert" },
  success: { className: "border-success/40 bg-success-soft text-success", icon: "circle-check" },
  info: { className: "border-border bg-surface-muted text-text", icon: "info" },
} as const;

/**
 * A form's message in a live region that is always in the page, so a message that appears after
 * a submission is announced. It can take focus (useFocusFirstError) when no field is to blame.
 */
export function FormAlert({ tone = "error", children, className }: FormAlertProps) {
  const { className: toneClass, icon } = tones[tone];
  return (
    <div
      aria-live={tone === "error" ? "assertive" : "polite"}
      className={cx("empty:hidden", className)}
    >
      {children ? (
        <div
          role={tone === "error" ? "alert" : "status"}
          tabIndex={-1}
          data-form-alert
          className={cx(
            "flex items-start gap-2 rounded-control border p-3 text-sm outline-none",
            toneClass,
          )}
        >
          <Icon name={icon} className="mt-0.5 shrink-0" />
          <div className="min-w-0 flex-1 space-y-1">{children}</div>
        </div>
      ) : null}
    </div>
  );
}
