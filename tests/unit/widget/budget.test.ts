import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bundleWidget, gzipBytes, widgetBudgetBytes } from "../../../scripts/vite/widget-build";

/**
 * x-bot's widget loads on other sites' pages: at most 25 kB gzipped (issue 34). Bundled here
 * from widget/ as it is now, the way `npm run build` writes /widget.js, which fails over the
 * same budget.
 */
describe("the widget's bundle", () => {
  it("stays within 25 kB gzipped, as one classic script that leaks no globals", async () => {
    const code = await bundleWidget();
    const gzipped = gzipBytes(code);
    console.log(`widget.js: ${code.length} bytes, ${gzipped} gzipped`);
    expect(gzipped).toBeLessThanOrEqual(widgetBudgetBytes);
    expect(gunzipSync(gzipSync(code)).toString()).toBe(code);
    // An IIFE: no import or export, and no top-level name but inside the function.
    expect(code).not.toMatch(/^\s*(import|export)\b/m);
    expect(code.trimStart()).toMatch(/^\(function\(\)\{/);
    // No HTML is ever parsed from a string.
    expect(code).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  }, 120_000);
});
