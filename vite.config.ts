import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { writeLatestBuild } from "./scripts/vite/latest-build";
import { guardRouteModuleReload } from "./scripts/vite/route-module-reload";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

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

export default defineConfig({
  define: {
    "import.meta.env.VITE_LOCALES_HASH": JSON.stringify(localesHash()),
  },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  server: { port: Number(process.env.PORT ?? 3000) },
  plugins: [
    tailwindcss(),
    guardRouteModuleReload(),
    remix({
      // BUILD_DIR lets several builds sit side by side (server.ts reads the same variable).
      buildDirectory: process.env.BUILD_DIR || "build",
      // Open pages poll builds/latest.json to learn that a new deployment is out.
      buildEnd({ remixConfig, viteConfig }) {
        writeLatestBuild(join(remixConfig.buildDirectory, "client"), viteConfig.build.assetsDir);
      },
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
        v3_routeConfig: true,
      },
    }),
  ],
});
