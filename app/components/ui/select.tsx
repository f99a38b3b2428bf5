import { forwardRef, type ReactNode, type SelectHTMLAttributes } from "react";
import { FieldFrame } from "./field-frame";
import { Icon } from "./icon";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hint?: ReactNode;
  error?: string;
  options: { value: string; label: string; lang?: string }[];
};

/** A native select, so it works before and without JavaScript, labelled like Field. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, options, id, className, ...props },
  ref,
) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className="relative">
          <select
            ref={ref}
            className="block h-10 w-full appearance-none rounded-control border border-border bg-surface ps-3 pe-9 text-sm text-text aria-[invalid=true]:border-danger"
            {...control}
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
      )}
    </FieldFrame>
  );
});
