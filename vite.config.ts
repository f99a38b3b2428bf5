import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { guardRouteModuleReload } from "./scripts/vite/route-module-reload";

/** One hash over every message file, so the browser can cache them until a message changes. */
function localesHash() {
  const hash = createHash("sha256");
  for (const lng of readdirSync("locales").sort()) {
    for (const file of readdirSync(join("locales", lng)).sort()) {
      hash.update(`${lng}/${file}`).update(readFileSync(join("locales", lng, file)));
    }
  }
  return hash.digest("hex").slice(0, 12);
}

const frameworkModules =
  /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;
// zod's configuration goes with zod, so that it runs before any module of the chunk builds a
// schema (app/lib/zod-config.ts).
const formKitModules =
  /\/app\/(components\/(ui\/(input|textarea)|form\/fields)\.tsx|lib\/zod-config\.ts)$/;

export default defineConfig(({ isSsrBuild }) => ({
  define: {
    "import.meta.env.VITE_LOCALES_HASH": JSON.stringify(localesHash()),
  },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  server: { port: Number(process.env.PORT ?? 3000) },
  plugins: [tailwindcss(), guardRouteModuleReload(), reactRouter()],
  build: {
    rollupOptions: {
      output: {
        // Two scripts nearly every page loads, named so that they stay cached while pages change:
        // the framework, and the form kit's fields with Conform, zod and the validation messages
        // (which Rollup would otherwise cut into many small chunks by the pages that share them).
        // docs/performance.md has the figures.
        manualChunks: isSsrBuild
          ? undefined
          : (id: string) => {
              if (frameworkModules.test(id)) return "framework";
              if (formKitModules.test(id)) return "forms";
            },
      },
    },
  },
}));
