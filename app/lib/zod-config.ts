import { z } from "zod";

/**
 * zod compiles a fast parser of each object schema with `new Function`, after a probe of whether
 * it may. The page's Content-Security-Policy forbids it, and the browser reports the probe as a
 * `script-src` violation even though zod catches its error. In the browser, schemas are parsed
 * once per keystroke at most: no compiling, no probe. The server keeps the compiled parsers.
 *
 * It must run before any schema is built (zod reads it as each object schema is made): root.tsx,
 * the first module the page's scripts load, imports this module first.
 */
export function configureZod(inBrowser = typeof document !== "undefined") {
  if (inBrowser) z.config({ jitless: true });
}

configureZod();
