import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const reactRouterChunk = /[\\/]react-router[\\/]dist[\\/][a-z]+[\\/]chunk-[^\\/]+\.mjs$/;
const loadRouteModule = "async function loadRouteModule(";
const unguardedReload = "    window.location.reload();\n";
const chunkErrors = fileURLToPath(
  new URL("../../app/lib/runtime/chunk-errors.ts", import.meta.url),
);

/**
 * React Router reloads the page whenever a route module fails to load, with no guard against
 * doing so again and again. This puts the reload guard in front of it: within the guard the route
 * gets a module that throws the load error as it renders, so the nearest error boundary shows it
 * (an error thrown here would be dropped by the router). The build fails if React Router's code no
 * longer has the function or the line this replaces, so an upgrade cannot drop the guard unnoticed.
 */
export function guardRouteModuleReload(): Plugin {
  let guarded = false;
  let clientBuild = false;
  return {
    name: "qalam:guard-route-module-reload",
    apply: "build",
    buildStart() {
      guarded = false;
      clientBuild = false;
    },
    transform(code, id, options) {
      if (options?.ssr) return null;
      clientBuild = true;
      if (!reactRouterChunk.test(id) || !code.includes(loadRouteModule)) return null;
      if (!code.includes(unguardedReload)) {
        this.error(
          "React Router's loadRouteModule no longer reloads with `window.location.reload()`: " +
            "review scripts/vite/route-module-reload.ts against the new version.",
        );
      }
      guarded = true;
      return {
        code:
          `import { failedRouteModule, reloadAfterChunkError } from ${JSON.stringify(chunkErrors)};\n` +
          code.replace(
            unguardedReload,
            "    if (!reloadAfterChunkError(error)) return failedRouteModule(error);\n",
          ),
        map: null,
      };
    },
    buildEnd(error) {
      if (!error && clientBuild && !guarded) {
        this.error(
          "No React Router module defines loadRouteModule any more: " +
            "review scripts/vite/route-module-reload.ts against the new version.",
        );
      }
    },
  };
}
