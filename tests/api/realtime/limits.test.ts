import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers";
import { listen, rawClient } from "./socket-server";

/** The handshake's X-Client header stands for its address, so one test can be many clients. */
const byHeader = (request: { headers: Record<string, string | string[] | undefined> }) =>
  request.headers["x-client"] as string | undefined;

let t: TestApi;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  t = await createTestApi({
    realtime: { clientAddress: byHeader, maxPendingPerAddress: 2, maxPending: 3 },
  });
  server = await listen(t.api);
});

afterAll(async () => {
  await server.close();
  await t.close();
});

type FloodResult = { messages: string[]; code: number };

/**
 * Sends `frame` cut into two-byte WebSocket messages from a worker thread, as fast as it can;
 * resolves when the server closes.
 */
function flood(frame: string): Promise<FloodResult> {
  const worker = new Worker(new URL("./flood-client.mjs", import.meta.url), {
    workerData: { url: server.socketUrl, frame, messageBytes: 2 },
  });
  const received: string[] = [];
  return new Promise((resolve, reject) => {
    worker.on("message", (message: { type: string; text?: string; code?: number }) => {
      if (message.type === "message") received.push(message.text ?? "");
      if (message.type === "close") resolve({ messages: received, code: message.code ?? 0 });
    });
    worker.on("error", reject);
  });
}

/**
 * This thread's CPU time: Node.js 23.9 and later (the project runs on 24; @types/node 20 does not
 * know it yet). An older Node.js counts the whole process, the flooding worker thread included.
 */
const threadCpuUsage = (
  (process as NodeJS.Process & { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage ??
  process.cpuUsage
).bind(process);

/** The CPU time this thread (the server's event loop) has used, in ms. */
function threadCpuMs() {
  const { user, system } = threadCpuUsage();
  return (user + system) / 1000;
}

async function measureEventLoop<T>(run: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const cpuBefore = threadCpuMs();
  try {
    const result = await run();
    return { result, cpuMs: threadCpuMs() - cpuBefore, maxDelayMs: delay.max / 1e6 };
  } finally {
    delay.disable();
  }
}

describe("before CONNECT", () => {
  it.each([
    ["header lines", `CONNECT\n${"a:b\n".repeat(16 * 1024)}\n\0`, "More than 32 headers"],
    ["one long header", `CONNECT\nx:${"y".repeat(64 * 1024)}\n\n\0`, "larger than 8192 bytes"],
  ])(
    "answers a 64 KiB frame of %s in two-byte messages with ERROR and a close, quickly",
    async (_, frame, reason) => {
      const { result, cpuMs, maxDelayMs } = await measureEventLoop(() => flood(frame));
      expect(result.messages.join("")).toMatch(/^ERROR\n/);
      expect(result.messages.join("")).toContain(reason);
      // The server stays responsive: parsing resumes where it stopped and gives up early.
      // Rescanning the buffer from its start cost the event loop seconds of CPU (3.4 s for this
      // flood) and blocked it as long; now it is under two tenths. The CPU time is what the
      // parser spends; the loop's delay also counts the time other processes of a busy machine
      // (test files running beside this one) take the cores, so its bound is looser.
      expect(cpuMs).toBeLessThan(1000);
      expect(maxDelayMs).toBeLessThan(1000);
    },
  );

  it("closes a socket that sends more than 16 KiB before CONNECT, heart-beats included", async () => {
    const client = await rawClient(server.socketUrl, { headers: { "x-client": "beats" } });
    for (let i = 0; i < 20; i++) client.send("\n".repeat(1024));
    expect((await client.next("ERROR")).headers.message).toBe("Too much data before CONNECT");
    await client.closed;
  });

  it("refuses a third socket from an address while two are not signed in, and a fourth in all", async () => {
    const first = await rawClient(server.socketUrl, { headers: { "x-client": "a" } });
    const second = await rawClient(server.socketUrl, { headers: { "x-client": "a" } });
    await expect(rawClient(server.socketUrl, { headers: { "x-client": "a" } })).rejects.toThrow(
      "Handshake refused: 429",
    );
    const third = await rawClient(server.socketUrl, { headers: { "x-client": "b" } });
    await expect(rawClient(server.socketUrl, { headers: { "x-client": "c" } })).rejects.toThrow(
      "Handshake refused: 503",
    );

    // A socket that signs in no longer counts.
    const user = await t.createUser();
    const token = await t.loginToken(user.email, user.password);
    first.frame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${token}` });
    expect((await first.next()).command).toBe("CONNECTED");
    const again = await rawClient(server.socketUrl, { headers: { "x-client": "a" } });

    for (const client of [first, second, third, again]) client.close();
    await Promise.all([second.closed, third.closed, again.closed]);
  });
});
