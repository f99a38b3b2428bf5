import { randomBytes, randomUUID } from "node:crypto";
import { type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type express from "express";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitToken } from "~/lib/session.server";
import { createMediaItem, type NewMediaItem } from "../../../api/media/media";
import { loader as contentLoader } from "../../../app/routes/media.$id.content";
import { loader as thumbnailLoader } from "../../../app/routes/media.$id.thumbnail";
import { action as zipAction } from "../../../app/routes/media.zip";
import { parseTrustProxy } from "../../../server/trust-proxy";
import { createWebServer } from "../../../server/web-server";
import { createTestApi, ownerActor, ownerWithSession, type TestApi } from "../helpers";
import { pngImage } from "../test-images";

/**
 * The web app's media routes behind the web server as server.ts assembles it (compression, the
 * same-origin check), on the embedded API: what a browser's <video>, download link and zip
 * form get.
 */

let t: TestApi;
let server: Server;
let base: string;

type Owner = Awaited<ReturnType<typeof ownerWithSession>>;

/** React Router's part, played by hand: the request in, the route's Response out, streamed. */
const pages: express.RequestHandler = async (req, res) => {
  const url = new URL(req.originalUrl, `http://${req.get("host")}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const post = req.method === "POST";
  const webRequest = new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(post ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
  const context = { cspNonce: "", apiFetch: t.api.fetch, clientAddress: req.ip };
  const match = /^\/media\/([^/]+)\/(content|thumbnail)$/.exec(url.pathname);
  let response: Response;
  try {
    if (match && req.method === "GET") {
      const load = match[2] === "content" ? contentLoader : thumbnailLoader;
      response = await load({ request: webRequest, context, params: { id: match[1] } } as never);
    } else if (url.pathname === "/media/zip" && post) {
      response = await zipAction({ request: webRequest, context, params: {} } as never);
    } else {
      response = new Response("a page", { headers: { "Content-Type": "text/plain" } });
    }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  res.status(response.status);
  response.headers.forEach((value, name) => {
    res.setHeader(name, value);
  });
  if (response.body) await pipeline(Readable.fromWeb(response.body as never), res);
  else res.end();
};

beforeAll(async () => {
  t = await createTestApi();
  const app = createWebServer({
    api: t.api,
    pages,
    buildDir: "build",
    secure: false,
    development: false,
    socketOrigins: [],
    trustProxy: parseTrustProxy(undefined),
  });
  server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** The session cookie a signed-in browser sends. */
async function cookieOf(owner: Owner) {
  return (await commitToken(owner.token)).split(";")[0] as string;
}

function addItem(owner: Owner, input: Partial<NewMediaItem> = {}) {
  return createMediaItem(t.db, t.storage, ownerActor(owner), {
    kind: "video",
    bytes: new Uint8Array(randomBytes(64 * 1024)),
    contentType: "video/mp4",
    ...input,
  });
}

/** A request as a browser sends it, the body's bytes kept as they travel (never decompressed). */
function send(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const sent = request(`http://${base}${path}`, {
        method: init.method ?? "GET",
        headers: { "accept-encoding": "gzip, br", ...init.headers },
      });
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
      sent.end(init.body);
    },
  );
}

describe("GET /media/{id}/content and /thumbnail", () => {
  let owner: Owner;
  let cookie: string;
  let bytes: Uint8Array;
  let video: string;
  beforeAll(async () => {
    owner = await ownerWithSession(t);
    cookie = await cookieOf(owner);
    bytes = new Uint8Array(randomBytes(256 * 1024));
    video = await addItem(owner, { bytes, title: "رحلة إلى العلا" });
  });

  it("streams the file with the API's headers, uncompressed", async () => {
    const answer = await send(`/media/${video}/content`, { headers: { cookie } });

    expect(answer.status).toBe(200);
    expect(answer.body.equals(Buffer.from(bytes))).toBe(true);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers).toMatchObject({
      "content-type": "video/mp4",
      "content-length": String(bytes.byteLength),
      "accept-ranges": "bytes",
      "cache-control": "private, max-age=31536000, immutable",
      etag: `"${video}"`,
      "x-content-type-options": "nosniff",
    });
    expect(answer.headers["content-disposition"]).toBeUndefined();
  });

  it("passes ranges, revalidation and download=1 through", async () => {
    const range = await send(`/media/${video}/content`, {
      headers: { cookie, range: "bytes=1000-1999" },
    });
    expect(range.status).toBe(206);
    expect(range.headers["content-range"]).toBe(`bytes 1000-1999/${bytes.byteLength}`);
    expect(range.headers["content-length"]).toBe("1000");
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.body.equals(Buffer.from(bytes.subarray(1000, 2000)))).toBe(true);

    const past = await send(`/media/${video}/content`, {
      headers: { cookie, range: `bytes=${bytes.byteLength}-` },
    });
    expect(past.status).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${bytes.byteLength}`);

    const cached = await send(`/media/${video}/content`, {
      headers: { cookie, "if-none-match": `"${video}"` },
    });
    expect(cached.status).toBe(304);
    expect(cached.body.byteLength).toBe(0);

    const stale = await send(`/media/${video}/content`, {
      headers: { cookie, range: "bytes=0-9", "if-range": '"another"' },
    });
    expect(stale.status).toBe(200);
    expect(stale.body.byteLength).toBe(bytes.byteLength);

    const download = await send(`/media/${video}/content?download=1`, { headers: { cookie } });
    expect(download.headers["content-disposition"]).toContain(
      `filename*=UTF-8''${encodeURIComponent("رحلة إلى العلا.mp4")}`,
    );
  });

  it("answers an image's thumbnail, and 404 for one without", async () => {
    const image = await addItem(owner, {
      kind: "image",
      bytes: new Uint8Array(await pngImage(600, 400)),
      contentType: "image/png",
    });
    const thumbnail = await send(`/media/${image}/thumbnail`, { headers: { cookie } });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/webp");
    expect(thumbnail.headers["content-encoding"]).toBeUndefined();
    expect(thumbnail.body.subarray(8, 12).toString()).toBe("WEBP");
    expect((await send(`/media/${video}/thumbnail`, { headers: { cookie } })).status).toBe(404);
  });

  it("is 404 for another organization's item and for what is not an id", async () => {
    const stranger = await ownerWithSession(t);
    const theirs = await send(`/media/${video}/content`, {
      headers: { cookie: await cookieOf(stranger) },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.includes(Buffer.from(bytes.subarray(0, 100)))).toBe(false);
    expect((await send("/media/not-an-id/content", { headers: { cookie } })).status).toBe(404);
    expect((await send(`/media/${randomUUID()}/content`, { headers: { cookie } })).status).toBe(
      404,
    );
  });

  it("sends a guest, or an expired session, to sign in", async () => {
    const guest = await send(`/media/${video}/content`);
    expect(guest.status).toBe(302);
    expect(guest.headers.location).toMatch(/^\/login\?redirectTo=%2Fmedia%2F/);

    const expired = await send(`/media/${video}/content`, {
      headers: { cookie: (await commitToken("no-such-token")).split(";")[0] as string },
    });
    expect(expired.status).toBe(302);
    expect(String(expired.headers["set-cookie"])).toMatch(/token=;/);
  });
});

describe("POST /media/zip", () => {
  it("streams the selection's zip to a form of this site, and refuses another's", async () => {
    const owner = await ownerWithSession(t);
    const cookie = await cookieOf(owner);
    const first = new Uint8Array(randomBytes(70_000));
    const second = new Uint8Array(randomBytes(3000));
    const a = await addItem(owner, { bytes: first, title: "Dunes" });
    const b = await addItem(owner, { bytes: second, title: "كثبان" });
    const form = new URLSearchParams([
      ["id", a],
      ["id", b],
    ]).toString();
    const post = (headers: Record<string, string>, body = form) =>
      send("/media/zip", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body,
      });

    const answer = await post({ cookie, origin: `http://${base}` });

    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/zip");
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="qalam-media.zip"');
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["content-length"]).toBe(String(answer.body.byteLength));
    const files = unzipSync(new Uint8Array(answer.body));
    expect(Object.keys(files)).toEqual(["Dunes.mp4", "كثبان.mp4"]);
    expect(Buffer.from(files["Dunes.mp4"] ?? []).equals(Buffer.from(first))).toBe(true);
    expect(files["كثبان.mp4"]).toEqual(second);

    expect((await post({ cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ cookie, origin: `http://${base}` }, "")).status).toBe(400);
    const stranger = await ownerWithSession(t);
    const theirs = await post({ cookie: await cookieOf(stranger), origin: `http://${base}` });
    expect(theirs.status).toBe(404);
    expect((await post({ origin: `http://${base}` })).status).toBe(302);
  });
});
