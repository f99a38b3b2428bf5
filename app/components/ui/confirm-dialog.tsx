import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { type ReactNode, useEffect, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "./button";
import { Card } from "./card";

/** The form field that says a destructive action was confirmed. */
export const CONFIRMED_FIELD = "confirmed";

export function isConfirmed(form: FormData) {
  return form.get(CONFIRMED_FIELD) === "yes";
}

type ConfirmDialogProps = {
  /** The action's intent; posted with `confirmed=yes` once the user agrees. */
  intent: string;
  /** Other fields the action needs, posted with both forms. */
  fields?: Record<string, string>;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The button that asks; it submits the intent unconfirmed when JavaScript is off. */
  trigger: ReactNode;
  /**
   * Without JavaScript the trigger posts the intent unconfirmed and the action answers
   * `{ confirm: intent }`: this is then true and the question shows in the page instead.
   */
  asking?: boolean;
  tone?: "danger" | "primary";
  /**
   * Where the dialog goes: inside a modal <dialog> that asks (the page's top layer), else at the
   * end of the body.
   */
  container?: HTMLElement | null;
};

/**
 * Asks before a destructive action. With JavaScript, an alert dialog; without it, the trigger
 * posts to the action, which answers with the same question in the page. Both post to the route's
 * own action (".").
 */
export function ConfirmDialog({
  intent,
  fields = {},
  title,
  description,
  confirmLabel,
  cancelLabel,
  trigger,
  asking = false,
  tone = "danger",
  container,
}: ConfirmDialogProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const submitting =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get(CONFIRMED_FIELD) === "yes";

  // The dialog closes once its submission has gone through.
  useEffect(() => {
    if (navigation.state === "idle") setOpen(false);
  }, [navigation.state]);

  const hiddenFields = (
    <>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
  const confirmForm = (
    <Form method="post" action="." preventScrollReset>
      {hiddenFields}
      <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
      <Button type="submit" variant={tone} disabled={submitting}>
        {confirmLabel}
      </Button>
    </Form>
  );

  if (asking && !hydrated) {
    return (
      <Card role="alertdialog" aria-labelledby={`${intent}-title`} className="space-y-3 p-4">
        <h3 id={`${intent}-title`} className="font-semibold">
          {title}
        </h3>
        <div className="text-sm text-text-muted">{description}</div>
        <div className="flex flex-wrap items-center gap-2">
          {confirmForm}
          <Button asChild variant="secondary">
            <a href={location.pathname}>{cancelLabel}</a>
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <Form
        method="post"
        action="."
        preventScrollReset
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {hiddenFields}
        {trigger}
      </Form>
      <AlertDialog.Portal container={container ?? undefined}>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed start-1/2 top-1/2 z-50 w-full max-w-md -translate-y-1/2 rounded-card border border-border bg-surface p-6 text-text shadow-popover ltr:-translate-x-1/2 rtl:translate-x-1/2">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-sm text-text-muted">{description}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            {confirmForm}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
