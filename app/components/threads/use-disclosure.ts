import { type SyntheticEvent, useEffect, useState } from "react";

/**
 * A <details> that the user opens and closes, and that a form's error opens: `open` follows the
 * element's own toggle, so that a later answer without an error leaves it as the user left it,
 * unless the answer says the form is done with.
 */
export function useDisclosure(openedBy: boolean, closedBy = false) {
  const [open, setOpen] = useState(openedBy);
  useEffect(() => {
    if (openedBy) setOpen(true);
  }, [openedBy]);
  // Done with (a rename saved): it closes.
  useEffect(() => {
    if (closedBy) setOpen(false);
  }, [closedBy]);
  return {
    open,
    onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open),
  };
}
