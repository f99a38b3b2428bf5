import { forwardRef, type TextareaHTMLAttributes, useId } from "react";
import { cx } from "./cx";

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled multi-line input, wired up like Field. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(
  function TextareaField({ label, error, hint, id, className, rows = 3, ...props }, ref) {
    const generatedId = useId();
    const inputId = id ?? generatedId;
    const describedBy = [hint && `${inputId}-hint`, error && `${inputId}-error`]
      .filter(Boolean)
      .join(" ");
    return (
      <div className={cx("space-y-1.5", className)}>
        <label htmlFor={inputId} className="block text-sm font-medium text-text">
          {label}
        </label>
        <textarea
          ref={ref}
          id={inputId}
          rows={rows}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="block w-full rounded-control border border-border bg-surface px-3 py-2 text-sm text-text placeholder:text-text-muted aria-[invalid=true]:border-danger"
          {...props}
        />
        {hint ? (
          <p id={`${inputId}-hint`} className="text-xs text-text-muted">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${inputId}-error`} className="text-xs text-danger">
            {error}
          </p>
        ) : null}
      </div>
    );
  },
);
