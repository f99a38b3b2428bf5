import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

// `*.server.ts` beside a route holds its server-side helpers; it is not a route itself.
export default flatRoutes({ ignoredRouteFiles: ["**/*.server.ts"] }) satisfies RouteConfig;
