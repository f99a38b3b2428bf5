import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { cx } from "./cx";
import { Icon } from "./icon";
import type { IconName } from "./icons/icon-names";

/**
 * Escape and a click elsewhere close a <details> that opens over the page (a menu, a small form),
 * and Escape gives the focus back to its summary. A dialog opened from inside it (a delete's
 * confirmation) does not count as elsewhere.
 */
export function usePopoverDetails(details: RefObject<HTMLDetailsElement | null>, open: boolean) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || details.current?.contains(target)) return;
      if (target.closest('[role="alertdialog"], [role="dialog"]')) return;
      if (details.current) details.current.open = false;
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const element = details.current;
      if (event.key !== "Escape" || !element?.open) return;
      if (!(event.target instanceof Node) || !element.contains(event.target)) return;
      event.preventDefault();
      element.open = false;
      element.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [details, open]);
}

/**
 * Whether the menu runs as a menu (roles and arrow keys), which needs JavaScript, and how an item
 * closes it once chosen.
 */
const MenuContext = createContext({ asMenu: false, chosen: () => {} });

const summaryClass =
  "inline-flex h-8 cursor-pointer list-none items-center gap-1.5 rounded-control border border-border bg-surface px-3 text-sm font-medium text-text shadow-card hover:bg-surface-muted [&::-webkit-details-marker]:hidden";

/**
 * A menu button built on <details>: without JavaScript it opens and its items (links, form
 * buttons) work as they are; with it, it is a menu (WAI-ARIA menu button): Enter, Space or the
 * arrows open it on its first (or last) item, the arrows, Home and End move, Escape closes it and
 * gives the focus back, Tab and a click elsewhere close it, and choosing an item closes it.
 */
export function DisclosureMenu({
  label,
  icon,
  children,
  className,
  labelClassName,
}: {
  label: string;
  icon?: IconName;
  children: ReactNode;
  className?: string;
  /** Classes of the visible label (`max-sm:sr-only` keeps it for screen readers alone). */
  labelClassName?: string;
}) {
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const focusOnOpen = useRef<"first" | "last">("first");
  const menuId = useId();
  usePopoverDetails(details, open);

  const items = () =>
    Array.from(
      details.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [],
    );
  const close = (focusSummary: boolean) => {
    const element = details.current;
    if (!element) return;
    element.open = false;
    if (focusSummary) element.querySelector("summary")?.focus();
  };

  const onSummaryKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!hydrated || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
    event.preventDefault();
    focusOnOpen.current = event.key === "ArrowUp" ? "last" : "first";
    if (details.current?.open) {
      const all = items();
      (event.key === "ArrowUp" ? all.at(-1) : all[0])?.focus();
    } else if (details.current) {
      details.current.open = true;
    }
  };

  const menu = useRef<HTMLDivElement>(null);
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    // Keys from a dialog that an item opened reach here through React's tree: not the menu's.
    if (!hydrated || !(event.target instanceof Node) || !menu.current?.contains(event.target)) {
      return;
    }
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at < 0 ? -1 : at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(-1);
    else if (event.key === "Tab") close(false);
  };

  return (
    <details
      ref={details}
      className={cx("group relative", className)}
      onKeyDown={onMenuKeyDown}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        setOpen(isOpen);
        if (!isOpen || !hydrated) return;
        const all = items();
        (focusOnOpen.current === "last" ? all.at(-1) : all[0])?.focus();
        focusOnOpen.current = "first";
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is its details' button. */}
      <summary
        className={summaryClass}
        aria-haspopup={hydrated ? "menu" : undefined}
        aria-controls={hydrated && open ? menuId : undefined}
        onKeyDown={onSummaryKeyDown}
      >
        {icon ? <Icon name={icon} /> : null}
        <span className={labelClassName}>{label}</span>
        <Icon name="chevron-down" className="transition-transform group-open:rotate-180" />
      </summary>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a menu (role set once hydrated). */}
      <div
        ref={menu}
        id={menuId}
        role={hydrated ? "menu" : undefined}
        aria-label={hydrated ? label : undefined}
        className="absolute end-0 z-30 mt-1 w-60 rounded-card border border-border bg-surface p-1 text-sm text-text shadow-popover"
      >
        <MenuContext.Provider value={{ asMenu: hydrated, chosen: () => close(true) }}>
          {children}
        </MenuContext.Provider>
      </div>
    </details>
  );
}

const itemClass =
  "flex w-full items-center gap-2 rounded-control px-2.5 py-2 text-start text-sm outline-none hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-50";

/** A menu item that is a button (a form's submit, or one that JavaScript handles). */
export const MenuItemButton = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<"button"> & { icon?: IconName; tone?: "danger" }
>(function MenuItemButton(
  { icon, tone, className, children, type = "button", onClick, ...props },
  ref,
) {
  const { asMenu, chosen } = useContext(MenuContext);
  return (
    <button
      ref={ref}
      role={asMenu ? "menuitem" : undefined}
      tabIndex={asMenu ? -1 : undefined}
      type={type}
      className={cx(itemClass, tone === "danger" ? "text-danger" : "text-text", className)}
      onClick={(event) => {
        onClick?.(event);
        // Chosen: the menu closes, the focus on its button (an item that opens a form or a
        // dialog moves it on from there).
        chosen();
      }}
      {...props}
    >
      {icon ? <Icon name={icon} /> : null}
      {children}
    </button>
  );
});

/** A menu item that is a link (a download, another page). */
export function MenuItemLink({
  icon,
  className,
  children,
  href,
  onClick,
  ...props
}: ComponentPropsWithoutRef<"a"> & { icon?: IconName; href: string }) {
  const { asMenu, chosen } = useContext(MenuContext);
  return (
    <a
      href={href}
      role={asMenu ? "menuitem" : undefined}
      tabIndex={asMenu ? -1 : undefined}
      className={cx(itemClass, "text-text", className)}
      onClick={(event) => {
        onClick?.(event);
        chosen();
      }}
      {...props}
    >
      {icon ? <Icon name={icon} /> : null}
      {children}
    </a>
  );
}

export function MenuSeparator() {
  return <hr className="my-1 border-border" />;
}
