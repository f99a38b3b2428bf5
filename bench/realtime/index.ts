// `npm run bench:realtime`: the real-time socket against RabbitMQ's Web-STOMP on this machine, in
// one run, with the same clients doing the same things. Figures are reported as Qalam/RabbitMQ.
//
//   BENCH_CLIENTS   connected clients, all subscribed to one destination (default 500)
//   BENCH_PACED     messages sent 100 ms apart, for delivery latency (default 50)
//   BENCH_BURST     messages sent at once, for fan-out throughput (default 200)
//   BENCH_JSON      a file to write the figures to, as JSON
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { WebSocket } from "ws";
import { type Database, openDatabase } from "../../api/db/client";
import { migrateDatabase } from "../../api/db/migrate";
import { memberships, organizations, sessions, users } from "../../api/db/schema";
import { generateSessionToken, hashSessionToken } from "../../api/identity/sessions";
import { publishEvent } from "../../api/realtime/events";
import { encodeFrame, type Frame, FrameParser } from "../../api/realtime/frame";

const clients = Number(process.env.BENCH_CLIENTS ?? 500);
const pacedCount = Number(process.env.BENCH_PACED ?? 50);
const burstCount = Number(process.env.BENCH_BURST ?? 200);
// Ten a second: 5,000 deliveries a second at 500 clients, below what either broker can carry, so
// that latency is measured on a broker that keeps up; the burst then finds its ceiling.
const pacedIntervalMs = 100;
const heartBeat = "10000,10000";

type Target = {
  name: string;
  url: string;
  /** CONNECT headers of client `index`. */
  connectHeaders: (index: number) => Record<string, string>;
  destination: string;
  /** Sends message `seq` to every subscriber. */
  publish: (seq: number) => Promise<void>;
  /** The broker's resident memory, in bytes. */
  rss: () => Promise<number>;
  close: () => Promise<void>;
};

type Figures = {
  connectSeconds: number;
  memoryPerConnectionKiB: number;
  p50Ms: number;
  p99Ms: number;
  deliveriesPerSecond: number;
};

// --- A STOMP client of raw frames, the same for both brokers -----------------------------------

class BenchClient {
  private readonly parser = new FrameParser(1024 * 1024);
  private waiting: { resolve: (frame: Frame) => void; reject: (error: Error) => void } | null =
    null;

  private constructor(
    readonly ws: WebSocket,
    private readonly onMessage: (body: string) => void,
  ) {
    ws.on("message", (data) => {
      for (const frame of this.parser.push(data as Buffer)) {
        if (frame.command === "MESSAGE") this.onMessage(frame.body);
        else if (frame.command === "ERROR") throw new Error(`ERROR: ${frame.headers.message}`);
        else this.waiting?.resolve(frame);
      }
    });
    ws.on("close", () => this.waiting?.reject(new Error("The broker closed the connection")));
  }

  static async open(url: string, onMessage: (body: string) => void) {
    const ws = new WebSocket(url, ["v12.stomp"]);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return new BenchClient(ws, onMessage);
  }

  send(command: string, headers: Record<string, string>, body = "") {
    this.ws.send(encodeFrame({ command, headers, body }));
  }

  /** Sends a frame and waits for the next CONNECTED or RECEIPT. */
  request(command: string, headers: Record<string, string>) {
    const answered = new Promise<Frame>((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
    this.send(command, headers);
    return answered;
  }

  close() {
    this.ws.terminate();
  }
}

// --- Measuring ---------------------------------------------------------------------------------

function percentile(sorted: Float64Array, p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function rssOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function measure(target: Target): Promise<Figures> {
  const sentAt = new Float64Array(pacedCount + burstCount);
  const latencies = new Float64Array(clients * pacedCount);
  let latencyCount = 0;
  let delivered = 0;
  const onMessage = (body: string) => {
    const seq = Number((JSON.parse(body) as { id: string }).id);
    delivered += 1;
    if (seq < pacedCount) latencies[latencyCount++] = performance.now() - (sentAt[seq] ?? 0);
  };

  await sleep(1000);
  const rssBefore = await target.rss();
  const connectStarted = performance.now();
  const open: BenchClient[] = [];
  // Fifty handshakes at a time: a crowd arriving, not a single burst of SYNs.
  for (let start = 0; start < clients; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, clients - start) }, async (_, offset) => {
        const client = await BenchClient.open(target.url, onMessage);
        const connected = await client.request("CONNECT", target.connectHeaders(start + offset));
        if (connected.command !== "CONNECTED") throw new Error(`${target.name}: not connected`);
        await client.request("SUBSCRIBE", {
          id: "0",
          destination: target.destination,
          receipt: "subscribed",
        });
        return client;
      }),
    );
    open.push(...batch);
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  await sleep(1000);
  const memoryPerConnectionKiB = ((await target.rss()) - rssBefore) / clients / 1024;

  for (let seq = 0; seq < pacedCount; seq++) {
    sentAt[seq] = performance.now();
    await target.publish(seq);
    await sleep(pacedIntervalMs);
  }
  await waitFor(() => delivered >= clients * pacedCount, target.name);

  const burstStarted = performance.now();
  for (let seq = pacedCount; seq < pacedCount + burstCount; seq++) {
    sentAt[seq] = performance.now();
    await target.publish(seq);
  }
  await waitFor(() => delivered >= clients * (pacedCount + burstCount), target.name);
  const deliveriesPerSecond = (clients * burstCount) / ((performance.now() - burstStarted) / 1000);

  for (const client of open) client.close();
  const sorted = latencies.subarray(0, latencyCount).sort();
  return {
    connectSeconds,
    memoryPerConnectionKiB,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    deliveriesPerSecond,
  };
}

async function waitFor(done: () => boolean, name: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${name}: not every message arrived`);
    await sleep(5);
  }
}

// --- Qalam: the API in a process of its own, on PostgreSQL --------------------------------------

async function qalamTarget(serverUrl: string): Promise<Target> {
  const name = `qalam_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const connection = await openDatabase({ databaseUrl });
  await migrateDatabase(connection);
  const db: Database = connection.db;
  // Members are written straight to the tables: hashing N passwords would measure argon2.
  const members = await db
    .insert(users)
    .values(
      Array.from({ length: clients }, (_, index) => ({
        firstName: "Bench",
        lastName: String(index),
        email: `bench-${index}@example.test`,
        passwordHash: "not a password",
        verifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const owner = members[0]?.id ?? "";
  const [organization] = await db
    .insert(organizations)
    .values({ name: "Bench", ownerId: owner })
    .returning({ id: organizations.id });
  const organizationId = organization?.id ?? "";
  await db
    .insert(memberships)
    .values(members.map(({ id }) => ({ organizationId, userId: id, role: "member" as const })));
  const tokens = members.map(() => generateSessionToken());
  const now = Date.now();
  await db.insert(sessions).values(
    members.map(({ id }, index) => ({
      userId: id,
      tokenHash: hashSessionToken(tokens[index] ?? ""),
      expiresAt: new Date(now + 86_400_000),
    })),
  );

  const child = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "bench/realtime/qalam-server.ts"],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the Qalam server exited (${code})`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = /^ready (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    name: "Qalam",
    url: `ws://127.0.0.1:${port}/api/v1/socket`,
    connectHeaders: (index) => ({
      "accept-version": "1.2",
      host: "qalam",
      "heart-beat": heartBeat,
      Authorization: `Bearer ${tokens[index]}`,
    }),
    destination: `/topic/organizations.${organizationId}`,
    publish: (seq) =>
      publishEvent(
        db,
        { organizationId },
        { type: "bench", id: String(seq), organizationId, actor: owner },
      ),
    rss: async () => {
      child.kill("SIGUSR2");
      await sleep(500);
      return rssOf(child.pid ?? 0);
    },
    close: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      await connection.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

// --- RabbitMQ's Web-STOMP ------------------------------------------------------------------------

async function rabbitTarget(): Promise<Target> {
  const url = "ws://127.0.0.1:15674/ws";
  const headers = {
    "accept-version": "1.2",
    host: "/",
    login: "guest",
    passcode: "guest",
    "heart-beat": heartBeat,
  };
  const publisher = await BenchClient.open(url, () => {});
  await publisher.request("CONNECT", headers);
  const destination = `/topic/bench.${randomBytes(4).toString("hex")}`;
  const pid = Number(execFileSync("pgrep", ["-o", "-f", "beam.smp.*rabbit"]).toString().trim());
  return {
    name: "RabbitMQ Web-STOMP",
    url,
    connectHeaders: () => headers,
    destination,
    publish: async (seq) => {
      publisher.send(
        "SEND",
        { destination, "content-type": "application/json" },
        JSON.stringify({
          type: "bench",
          id: String(seq),
          organizationId: null,
          actor: "bench",
          at: new Date().toISOString(),
        }),
      );
    },
    rss: async () => rssOf(pid),
    close: async () => publisher.close(),
  };
}

// --- The run ---------------------------------------------------------------------------------------

function ensure(script: string, ...args: string[]) {
  return execFileSync("bash", [script, ...args], { stdio: ["ignore", "pipe", "inherit"] })
    .toString()
    .trim();
}

const postgresUrl = process.env.TEST_DATABASE_URL || ensure("scripts/ensure-postgres.sh");
ensure("scripts/ensure-rabbitmq.sh", String(clients + 1));

console.log(
  `${clients} clients, ${pacedCount} paced + ${burstCount} burst messages to each; ` +
    `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`,
);
const results: Record<string, Figures> = {};
for (const make of [() => qalamTarget(postgresUrl), rabbitTarget]) {
  const target = await make();
  try {
    console.log(`measuring ${target.name}…`);
    results[target.name] = await measure(target);
  } finally {
    await target.close();
  }
}

const qalam = results.Qalam as Figures;
const rabbit = results["RabbitMQ Web-STOMP"] as Figures;
const rows: [string, keyof Figures, number][] = [
  ["connect and subscribe all clients (s)", "connectSeconds", 2],
  ["memory per connection (KiB)", "memoryPerConnectionKiB", 1],
  ["delivery latency p50 (ms)", "p50Ms", 2],
  ["delivery latency p99 (ms)", "p99Ms", 2],
  ["fan-out throughput (deliveries/s)", "deliveriesPerSecond", 0],
];
console.log("\n| figure | Qalam | RabbitMQ Web-STOMP | Qalam / RabbitMQ |");
console.log("| --- | ---: | ---: | ---: |");
for (const [label, key, digits] of rows) {
  console.log(
    `| ${label} | ${qalam[key].toFixed(digits)} | ${rabbit[key].toFixed(digits)} | ${(qalam[key] / rabbit[key]).toFixed(2)} |`,
  );
}
if (process.env.BENCH_JSON) {
  writeFileSync(
    process.env.BENCH_JSON,
    `${JSON.stringify({ clients, pacedCount, burstCount, results }, null, 2)}\n`,
  );
}
process.exit(0);
