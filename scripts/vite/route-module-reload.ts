import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const routeModulesFile = /[\\/]@remix-run[\\/]react[\\/]dist[\\/]esm[\\/]routeModules\.js$/;
const unguardedReload = "    window.location.reload();\n";
const chunkErrors = fileURLToPath(
  new URL("../../app/lib/runtime/chunk-errors.ts", import.meta.url),
);

/**
 * Remix reloads the page whenever a route module fails to load, with no guard against doing so
 * again and again. This puts the reload guard in front of it: within the guard the route gets a
 * module that throws the load error as it renders, so the nearest error boundary shows it (an
 * error thrown here would be dropped by the router). The build fails if Remix's code no longer has
 * the line this replaces, so an upgrade cannot drop the guard unnoticed.
 */
export function guardRouteModuleReload(): Plugin {
  return {
    name: "qalam:guard-route-module-reload",
    apply: "build",
    transform(code, id, options) {
      if (options?.ssr || !routeModulesFile.test(id)) return null;
      if (!code.includes(unguardedReload)) {
        this.error(
          "@remix-run/react's loadRouteModule no longer reloads with `window.location.reload()`: " +
            "review scripts/vite/route-module-reload.ts against the new version.",
        );
      }
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
  };
}
