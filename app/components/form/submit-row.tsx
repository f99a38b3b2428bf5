import type { ReactNode } from "react";
import { Button, type ButtonProps } from "../ui/button";
import { cx } from "../ui/cx";
import { Icon } from "../ui/icon";

/**
 * A form's submit button while its form is sent: disabled, with a spinner and, where the form
 * says one, the label of the work under way ("Saving…").
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...props
}: Omit<ButtonProps, "type" | "disabled"> & {
  /** The form is being sent (`useIsPending`). */
  pending: boolean;
  pendingLabel?: ReactNode;
}) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? <Icon name="loader-circle" className="animate-spin" /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}

/** The foot of a form: a rule above it, and its buttons (Cancel, then Save) at its end. */
export function FormFooter({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={cx("flex items-center justify-end gap-3 border-t border-border pt-4", className)}
    >
      {children}
    </div>
  );
}
