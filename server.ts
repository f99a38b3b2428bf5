import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { type Api, createApi, socketPath } from "./api/index";
import { rateLimitsFromEnv } from "./api/services/rate-limits";
import { isSameOriginWrite } from "./app/lib/same-origin";

const production = process.env.NODE_ENV === "production";
/** `npm run dev`: Vite serves the app with hot reload; otherwise the build in build/ is served. */
const development = process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(process.env.DATA_DIR ?? "./data");
const databaseUrl = process.env.DATABASE_URL || undefined;
const remoteApi = process.env.API_URL || undefined;
const API_PREFIX = "/api/v1";
const buildDir = resolve(process.env.BUILD_DIR || "build");

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
    seedDemo: !databaseUrl && !production,
    demoPassword: process.env.DEMO_PASSWORD || undefined,
    production,
    filesDir: join(dataDir, "files"),
    outboxDir: join(dataDir, "outbox"),
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM || undefined,
    smsWebhookUrl: process.env.SMS_WEBHOOK_URL || undefined,
    rateLimits: rateLimitsFromEnv(process.env),
    appUrl: process.env.APP_URL || `http://localhost:${port}`,
    allowedOrigins: process.env.ALLOWED_ORIGINS?.split(",").map((origin) => origin.trim()),
  });
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

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY === "1");

app.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});

app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
          // Vite's development client evaluates modules it fetches.
          ...(development ? ["'unsafe-eval'"] : []),
        ],
        // Radix positions popovers with inline style attributes.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...socketOrigins, ...(development ? ["ws:"] : [])],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        ...(production ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: production,
  }),
);

if (api) {
  const apiListener = getRequestListener(api.fetch);
  app.use((req, res, next) => {
    if (req.path === API_PREFIX || req.path.startsWith(`${API_PREFIX}/`)) {
      // The API trusts the last X-Forwarded-For hop: make it the address Express trusts.
      if (req.ip) req.headers["x-forwarded-for"] = req.ip;
      else delete req.headers["x-forwarded-for"];
      apiListener(req, res);
      return;
    }
    next();
  });
}

app.use(compression());

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Hashed assets never change; everything else in public/ is revalidated.
  app.use(
    "/assets",
    express.static(join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }),
  );
  // Open pages poll builds/latest.json to learn of a new deployment: always ask the server.
  app.use(
    "/builds",
    express.static(join(buildDir, "client/builds"), {
      cacheControl: false,
      setHeaders: (res) => res.setHeader("Cache-Control", "no-cache"),
    }),
  );
  app.use(express.static(join(buildDir, "client"), { maxAge: "1h" }));
}

// Forms post to this site only (the API, reached with bearer tokens, was mounted above).
app.use((req, res, next) => {
  const sameOrigin = isSameOriginWrite({
    method: req.method,
    host: req.get("host"),
    origin: req.get("origin"),
    secFetchSite: req.get("sec-fetch-site"),
  });
  if (sameOrigin) return next();
  res.status(403).type("text/plain").send("Forbidden: cross-origin request");
});

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(join(buildDir, "server/index.js"))) as ServerBuild);

app.all(
  "*",
  createRequestHandler({
    build,
    mode: development ? "development" : "production",
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce,
      apiFetch: api?.fetch,
      clientAddress: req.ip,
    }),
  }),
);

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

async function shutdown() {
  server.close();
  await viteDevServer?.close();
  await api?.close();
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
