import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { botDomainsFromApi } from "../../../server/chat-framing";
import { parseTrustProxy } from "../../../server/trust-proxy";
import { createWebServer } from "../../../server/web-server";
import type { TestApi } from "../helpers";

/** The web server as server.ts assembles it, on a port, with a stand-in for the pages. */
export async function startWebServer(
  t: TestApi,
  trustProxy?: string,
  secure = false,
  buildDir = "build",
) {
  const app = createWebServer({
    api: t.api,
    pages: (_req, res) => {
      res.type("text/plain").send("a page");
    },
    buildDir,
    secure,
    development: false,
    socketOrigins: [],
    trustProxy: parseTrustProxy(trustProxy),
    botDomains: botDomainsFromApi(t.api.fetch, "http://qalam.internal/api/v1"),
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebServer = Awaited<ReturnType<typeof startWebServer>>;

/**
 * POSTs JSON from a chosen loopback source address (127.0.0.2, 127.0.0.3, … all reach a server
 * on 127.0.0.1), so that a test can play two people on two machines.
 */
export function postFrom(
  localAddress: string,
  web: WebServer,
  path: string,
  body: unknown,
): Promise<{ status: number; body: { error?: { code: string } } & Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const sent = request(
      {
        host: "127.0.0.1",
        port: web.port,
        path: `/api/v1${path}`,
        method: "POST",
        localAddress,
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} });
        });
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(payload);
  });
}
