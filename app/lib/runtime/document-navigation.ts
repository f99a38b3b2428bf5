type Click = Pick<
  MouseEvent,
  "button" | "defaultPrevented" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "target"
>;

/** The same-origin link a plain left click follows in this tab, if the click is one. */
export function followedLink(event: Click, origin: string): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target as Element | null;
  const anchor = target?.closest?.("a[href]") as HTMLAnchorElement | null | undefined;
  if (!anchor || anchor.hasAttribute("download")) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  return new URL(anchor.href).origin === origin ? anchor : null;
}

/**
 * From now on, links and forms leave the page the browser's way, a full document load, so the next
 * page comes whole from the new build. Listening on the window in the capture phase stops the
 * events before React's router sees them; every form here works without JavaScript.
 */
export function navigateByDocument(target: Window = window) {
  const onClick = (event: MouseEvent) => {
    if (followedLink(event, target.location.origin)) event.stopPropagation();
  };
  const onSubmit = (event: Event) => {
    if (!event.defaultPrevented) event.stopPropagation();
  };
  target.addEventListener("click", onClick, { capture: true });
  target.addEventListener("submit", onSubmit, { capture: true });
  return () => {
    target.removeEventListener("click", onClick, { capture: true });
    target.removeEventListener("submit", onSubmit, { capture: true });
  };
}
