import type { ReactNode } from "react";
import { FormAlert } from "~/components/ui/form-alert";
import { useErrorText } from "~/lib/app-form";

/** The form's own errors (Conform's `form.errors`), translated, in the form's alert. */
export function FormErrors({
  errors,
  className,
  children,
}: {
  errors: readonly string[] | undefined;
  className?: string;
  /** More to show under the message (an action it offers). */
  children?: ReactNode;
}) {
  const errorText = useErrorText();
  const message = errorText(errors);
  return (
    <FormAlert className={className}>
      {message ? (
        <>
          <p>{message}</p>
          {children}
        </>
      ) : null}
    </FormAlert>
  );
}
