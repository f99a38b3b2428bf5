import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";

/**
 * Writes into `routesDir` a page for every route module of the product (`app/routes`, its
 * `*.server.ts` helpers left out): the page renders its name and its outlet, nothing else. With the
 * product's own `routes.ts`, this is the product's route table with nothing in its pages.
 */
export function emptyPages(productRoutesDir: string, routesDir: string) {
  rmSync(routesDir, { recursive: true, force: true });
  mkdirSync(routesDir, { recursive: true });
  let count = 0;
  for (const entry of readdirSync(productRoutesDir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith(".server.ts")) continue;
    const name = basename(entry.name, extname(entry.name));
    writeFileSync(
      join(routesDir, `${name}.tsx`),
      [
        'import { Outlet } from "react-router";',
        "",
        "export default function Page() {",
        "  return (",
        "    <div>",
        `      <p>{${JSON.stringify(name)}}</p>`,
        "      <Outlet />",
        "    </div>",
        "  );",
        "}",
        "",
      ].join("\n"),
    );
    count++;
  }
  return count;
}
