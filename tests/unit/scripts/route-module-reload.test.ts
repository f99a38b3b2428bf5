import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { guardRouteModuleReload } from "../../../scripts/vite/route-module-reload";

const require = createRequire(import.meta.url);
const dist = join(require.resolve("react-router").replace(/dist[\\/].*$/, ""), "dist/development");
/** The chunk of the installed React Router that defines loadRouteModule. */
const routeModules = readdirSync(dist)
  .filter((file) => /^chunk-.*\.mjs$/.test(file))
  .map((file) => join(dist, file))
  .find((file) => readFileSync(file, "utf8").includes("async function loadRouteModule("));
if (!routeModules) throw new Error("No chunk of react-router defines loadRouteModule");

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

type BuildEnd = (this: { error: (message: string) => never }, error?: Error) => void;

function build(modules: [code: string, id: string][]) {
  const plugin: Plugin = guardRouteModuleReload();
  const context = {
    error: (message: string): never => {
      throw new Error(message);
    },
  };
  (plugin.buildStart as () => void).call(context);
  for (const [code, id] of modules) (plugin.transform as Transform).call(context, code, id);
  (plugin.buildEnd as BuildEnd).call(context);
}

describe("guardRouteModuleReload", () => {
  it("puts the reload guard in front of React Router's reload in the installed version", () => {
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

  it("fails the build when React Router no longer reloads that way", () => {
    expect(() => transform("async function loadRouteModule(route) {}\n", routeModules)).toThrow(
      /no longer reloads/,
    );
  });

  it("fails the build when no React Router module defines loadRouteModule", () => {
    expect(() => build([["export {}", "/app/root.tsx"]])).toThrow(/No React Router module/);
    const source = readFileSync(routeModules, "utf8");
    expect(() => build([[source, routeModules]])).not.toThrow();
  });
});
