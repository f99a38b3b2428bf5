import { forwardRef, type SelectHTMLAttributes, useId } from "react";
import { cx } from "./cx";
import { Icon } from "./icon";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hint?: string;
  error?: string;
  options: { value: string; label: string; lang?: string }[];
};

/** A native select, so it works before and without JavaScript, labelled like Field. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, options, id, className, ...props },
  ref,
) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const describedBy = [hint && `${selectId}-hint`, error && `${selectId}-error`]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={cx("space-y-1.5", className)}>
      <label htmlFor={selectId} className="block text-sm font-medium text-text">
        {label}
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="block h-10 w-full appearance-none rounded-control border border-border bg-surface ps-3 pe-9 text-sm text-text aria-[invalid=true]:border-danger"
          {...props}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
        <Icon
          name="chevron-down"
          className="pointer-events-none absolute end-3 top-1/2 -translate-y-1/2 text-text-muted"
        />
      </div>
      {hint ? (
        <p id={`${selectId}-hint`} className="text-xs text-text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${selectId}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
});
