import { redirect } from "react-router";
import { safeRedirectPath } from "./safe-redirect";

/**
 * The web app's only way to redirect. The target must be a path of this site as it is sent,
 * that is after any language prefix was added or removed: `/ar//evil.example` loses its prefix
 * as `//evil.example`, which a browser reads as another site. Anything else goes to `fallback`.
 */
export function safeRedirect(to: string, init?: number | ResponseInit, fallback = "/") {
  return redirect(safeRedirectPath(to, fallback), init);
}
