// The web servers a benchmark starts: a free port, the project's Node.js, and waiting for one to
// answer.
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

/** The project's root folder. */
export const root = fileURLToPath(new URL("../..", import.meta.url));

/** The Node.js that npm scripts run: the project's own when it brings one. */
export const projectNode = existsSync(join(root, "node_modules/.bin/node"))
  ? join(root, "node_modules/.bin/node")
  : process.execPath;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitUntilUp(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer`);
}
