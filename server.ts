import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { aiQuotaDefaults } from "./api/ai/ai-usage";
import { aiEnvironment } from "./api/ai/config";
import { embeddedToolsReport, toolPathsFromEnv } from "./api/ai/embedded/tools";
import { networkPolicyFromEnv } from "./api/ai/network";
import { maxOutputTokensFromEnv } from "./api/ai/response-limits";
import { secretsKeys } from "./api/ai/secrets";
import { rateLimitsFromEnv } from "./api/identity/rate-limits";
import { type Api, createApi, socketPath } from "./api/index";
import { jobLimitsFromEnv } from "./api/jobs/config";
import { s3OptionsFromEnv } from "./api/storage/config";
import { botDomainsFromApi } from "./server/chat-framing";
import { deploymentFromAppUrl } from "./server/deployment";
import { keepServingThroughContainedErrors } from "./server/process-errors";
import { clientAddress, parseTrustProxy } from "./server/trust-proxy";
import { createWebServer } from "./server/web-server";

// An error that escaped its request, job or socket: logged, and only a contained one is survived.
keepServingThroughContainedErrors();

/** `npm run dev`: Vite serves the app with hot reload; otherwise the build in build/ is served. */
const development = process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);
const appUrl = process.env.APP_URL || `http://localhost:${port}`;
const deployment = deploymentFromAppUrl(appUrl);
const dataDir = resolve(process.env.DATA_DIR ?? "./data");
const databaseUrl = process.env.DATABASE_URL || undefined;
const remoteApi = process.env.API_URL || undefined;
const buildDir = resolve(process.env.BUILD_DIR || "build");
const trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
const maxOrganizationsPerUser = positiveInteger("MAX_ORGANIZATIONS_PER_USER");

/** A variable that must be a whole number of at least 1 when set. */
function positiveInteger(name: string): number | undefined {
  const value = process.env[name]?.trim();
  if (!value) return undefined;
  if (!/^[1-9]\d{0,8}$/.test(value)) {
    throw new Error(`${name} must be a whole number of at least 1, got "${value}"`);
  }
  return Number(value);
}

mkdirSync(dataDir, { recursive: true });

/** The real-time socket's origin when it is not this server's: SOCKET_URL or a remote API. */
const socketOrigins = [process.env.SOCKET_URL || remoteApi]
  .filter((url): url is string => Boolean(url))
  .map((url) => {
    const { protocol, host } = new URL(url);
    return `${protocol.replace(/^http/, "ws")}//${host}`;
  });
process.env.SESSION_SECRET ||= sessionSecret(dataDir);

/** SESSION_SECRET, or one generated into DATA_DIR on first start and kept across restarts. */
function sessionSecret(dir: string) {
  const file = join(dir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

let api: Api | undefined;
if (!remoteApi) {
  api = await createApi({
    databaseUrl,
    dataDir: databaseUrl ? undefined : join(dataDir, "db"),
    seedDemo: !databaseUrl && deployment.local,
    demoPassword: process.env.DEMO_PASSWORD || undefined,
    production: !deployment.local,
    filesDir: join(dataDir, "files"),
    // All four S3_* variables: a bucket in place of the folder; some of them stop the start.
    s3: s3OptionsFromEnv(process.env),
    outboxDir: join(dataDir, "outbox"),
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM || undefined,
    smsWebhookUrl: process.env.SMS_WEBHOOK_URL || undefined,
    rateLimits: rateLimitsFromEnv(process.env),
    appUrl,
    allowedOrigins: process.env.ALLOWED_ORIGINS?.split(",").map((origin) => origin.trim()),
    realtime: { clientAddress: (request) => clientAddress(request, trustProxy) },
    maxOrganizationsPerUser,
    secretsKey: secretsKeys({ value: process.env.SECRETS_KEY, dataDir }),
    jobs: jobLimitsFromEnv(process.env),
    webhooks: { allowPrivateNetwork: process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORK === "1" },
    knowledge: { allowPrivateNetwork: process.env.KNOWLEDGE_ALLOW_PRIVATE_NETWORK === "1" },
    ai: {
      // A setting that cannot work stops the start here, naming its variable.
      environment: aiEnvironment(process.env),
      // AI_ALLOW_PRIVATE_NETWORK and AI_ALLOWED_NETWORKS.
      ...networkPolicyFromEnv(process.env),
      quotas: aiQuotaDefaults(process.env),
      // AI_CHAT_MAX_OUTPUT_TOKENS.
      maxOutputTokens: maxOutputTokensFromEnv(process.env),
      // ESPEAK_NG_PATH, FFMPEG_PATH and FFPROBE_PATH.
      toolPaths: toolPathsFromEnv(process.env),
    },
  });
  console.log(`Embedded tools:\n${embeddedToolsReport(api.embeddedTools).join("\n")}`);
  if (api.seeded) {
    console.log(
      `Created a demo organization. Sign in at http://localhost:${port}/login with\n` +
        `  email:    ${api.seeded.email}\n  password: ${api.seeded.password}`,
    );
  }
}

const viteDevServer = !development
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

const pages = createRequestHandler({
  build: viteDevServer
    ? () => viteDevServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : ((await import(join(buildDir, "server/index.js"))) as ServerBuild),
  mode: development ? "development" : "production",
  getLoadContext: (req, res) => ({
    cspNonce: res.locals.cspNonce,
    apiFetch: api?.pageFetch(),
    clientAddress: req.ip,
  }),
});

const app = createWebServer({
  api,
  pages,
  viteMiddleware: viteDevServer?.middlewares,
  buildDir,
  secure: deployment.secure,
  development,
  socketOrigins,
  trustProxy,
  // The embedded API in-process, or API_URL's over the network (as the pages reach it).
  botDomains: botDomainsFromApi(
    api ? api.fetch : fetch,
    remoteApi ?? "http://qalam.internal/api/v1",
  ),
});

const server = app.listen(port, () => {
  console.log(`Qalam is listening on http://localhost:${port}`);
});

// Every WebSocket upgrade is routed here, by path. Vite's hot reload (npm run dev) listens on a
// port of its own, so nothing else on this server takes upgrades.
server.on("upgrade", (req, socket, head) => {
  const path = req.url?.split("?")[0];
  if (api && path === socketPath) {
    api.handleUpgrade(req, socket, head);
    return;
  }
  socket.destroy();
});

/** How long requests in flight may take to finish after SIGTERM before their connections are cut. */
const shutdownGraceMs = 25_000;
let stopping = false;

/**
 * SIGTERM or SIGINT: stop accepting connections, close the real-time sockets (clients reconnect,
 * to another instance or to this one when it is back), let requests in flight finish within the
 * grace period, then hand running jobs back to the queue and close the database last.
 */
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing the requests in flight, then stopping`);
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  // A kept-alive connection is closed as soon as its last response is sent.
  const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
  const cutOff = setTimeout(() => server.closeAllConnections(), shutdownGraceMs);
  await api?.closeRealtime();
  await drained;
  clearInterval(closeIdle);
  clearTimeout(cutOff);
  await viteDevServer?.close();
  await api?.close();
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
