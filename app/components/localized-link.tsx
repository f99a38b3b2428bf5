import { Link, type LinkProps, NavLink, type NavLinkProps } from "@remix-run/react";
import { forwardRef } from "react";
import { useLocalizedPath } from "~/lib/use-language";

/** A Link whose `to` is an app path (`/clients`), kept in the current page's language. */
export const LocalizedLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(
  function LocalizedLink({ to, prefetch = "intent", ...props }, ref) {
    const localize = useLocalizedPath();
    return <Link ref={ref} to={localize(to)} prefetch={prefetch} {...props} />;
  },
);

export const LocalizedNavLink = forwardRef<HTMLAnchorElement, NavLinkProps & { to: string }>(
  function LocalizedNavLink({ to, prefetch = "intent", ...props }, ref) {
    const localize = useLocalizedPath();
    return <NavLink ref={ref} to={localize(to)} prefetch={prefetch} {...props} />;
  },
);
