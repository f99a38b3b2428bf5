import { Form } from "react-router";
import { useIsPending } from "~/lib/use-is-pending";
import { LocalizedLink } from "../localized-link";
import { Button } from "../ui/button";
import { FormAlert } from "../ui/form-alert";
import { Icon } from "../ui/icon";

/**
 * An edit refused because someone saved first (409 STALE_VERSION): what happened, and a way to
 * the saved version (a full reload, so the form starts again from it).
 */
export function StaleVersionAlert({
  title,
  body,
  reloadTo,
  reloadLabel,
}: {
  title: string;
  body: string;
  reloadTo: string;
  reloadLabel: string;
}) {
  return (
    <FormAlert tone="error">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium">{title}</p>
          <p>{body}</p>
        </div>
        <Button asChild variant="secondary">
          <LocalizedLink to={reloadTo} reloadDocument>
            {reloadLabel}
          </LocalizedLink>
        </Button>
      </div>
    </FormAlert>
  );
}

/** A deleted record's page: it says so, and offers Restore (intent "restore") to who may. */
export function DeletedNotice({
  title,
  body,
  restoreLabel,
  canRestore,
}: {
  title: string;
  body?: string;
  restoreLabel: string;
  canRestore: boolean;
}) {
  const restoring = useIsPending({ intent: "restore" });
  return (
    <FormAlert tone="error">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium">{title}</p>
          {body ? <p>{body}</p> : null}
        </div>
        {canRestore ? (
          <Form method="post">
            <input type="hidden" name="intent" value="restore" />
            <Button type="submit" variant="secondary" disabled={restoring}>
              <Icon name="rotate-ccw" />
              {restoreLabel}
            </Button>
          </Form>
        ) : null}
      </div>
    </FormAlert>
  );
}
