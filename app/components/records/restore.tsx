import type { ReactNode } from "react";
import { Form } from "react-router";
import { useIsPending } from "~/lib/use-is-pending";
import { Button } from "../ui/button";
import { FormAlert } from "../ui/form-alert";
import { Icon } from "../ui/icon";

/**
 * Restores a record from the bin: posts `intent=restore` and its `id` to the page's action
 * (`restoreFromList`), or to `action` where the page's forms go elsewhere.
 */
export function RestoreButton({
  id,
  action,
  label,
  children,
}: {
  id: string;
  action?: string;
  /** The button's name where its text alone does not say which record (a row of the bin). */
  label?: string;
  children: ReactNode;
}) {
  const restoring = useIsPending({ intent: "restore", formAction: action });
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" size="sm" disabled={restoring} aria-label={label}>
        <Icon name="rotate-ccw" />
        {children}
      </Button>
    </Form>
  );
}

/** "Deleted" over a list, just after a record's page deleted it (`?deleted=`), with Undo. */
export function UndoNotice({
  id,
  canRestore,
  restoreLabel,
  action,
  children,
}: {
  id: string;
  canRestore: boolean;
  restoreLabel: string;
  action?: string;
  /** What was deleted. */
  children: ReactNode;
}) {
  return (
    <FormAlert tone="success">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>{children}</p>
        {canRestore ? (
          <RestoreButton id={id} action={action}>
            {restoreLabel}
          </RestoreButton>
        ) : null}
      </div>
    </FormAlert>
  );
}
