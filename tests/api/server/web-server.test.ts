import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { maxAvatarBytes } from "../../../api/storage/avatars";
import { precompress } from "../../../scripts/vite/precompress";
import { createTestApi, libraryImage, ownerWithSession, type TestApi } from "../helpers";
import { startWebServer, type WebServer } from "./start-web-server";

describe("behind a proxy", () => {
  let t: TestApi;
  const servers: WebServer[] = [];
  beforeAll(async () => {
    t = await createTestApi({ rateLimits: { loginPerAddress: { limit: 3, windowSeconds: 60 } } });
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await t.close();
  });

  async function server(trustProxy?: string) {
    const started = await startWebServer(t, trustProxy);
    servers.push(started);
    return started;
  }

  /** Signs in through the web server with `forwarded` as X-Forwarded-For; the session's address. */
  async function sessionAddress(web: WebServer, forwarded: string) {
    const { email, password } = await t.createUser();
    const login = await fetch(web.url("/api/v1/login"), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwarded },
      body: JSON.stringify({ value: email, password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const sessions = await t.request("GET", "/user/sessions", { token });
    return sessions.body.items[0].ip as string;
  }

  it("takes the address the one trusted proxy appended, not the client's own left-most word", async () => {
    const web = await server("1");
    expect(await sessionAddress(web, "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
  });

  it("believes no X-Forwarded-For without TRUST_PROXY", async () => {
    const web = await server();
    expect(await sessionAddress(web, "6.6.6.6, 203.0.113.9")).toBe("127.0.0.1");
  });

  it("counts a client that changes its spoofed addresses as the one address it is", async () => {
    const web = await server("1");
    const statuses: number[] = [];
    for (const spoofed of ["1.1.1.1", "2.2.2.2", "3.3.3.3", "4.4.4.4"]) {
      const response = await fetch(web.url("/api/v1/login"), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `${spoofed}, 198.51.100.77`,
        },
        body: JSON.stringify({ value: "nobody@example.test", password: "wrong password" }),
      });
      statuses.push(response.status);
      await response.body?.cancel();
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe("bodies the API refuses", () => {
  let t: TestApi;
  let web: WebServer;
  beforeAll(async () => {
    t = await createTestApi();
    web = await startWebServer(t);
  });
  afterAll(async () => {
    await web.close();
    await t.close();
  });

  const twoMegabytes = JSON.stringify({ value: "x".repeat(2 * 1024 * 1024), password: "p" });

  function multipartOf(bytes: number) {
    const form = new FormData();
    form.set("firstName", "Sara");
    form.set("avatar", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "big.png");
    return form;
  }

  async function statusesOf(times: number, send: () => Promise<Response>) {
    const statuses: (number | string)[] = [];
    for (let i = 0; i < times; i++) {
      try {
        const response = await send();
        await response.arrayBuffer();
        statuses.push(response.status);
      } catch (error) {
        statuses.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
      }
    }
    return statuses;
  }

  it("answers twenty oversized JSON bodies in a row with 413, then serves the same pool", async () => {
    const statuses = await statusesOf(20, () =>
      fetch(web.url("/api/v1/login"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: twoMegabytes,
      }),
    );
    expect(statuses).toEqual(Array(20).fill(413));
    expect((await fetch(web.url("/api/v1/health"))).status).toBe(200);
  });

  it("answers twenty uploads with a bad token with 401, then serves the same pool", async () => {
    const statuses = await statusesOf(20, () =>
      fetch(web.url("/api/v1/user"), {
        method: "PUT",
        headers: { authorization: `Bearer ${"x".repeat(43)}` },
        body: multipartOf(2 * 1024 * 1024),
      }),
    );
    expect(statuses).toEqual(Array(20).fill(401));
    expect((await fetch(web.url("/api/v1/health"))).status).toBe(200);
  });

  it("answers twenty avatars over their limit with 413, then serves the same pool", async () => {
    const user = await t.createUser();
    const token = await t.loginToken(user.email, user.password);
    const statuses = await statusesOf(20, () =>
      fetch(web.url("/api/v1/user"), {
        method: "PUT",
        headers: { authorization: `Bearer ${token}` },
        body: multipartOf(maxAvatarBytes + 512 * 1024),
      }),
    );
    expect(statuses).toEqual(Array(20).fill(413));
    const me = await fetch(web.url("/api/v1/user"), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
  });
});

describe("the public address's scheme", () => {
  let t: TestApi;
  const servers: WebServer[] = [];
  beforeAll(async () => {
    t = await createTestApi();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await t.close();
  });

  async function headersOf(secure: boolean) {
    const web = await startWebServer(t, undefined, secure);
    servers.push(web);
    const response = await fetch(web.url("/login"));
    await response.body?.cancel();
    return response.headers;
  }

  it("sends HSTS and upgrades requests when the app is served at an https address", async () => {
    const headers = await headersOf(true);
    expect(headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("sends neither on plain http, so that http://localhost stays usable", async () => {
    const headers = await headersOf(false);
    expect(headers.get("strict-transport-security")).toBeNull();
    expect(headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });
});

describe("who may frame a page", () => {
  let t: TestApi;
  let web: WebServer;
  let owner: Awaited<ReturnType<typeof ownerWithSession>>;
  beforeAll(async () => {
    t = await createTestApi();
    web = await startWebServer(t);
    owner = await ownerWithSession(t);
  });
  afterAll(async () => {
    await web.close();
    await t.close();
  });

  async function newBot(json: Record<string, unknown>) {
    const response = await t.request("POST", "/bots", {
      token: owner.token,
      json: { name: "Support", status: "live", ...json },
    });
    expect(response.status, response.text).toBe(201);
    return response.body as { id: string; publicId: string };
  }

  async function headersOf(path: string, method = "GET") {
    const response = await fetch(web.url(path), { method });
    await response.body?.cancel();
    return response.headers;
  }

  /** The sources of the policy's `frame-ancestors`. */
  function frameAncestors(headers: Headers) {
    const policy = headers.get("content-security-policy") ?? "";
    const directive = policy.split(";").find((part) => part.startsWith("frame-ancestors "));
    return directive?.split(" ").slice(1) ?? [];
  }

  it("lets a live bot's domains frame its full-page chat, in English and Arabic, and no other", async () => {
    const bot = await newBot({ allowedDomains: ["shop.example", "*.example.org"] });
    const sources = [
      "'self'",
      "https://shop.example:*",
      "http://shop.example:*",
      "https://*.example.org:*",
      "http://*.example.org:*",
    ];
    for (const path of [`/b/${bot.publicId}`, `/ar/b/${bot.publicId}`]) {
      const headers = await headersOf(path);
      expect(frameAncestors(headers), path).toEqual(sources);
      // X-Frame-Options cannot name several sites: a browser that reads it would refuse them all.
      expect(headers.get("x-frame-options"), path).toBeNull();
      // The page's own scripts still run by the response's nonce.
      expect(headers.get("content-security-policy")).toMatch(
        /script-src 'self' 'nonce-[\w+/=]{24}'/,
      );
    }
    expect(frameAncestors(await headersOf(`/b/${bot.publicId}`, "HEAD"))).toEqual(sources);
  });

  it("keeps every other page unframed: the app's pages, a look-alike path, the API", async () => {
    const bot = await newBot({ allowedDomains: ["shop.example"] });
    for (const path of [
      "/login",
      "/x-bot/embedding",
      `/b/${bot.publicId}/more`,
      `/AR/b/${bot.publicId}`,
      `/fr/b/${bot.publicId}`,
      `/bots/${bot.publicId}`,
    ]) {
      const headers = await headersOf(path);
      expect(frameAncestors(headers), path).toEqual(["'none'"]);
      expect(headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
    }
  });

  it("frames a bot without domains by the product alone, and a draft, deleted or unknown one by none", async () => {
    const bare = await newBot({ allowedDomains: [] });
    const headers = await headersOf(`/b/${bare.publicId}`);
    expect(frameAncestors(headers)).toEqual(["'self'"]);
    expect(headers.get("x-frame-options")).toBeNull();

    const draft = await newBot({ status: "draft", allowedDomains: ["shop.example"] });
    const deleted = await newBot({ allowedDomains: ["shop.example"] });
    expect((await t.request("DELETE", `/bots/${deleted.id}`, { token: owner.token })).status).toBe(
      204,
    );
    for (const publicId of [draft.publicId, deleted.publicId, "no-such-bot"]) {
      const unframed = await headersOf(`/b/${publicId}`);
      expect(frameAncestors(unframed), publicId).toEqual(["'none'"]);
      expect(unframed.get("x-frame-options")).toBe("SAMEORIGIN");
      // The page's bot is 404 at the API, which the page answers as its own 404.
      const api = await fetch(web.url(`/api/v1/public/bots/${publicId}/page`));
      expect(api.status, publicId).toBe(404);
      await api.body?.cancel();
    }
  });

  it("follows the bot: a domain added or the bot made a draft changes the next answer", async () => {
    const bot = await newBot({ allowedDomains: ["shop.example"] });
    const read = await t.request("GET", `/bots/${bot.id}`, { token: owner.token });
    const changed = await t.request("PATCH", `/bots/${bot.id}`, {
      token: owner.token,
      json: { version: read.body.version, allowedDomains: ["shop.example", "blog.example"] },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(frameAncestors(await headersOf(`/b/${bot.publicId}`))).toContain(
      "https://blog.example:*",
    );
    const drafted = await t.request("PATCH", `/bots/${bot.id}`, {
      token: owner.token,
      json: { version: changed.body.version, status: "draft" },
    });
    expect(drafted.status, drafted.text).toBe(200);
    expect(frameAncestors(await headersOf(`/b/${bot.publicId}`))).toEqual(["'none'"]);
  });
});

describe("static files", () => {
  let t: TestApi;
  let web: WebServer;
  let buildDir: string;
  const script = Buffer.from(`export const answer = "${"forty-two ".repeat(300)}";\n`);
  const widget = Buffer.from(`(function(){console.log("${"chat ".repeat(400)}")})();\n`);

  beforeAll(async () => {
    t = await createTestApi();
    buildDir = mkdtempSync(join(tmpdir(), "qalam-static-"));
    const client = join(buildDir, "client");
    mkdirSync(join(client, "assets"), { recursive: true });
    mkdirSync(join(client, "builds"), { recursive: true });
    writeFileSync(join(client, "assets/app-3f9a.js"), script);
    expect(precompress(join(client, "assets"))).toBe(1);
    writeFileSync(join(client, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    writeFileSync(join(client, "builds/latest.json"), '{"id":"a","timestamp":1}');
    writeFileSync(join(client, "widget.js"), widget);
    web = await startWebServer(t, undefined, false, buildDir);
  });
  afterAll(async () => {
    await web.close();
    await t.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  /** A GET that keeps the bytes as they travel (fetch would decompress them). */
  function rawGet(path: string, acceptEncoding: string) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const sent = request(web.url(path), { headers: { "accept-encoding": acceptEncoding } });
        sent.on("response", (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        });
        sent.on("error", reject);
        sent.end();
      },
    );
  }

  it("sends a hashed asset's brotli or gzip file made at build time, cached for a year", async () => {
    const brotli = await rawGet("/assets/app-3f9a.js", "gzip, deflate, br");
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toMatch(/javascript/);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(brotli.body).equals(script)).toBe(true);
    expect(brotli.body.length).toBeLessThan(script.length / 10);

    const gzip = await rawGet("/assets/app-3f9a.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(script)).toBe(true);

    const plain = await rawGet("/assets/app-3f9a.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);
  });

  it("serves public/'s files, and looks for no page's path on disk", async () => {
    const favicon = await rawGet("/favicon.svg", "identity");
    expect(favicon.status).toBe(200);
    expect(favicon.body.toString()).toContain("<svg");
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
    const latest = await rawGet("/builds/latest.json", "identity");
    expect(latest.headers["cache-control"]).toBe("no-cache");

    // A file that appears after the start is not served in a page's place.
    writeFileSync(join(buildDir, "client/login"), "not the login page");
    const login = await rawGet("/login", "identity");
    expect(login.body.toString()).toBe("a page");
    const missing = await rawGet("/assets/missing-0000.js", "br");
    expect(missing.body.toString()).toBe("a page");
  });

  it("serves x-bot's widget to any site's page, compressed, cached for minutes", async () => {
    const gzip = await rawGet("/widget.js", "gzip");
    expect(gzip.status).toBe(200);
    expect(gzip.headers["content-type"]).toMatch(/javascript/);
    // Helmet's same-origin policy would keep other sites' <script> from loading it.
    expect(gzip.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(gzip.headers["access-control-allow-origin"]).toBe("*");
    expect(gzip.headers["cache-control"]).toBe("public, max-age=300");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(widget)).toBe(true);
    // Every other file keeps the same-origin policy.
    const favicon = await rawGet("/favicon.svg", "identity");
    expect(favicon.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  it("answers a path that does not decode with 400, and hands the pages well-formed ones", async () => {
    const logged = vi.spyOn(console, "error");
    for (const path of ["/%", "/threads/%E0%A4%A", "/ar/%zz"]) {
      const answer = await rawGet(path, "identity");
      expect(answer.status, path).toBe(400);
      expect(answer.body.toString()).toBe("Bad Request: malformed path");
    }
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
    const arabic = await rawGet("/ar/threads/%D9%A1", "identity");
    expect(arabic.status).toBe(200);
    expect(arabic.body.toString()).toBe("a page");
  });
});

describe("x-bot's images", () => {
  it("are loadable by any site's page: the API's own Cross-Origin-Resource-Policy is kept", async () => {
    const t = await createTestApi();
    const web = await startWebServer(t);
    try {
      const owner = await ownerWithSession(t);
      const id = await libraryImage(t, owner);
      const bot = await t.request("POST", "/bots", {
        token: owner.token,
        json: { name: "Helper", status: "live", avatarMediaId: id },
      });
      expect(bot.status, bot.text).toBe(201);
      const response = await fetch(web.url(`/api/v1/public/bots/${bot.body.publicId}/avatar`));
      expect(response.status).toBe(200);
      expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      // Any other answer of the API keeps the product's own.
      const other = await fetch(web.url("/api/v1/health"));
      expect(other.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    } finally {
      await web.close();
      await t.close();
    }
  });
});
