import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { iconNames } from "../app/components/ui/icons/icon-names";

/** Builds the Lucide icons the app names into one SVG sprite of <symbol>s. */
export function buildSprite(names: readonly string[]) {
  const require = createRequire(import.meta.url);
  const symbols = names.map((name) => {
    const svg = readFileSync(require.resolve(`lucide-static/icons/${name}.svg`), "utf8");
    const body = svg
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/^[\s\S]*?<svg[^>]*>/, "")
      .replace(/<\/svg>[\s\S]*$/, "")
      .replace(/\s*\n\s*/g, "");
    return `<symbol id="${name}" viewBox="0 0 24 24">${body}</symbol>`;
  });
  return [
    "<!-- Lucide icons (ISC license), built by scripts/build-icons.ts -->",
    '<svg xmlns="http://www.w3.org/2000/svg" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">',
    "<defs>",
    ...symbols,
    "</defs>",
    "</svg>",
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = new URL("../app/components/ui/icons/sprite.svg", import.meta.url);
  writeFileSync(target, buildSprite(iconNames));
  console.log(`Wrote ${iconNames.length} icons to ${target.pathname}`);
}
