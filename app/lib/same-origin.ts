const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export type OriginHeaders = {
  method: string;
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
};

/**
 * Whether a request may change something: reads always may; a write must come from a page of this
 * site. Browsers send Origin with every POST (and Sec-Fetch-Site); a request with neither comes
 * from a non-browser client, which the session cookie's SameSite=Lax already keeps away from a
 * user's session. This is the check on top of SameSite, for browsers that do not honour it.
 */
export function isSameOriginWrite({ method, host, origin, secFetchSite }: OriginHeaders): boolean {
  if (safeMethods.has(method.toUpperCase())) return true;
  if (origin && origin !== "null") {
    try {
      return host !== undefined && new URL(origin).host === host.toLowerCase();
    } catch {
      return false;
    }
  }
  if (origin === "null") return false;
  return secFetchSite === undefined || secFetchSite === "same-origin" || secFetchSite === "none";
}
