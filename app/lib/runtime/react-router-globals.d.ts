import type { DataRouter } from "react-router";

/** A route's files in React Router's browser manifest. */
type ManifestRoute = { module: string; imports?: string[]; css?: string[] };

/**
 * What React Router's framework mode puts on `window` in every server-rendered page: the browser
 * manifest (whose version names the build), the route modules loaded so far, and the router.
 */
declare global {
  interface Window {
    __reactRouterManifest: { version: string; routes: Record<string, ManifestRoute | undefined> };
    __reactRouterRouteModules: Record<string, unknown>;
    __reactRouterDataRouter: DataRouter;
  }
}
