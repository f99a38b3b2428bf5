import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

// `*.server.ts` beside a route holds its server-side helpers; it is not a route itself.
export default flatRoutes({ ignoredRouteFiles: ["**/*.server.ts"] }) satisfies RouteConfig;
