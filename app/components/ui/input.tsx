import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";
import { cx } from "./cx";
import { FieldFrame } from "./field-frame";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function Input({ className, ...props }, ref) {
    return (
      <input
        ref={ref}
        className={cx(
          "block h-10 w-full rounded-control border border-border bg-surface px-3 text-sm text-text placeholder:text-text-muted",
          "aria-[invalid=true]:border-danger",
          className,
        )}
        {...props}
      />
    );
  },
);

/** A labelled input with its hint and error wired up for assistive technology. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, id, className, ...props },
  ref,
) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => <Input ref={ref} {...control} {...props} />}
    </FieldFrame>
  );
});

/** An email address field: left-to-right in every language, at most 320 characters. */
export const EmailField = forwardRef<HTMLInputElement, FieldProps>(function EmailField(props, ref) {
  return <Field ref={ref} type="email" autoComplete="email" dir="ltr" maxLength={320} {...props} />;
});
