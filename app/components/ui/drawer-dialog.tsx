import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useLocalizedPath } from "~/lib/use-language";
import { LocalizedLink } from "../localized-link";
import { Icon } from "./icon";

/**
 * A list item's panel, as the address asks for it (`?id=`): a character's, a media item's. The
 * server renders it in the page, open, so that it works without JavaScript; once React runs, the
 * same element becomes a modal drawer at the end side (focus kept inside, Escape or Close leave
 * it), and gives focus back to what opened it when it closes.
 */
export function DrawerDialog({
  labelId,
  title,
  image,
  subtitle,
  closeTo,
  closeLabel,
  focusClose = false,
  children,
}: {
  /** The id of its title, which names it. */
  labelId: string;
  title: ReactNode;
  image?: ReactNode;
  subtitle?: ReactNode;
  /** The list without the panel. */
  closeTo: string;
  closeLabel: string;
  /** Close takes the focus when it opens; else the element marked `data-autofocus` inside. */
  focusClose?: boolean;
  /** Gets the dialog element, where confirmations inside it must go (its top layer). */
  children: (container: HTMLElement | null) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [container, setContainer] = useState<HTMLElement | null>(null);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // A field the user is already in, before the page came alive, keeps the focus and what is
    // typed next: opening as a modal would move it to the dialog's first control.
    const active = document.activeElement;
    const inside = active instanceof HTMLElement && dialog.contains(active) ? active : null;
    if (dialog.open) dialog.close();
    dialog.showModal();
    setContainer(dialog);
    (inside ?? dialog.querySelector<HTMLElement>("[data-autofocus]"))?.focus();
    // Closed before it leaves the page, so that the browser gives focus back to what opened it.
    return () => dialog.close();
  }, []);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={labelId}
      onCancel={(event) => {
        event.preventDefault();
        // Escape in a confirmation inside closes the confirmation alone.
        if (ref.current?.querySelector('[role="alertdialog"]')) return;
        navigate(localize(closeTo), { preventScrollReset: true });
      }}
      className="static m-0 w-full max-w-none overflow-visible rounded-card border border-border bg-surface p-0 text-text shadow-card backdrop:bg-black/40 [&:modal]:fixed [&:modal]:inset-y-0 [&:modal]:start-auto [&:modal]:end-0 [&:modal]:h-dvh [&:modal]:max-h-none [&:modal]:w-full [&:modal]:max-w-3xl [&:modal]:overflow-y-auto [&:modal]:rounded-none [&:modal]:border-y-0 [&:modal]:border-e-0 [&:modal]:shadow-popover"
    >
      <div className="sticky top-0 z-10 flex items-start gap-4 border-b border-border bg-surface px-6 py-4">
        {image}
        <div className="min-w-0 flex-1">
          <h2 id={labelId} className="text-lg font-semibold [overflow-wrap:anywhere]">
            <bdi>{title}</bdi>
          </h2>
          {subtitle ? <div className="mt-1 text-sm text-text-muted">{subtitle}</div> : null}
        </div>
        <LocalizedLink
          to={closeTo}
          preventScrollReset
          data-autofocus={focusClose ? true : undefined}
          aria-label={closeLabel}
          title={closeLabel}
          className="-m-1 rounded-control p-2 text-text-muted hover:bg-surface-muted hover:text-text"
        >
          <Icon name="x" />
        </LocalizedLink>
      </div>
      <div className="space-y-6 px-6 py-5">{children(container)}</div>
    </dialog>
  );
}
