import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Rollup } from "vite";

/** The embeddable chat's one file, at the client build's root: served as `/widget.js`. */
export const widgetFile = "widget.js";
/** The most the widget may weigh gzipped (issue 34); `tests/unit/widget/budget.test.ts` holds it. */
export const widgetBudgetBytes = 25 * 1024;

const entry = fileURLToPath(new URL("../../widget/index.ts", import.meta.url));

/**
 * Bundles `widget/` into one classic script (an IIFE: a page's `<script async>` needs no module
 * support and shares no globals with it), minified for the browsers of the last few years (ES2022: class fields as they are, no helpers
 * outside the IIFE).
 * Returns the code; no file is written.
 */
export async function bundleWidget(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    // The bundle's own JSON imports and TypeScript only: none of the app's plugins or aliases.
    plugins: [],
    build: {
      write: false,
      emptyOutDir: false,
      target: "es2022",
      minify: "esbuild",
      sourcemap: false,
      reportCompressedSize: false,
      lib: { entry, formats: ["iife"], name: "QalamBotWidget", fileName: () => widgetFile },
    },
  })) as Rollup.RollupOutput[];
  const chunk = output[0]?.output.find((file) => file.type === "chunk");
  if (chunk?.type !== "chunk") throw new Error("The widget's build wrote no script");
  return chunk.code;
}

export const gzipBytes = (code: string) => gzipSync(code, { level: 9 }).length;

/** Builds `widget.js` into a client build's folder; returns its size and gzipped size. */
export async function writeWidget(clientDir: string) {
  const code = await bundleWidget();
  const gzipped = gzipBytes(code);
  if (gzipped > widgetBudgetBytes) {
    throw new Error(
      `widget.js is ${gzipped} bytes gzipped, over its budget of ${widgetBudgetBytes}`,
    );
  }
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(join(clientDir, widgetFile), code);
  return { bytes: Buffer.byteLength(code), gzipped };
}
