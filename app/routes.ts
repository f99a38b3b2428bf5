import type { RouteConfig, RouteConfigEntry } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

// `*.server.ts` beside a route holds its server-side helpers; it is not a route itself.
const routes = await flatRoutes({ ignoredRouteFiles: ["**/*.server.ts"] });

/**
 * The language prefix is the static `ar`, exactly: `/AR/login` is no page. (A `($lang)` param
 * matched any first segment, which made every route be tried twice, deep, for every request.)
 */
function exactLanguagePrefix(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => ({
    ...entry,
    ...(entry.path === "ar?" && { caseSensitive: true }),
    ...(entry.children && { children: exactLanguagePrefix(entry.children) }),
  }));
}

export default exactLanguagePrefix(routes) satisfies RouteConfig;
