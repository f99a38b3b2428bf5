import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { guardRouteModuleReload } from "../../../scripts/vite/route-module-reload";

const require = createRequire(import.meta.url);
const routeModules = join(
  require.resolve("@remix-run/react").replace(/dist[\\/].*$/, ""),
  "dist/esm/routeModules.js",
);

type Transform = (
  this: { error: (message: string) => never },
  code: string,
  id: string,
  options?: { ssr?: boolean },
) => { code: string } | null;

function transform(code: string, id: string, options?: { ssr?: boolean }) {
  const plugin: Plugin = guardRouteModuleReload();
  const context = {
    error: (message: string): never => {
      throw new Error(message);
    },
  };
  return (plugin.transform as Transform).call(context, code, id, options);
}

describe("guardRouteModuleReload", () => {
  it("puts the reload guard in front of Remix's reload in the installed version", () => {
    const source = readFileSync(routeModules, "utf8");
    expect(source).toContain("window.location.reload();");
    const result = transform(source, routeModules);
    expect(result?.code).not.toContain("window.location.reload();");
    expect(result?.code).toContain(
      "if (!reloadAfterChunkError(error)) return failedRouteModule(error);",
    );
    expect(result?.code).toMatch(
      /^import \{ failedRouteModule, reloadAfterChunkError \} from ".*chunk-errors\.ts";/,
    );
  });

  it("leaves other modules and the server build alone", () => {
    const source = readFileSync(routeModules, "utf8");
    expect(transform(source, routeModules, { ssr: true })).toBeNull();
    expect(transform("window.location.reload();\n", "/app/lib/other.ts")).toBeNull();
  });

  it("fails the build when Remix no longer reloads that way", () => {
    expect(() => transform("export {}", routeModules)).toThrow(/no longer reloads/);
  });
});
