import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from "react";
import { FieldFrame } from "./field-frame";

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled multi-line input, wired up like Field. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(
  function TextareaField({ label, error, hint, id, className, rows = 3, ...props }, ref) {
    return (
      <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
        {(control) => (
          <textarea
            ref={ref}
            rows={rows}
            className="block w-full rounded-control border border-border bg-surface px-3 py-2 text-sm text-text placeholder:text-text-muted aria-[invalid=true]:border-danger"
            {...control}
            {...props}
          />
        )}
      </FieldFrame>
    );
  },
);
