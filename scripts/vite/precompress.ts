import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Files worth compressing: text. Fonts and images are compressed formats already. */
const compressible = /\.(js|mjs|css|svg|json|html|txt|map)$/;
/** Below this, the encoded file saves less than a packet. */
const minBytes = 1024;

/**
 * Writes `<file>.br` (brotli at its highest quality) and `<file>.gz` beside every compressible
 * file of a client build, once at build time, so that the server sends them as they are instead of
 * compressing each response (`server/web-server.ts`). Returns how many files it compressed.
 */
export function precompress(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = join(dir, entry);
    if (!compressible.test(file) || !statSync(file).isFile()) continue;
    const content = readFileSync(file);
    if (content.length < minBytes) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}
