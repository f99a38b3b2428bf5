import { type RefObject, useEffect } from "react";

/**
 * After a submission comes back with errors, moves focus to the first invalid control of the
 * form, or to its alert when no field is to blame, so keyboard and screen-reader users land on
 * what needs fixing. `result` is the action data: a new object after every submission.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, result: unknown) {
  useEffect(() => {
    if (!result || !form.current) return;
    const invalid = form.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    const alert = form.current.ownerDocument.querySelector<HTMLElement>("[data-form-alert]");
    (invalid ?? alert)?.focus();
  }, [form, result]);
}
