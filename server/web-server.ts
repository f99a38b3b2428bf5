import { randomBytes } from "node:crypto";
import { type Dirent, readdirSync } from "node:fs";
import { join, sep } from "node:path";
import { getRequestListener } from "@hono/node-server";
import compression from "compression";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import type { Api } from "../api/index";
import { isSameOriginWrite } from "../app/lib/same-origin";
import { type BotDomains, chatPagePublicId, frameAncestorSources } from "./chat-framing";
import type { TrustProxy } from "./trust-proxy";

const API_PREFIX = "/api/v1";
/** The widget's script, written at the client build's root by `scripts/vite/widget-build.ts`. */
const widgetFile = "widget.js";
const widgetMaxAgeMs = 5 * 60 * 1000;

export type WebServerOptions = {
  /** The embedded API, mounted at /api/v1; unset when the app speaks to a remote one. */
  api?: Api;
  /** The pages' request handler: React Router's, from the build or Vite (server.ts builds it). */
  pages: RequestHandler;
  /** Vite in middleware mode (`npm run dev`); otherwise the built assets in `buildDir`. */
  viteMiddleware?: RequestHandler;
  buildDir: string;
  /** The public address is https: HSTS, and the browser upgrades any http request. */
  secure: boolean;
  development: boolean;
  /** Origins of a real-time socket that is not this server's. */
  socketOrigins: readonly string[];
  trustProxy: TrustProxy;
  /**
   * A bot's allowed domains, which may frame its full-page chat (`/b/<publicId>`); without it,
   * that page is framed by none, as every other page.
   */
  botDomains?: BotDomains;
};

/** The Express app: security headers, the embedded API, static files, then the pages. */
export function createWebServer(options: WebServerOptions) {
  const { api, secure, development } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy);

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });

  // A bot's full-page chat may be framed by the bot's sites: its `frame-ancestors` lists them,
  // and X-Frame-Options, which cannot, is left out. Every other page is framed by none.
  app.use((req, res, next) => {
    const publicId = chatPagePublicId(req.path);
    const botDomains = options.botDomains;
    if (!publicId || !botDomains || (req.method !== "GET" && req.method !== "HEAD")) {
      return next();
    }
    botDomains(publicId).then((domains) => {
      if (domains) res.locals.frameAncestors = frameAncestorSources(domains).join(" ");
      next();
    }, next);
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
          "connect-src": ["'self'", ...options.socketOrigins, ...(development ? ["ws:"] : [])],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": [
            (_req, res) => (res as express.Response).locals.frameAncestors ?? "'none'",
          ],
          ...(secure ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: secure,
      xFrameOptions: false,
    }),
  );
  // For browsers that predate `frame-ancestors`; a page that some sites may frame sends none.
  app.use((_req, res, next) => {
    if (!res.locals.frameAncestors) res.setHeader("X-Frame-Options", "SAMEORIGIN");
    next();
  });

  if (api) {
    const apiListener = getRequestListener(api.fetch);
    app.use((req, res, next) => {
      if (req.path === API_PREFIX || req.path.startsWith(`${API_PREFIX}/`)) {
        forwardClientAddress(req);
        apiListener(req, res);
        return;
      }
      next();
    });
  }

  app.use(
    compression({
      filter: (req, res) => !keepsItsBytes(res) && compression.filter(req, res),
    }),
  );

  // The chat widget runs on other sites' pages: readable from any origin, and cached for
  // minutes only, since its address never changes (docs/x-bot-widget.md).
  app.get("/widget.js", (_req, res, next) => {
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (options.development) {
      // `npm run dev` bundles it on each request, from widget/ as it is now.
      import("../scripts/vite/widget-build")
        .then(({ bundleWidget }) => bundleWidget())
        .then((code) =>
          res.type("text/javascript").setHeader("Cache-Control", "no-cache").send(code),
        )
        .catch(next);
      return;
    }
    const file = join(options.buildDir, "client", widgetFile);
    res.sendFile(file, { maxAge: widgetMaxAgeMs }, (error) => {
      if (error && !res.headersSent) next();
    });
  });

  if (options.viteMiddleware) {
    app.use(options.viteMiddleware);
  } else {
    const client = join(options.buildDir, "client");
    // Hashed assets never change. The build wrote brotli and gzip copies of them, which are sent
    // as they are to a browser that takes them, instead of compressing every response.
    app.use(
      "/assets",
      expressStaticGzip(join(client, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        serveStatic: { immutable: true, maxAge: "1y" },
      }),
    );
    // Open pages poll builds/latest.json to learn of a new deployment: always ask the server.
    app.use(
      "/builds",
      express.static(join(client, "builds"), {
        cacheControl: false,
        setHeaders: (res) => res.setHeader("Cache-Control", "no-cache"),
      }),
    );
    // The rest of public/ is a few known files, revalidated: a page's path is never looked for
    // on disk.
    const publicFiles = new Set(topLevelFiles(client));
    const servePublic = express.static(client, { maxAge: "1h", index: false, redirect: false });
    app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
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

  // A path that does not decode (a stray "%") names no page: 400, without an error in the log.
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      res.status(400).type("text/plain").send("Bad Request: malformed path");
      return;
    }
    next();
  });
  // Mounted rather than routed: Express would decode the path again, as a parameter.
  app.use(options.pages);
  return app;
}

/**
 * Answers that go out as they are: a streamed answer event by event (compressing it would hold
 * events back); media and zips, compressed already, which the media routes stream by range; any
 * range, whose Content-Range counts the file's bytes, not compressed ones. SVG is text.
 */
function keepsItsBytes(res: express.Response): boolean {
  const type = String(res.getHeader("Content-Type") ?? "").toLowerCase();
  return (
    type.startsWith("text/event-stream") ||
    /^(image\/(?!svg\+xml)|audio\/|video\/|application\/zip)/.test(type) ||
    res.getHeader("Content-Range") !== undefined
  );
}

/**
 * The API takes the last X-Forwarded-For hop as the client: make it the one address Express
 * trusts under TRUST_PROXY, and nothing the client wrote. The API's request is built from the
 * raw headers, so those are rewritten too.
 */
function forwardClientAddress(req: express.Request) {
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    if (name.toLowerCase() !== "x-forwarded-for") raw.push(name, req.rawHeaders[i + 1] as string);
  }
  if (req.ip) {
    raw.push("X-Forwarded-For", req.ip);
    req.headers["x-forwarded-for"] = req.ip;
  } else {
    delete req.headers["x-forwarded-for"];
  }
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
}

/** The URL paths of the client build's files outside assets/ and builds/ (public/'s copies). */
function topLevelFiles(client: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(client, { recursive: true, withFileTypes: true });
  } catch (error) {
    // No client build (the API's tests): nothing to serve.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(client.length).split(sep).join("/"))
    .filter((path) => !path.startsWith("/assets/") && !path.startsWith("/builds/"));
}
