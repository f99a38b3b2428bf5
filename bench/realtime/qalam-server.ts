// The API with its socket on a port of its own, in a process of its own (so that its memory and
// CPU are its own, as RabbitMQ's are): DATABASE_URL says where. Prints `ready <port>` once listening.

import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { socketPath } from "../../api/index";
import { startApi } from "../../api/start";

const dirs = mkdtempSync(join(tmpdir(), "qalam-bench-"));
const { api } = await startApi({
  databaseUrl: process.env.DATABASE_URL,
  filesDir: join(dirs, "files"),
  outboxDir: join(dirs, "outbox"),
  production: true,
});

const server = createServer(getRequestListener(api.fetch));
server.on("upgrade", (request, socket, head) => {
  if (request.url?.split("?")[0] === socketPath) api.handleUpgrade(request, socket, head);
  else socket.destroy();
});
server.listen(0, "127.0.0.1", () => {
  console.log(`ready ${(server.address() as AddressInfo).port}`);
});

// The benchmark asks for a collection before it reads the resident memory (run with --expose-gc).
process.on("SIGUSR2", () => globalThis.gc?.());

process.on("SIGTERM", async () => {
  server.closeAllConnections();
  await api.close();
  process.exit(0);
});
