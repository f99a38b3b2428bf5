import { forwardRef, type InputHTMLAttributes, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";
import { Icon } from "./icon";
import { Field } from "./input";

type PasswordFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Shown under the field, e.g. a strength meter. */
  children?: ReactNode;
};

/** A password input with a show/hide toggle once JavaScript runs; a plain one without it. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField({ label, error, hint, children, className, ...props }, ref) {
    const { t } = useTranslation("common");
    const hydrated = useHydrated();
    const [visible, setVisible] = useState(false);
    return (
      <div className={className}>
        <div className="relative">
          <Field
            ref={ref}
            label={label}
            error={error}
            hint={hint}
            type={visible ? "text" : "password"}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            className="[&_input]:pe-10"
            {...props}
          />
          {hydrated ? (
            <button
              type="button"
              onClick={() => setVisible((shown) => !shown)}
              aria-pressed={visible}
              aria-label={visible ? t("password.hide") : t("password.show")}
              title={visible ? t("password.hide") : t("password.show")}
              className="absolute end-1 top-[1.875rem] flex h-8 w-8 items-center justify-center rounded-control text-text-muted hover:bg-surface-muted hover:text-text"
            >
              <Icon name={visible ? "eye-off" : "eye"} />
            </button>
          ) : null}
        </div>
        {children}
      </div>
    );
  },
);
