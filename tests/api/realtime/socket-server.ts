import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { WebSocket } from "ws";
import type { Api } from "../../../api/index";
import { socketPath } from "../../../api/index";
import { type Frame, FrameParser } from "../../../api/realtime/frame";

/** The API on a real port, with its WebSocket upgrade, as server.ts mounts it. */
export async function listen(api: Api, requestedPort = 0) {
  const server: Server = createServer(getRequestListener(api.fetch));
  // Upgraded sockets leave the server's own bookkeeping: closing must end them itself.
  const upgraded = new Set<Duplex>();
  server.on("upgrade", (request, socket, head) => {
    upgraded.add(socket);
    socket.on("close", () => upgraded.delete(socket));
    if (request.url?.split("?")[0] === socketPath) api.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(requestedPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    host: `127.0.0.1:${port}`,
    socketUrl: `ws://127.0.0.1:${port}${socketPath}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A STOMP client written with raw frames over `ws`, independent of @stomp/stompjs: it sends bytes
 * as given and collects the frames and the close that come back.
 */
export async function rawClient(
  url: string,
  options: { origin?: string; protocols?: string[]; headers?: Record<string, string> } = {},
) {
  const ws = new WebSocket(url, options.protocols ?? ["v12.stomp"], {
    headers: { ...options.headers, ...(options.origin ? { Origin: options.origin } : {}) },
  });
  const parser = new FrameParser(1024 * 1024);
  const frames: Frame[] = [];
  let heartBeats = 0;
  const waiters: (() => void)[] = [];
  const closed = new Promise<{ code: number }>((resolve) =>
    ws.on("close", (code) => resolve({ code })),
  );
  ws.on("message", (data) => {
    const text = data.toString();
    if (text === "\n" || text === "\r\n") heartBeats += 1;
    frames.push(...parser.push(Buffer.from(text)));
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
    ws.once("unexpected-response", (_request, response) =>
      reject(new Error(`Handshake refused: ${response.statusCode}`)),
    );
  });

  async function next(command?: string, timeoutMs = 5000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = frames.findIndex((frame) => !command || frame.command === command);
      if (index >= 0) return frames.splice(index, 1)[0] as Frame;
      if (Date.now() > deadline) throw new Error(`No ${command ?? "frame"} in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  return {
    ws,
    send: (raw: string | Buffer) => ws.send(raw),
    frame: (command: string, headers: Record<string, string> = {}, body = "") =>
      ws.send(
        `${command}\n${Object.entries(headers)
          .map(([name, value]) => `${name}:${value}\n`)
          .join("")}\n${body}\0`,
      ),
    next,
    closed,
    heartBeats: () => heartBeats,
    close: () => ws.close(),
  };
}

/**
 * The API on a port with a raw client signed in and subscribed to an organization's topic, for
 * tests that read the events a change sends. `close` ends both.
 */
export async function organizationEvents(api: Api, token: string, organizationId: string) {
  const server = await listen(api);
  const socket = await rawClient(server.socketUrl);
  socket.frame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${token}` });
  await socket.next("CONNECTED");
  socket.frame("SUBSCRIBE", {
    id: "org",
    destination: `/topic/organizations.${organizationId}`,
    receipt: "subscribed",
  });
  await socket.next("RECEIPT");
  return {
    /** The next event, parsed. */
    next: async () => JSON.parse((await socket.next("MESSAGE")).body) as Record<string, unknown>,
    close: async () => {
      socket.close();
      await server.close();
    },
  };
}
