import { forwardRef } from "react";
import { Link, type LinkProps, NavLink, type NavLinkProps } from "react-router";
import { useLocalizedPath } from "~/lib/use-language";
import { usePrefetchIntent } from "./prefetch";

/** "intent" (the default) preloads the page's files and data while someone means to follow it. */
type Prefetch = { prefetch?: "intent" | "none" };

/** A Link whose `to` is an app path (`/clients`), kept in the current page's language. */
export const LocalizedLink = forwardRef<
  HTMLAnchorElement,
  Omit<LinkProps, "prefetch"> & Prefetch & { to: string }
>(function LocalizedLink({ to, prefetch = "intent", ...props }, ref) {
  const path = useLocalizedPath()(to);
  const intent = usePrefetchIntent(path, prefetch === "intent" && !props.reloadDocument, props);
  return <Link ref={ref} to={path} {...props} {...intent} />;
});

export const LocalizedNavLink = forwardRef<
  HTMLAnchorElement,
  Omit<NavLinkProps, "prefetch"> & Prefetch & { to: string }
>(function LocalizedNavLink({ to, prefetch = "intent", ...props }, ref) {
  const path = useLocalizedPath()(to);
  const intent = usePrefetchIntent(path, prefetch === "intent" && !props.reloadDocument, props);
  return <NavLink ref={ref} to={path} {...props} {...intent} />;
});
