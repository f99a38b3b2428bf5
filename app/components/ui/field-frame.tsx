import { type ReactNode, useId } from "react";
import { cx } from "./cx";

type Control = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/**
 * The label, hint and error around one control, wired up for assistive technology: `children`
 * gets the id and aria attributes to put on the control.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id?: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: Control) => ReactNode;
}) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const describedBy = [hint && `${controlId}-hint`, error && `${controlId}-error`]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={cx("space-y-1.5", className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-text">
        {label}
      </label>
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint ? (
        <p id={`${controlId}-hint`} className="text-xs text-text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${controlId}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
