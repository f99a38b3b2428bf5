import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgeChunks, knowledgeSources } from "../../../api/db/schema";
import { resyncStaleWebsites } from "../../../api/knowledge/sources";
import { createTestApi, ownerWithSession, type TestApi } from "../helpers";

/** A small website on loopback: pages, robots.txt, redirects, sitemaps, a page that changes. */
let site: Server;
let other: Server;
let base = "";
let otherBase = "";
let changing = "Opening hours: nine to five.";
let removable = true;
const requested: string[] = [];

const page = (title: string, main: string, links: string[] = []) => `<!doctype html>
<html><head><title>${title}</title></head><body>
<header><nav>${links.map((href) => `<a href="${href}">Menu ${href}</a>`).join(" ")}</nav></header>
<main><h1>${title}</h1><p>${main}</p></main>
<footer>Footer text, all rights reserved</footer>
</body></html>`;

function route(path: string): { status: number; type?: string; body?: string; location?: string } {
  switch (path) {
    case "/robots.txt":
      return { status: 200, type: "text/plain", body: "User-agent: *\nDisallow: /private\n" };
    case "/":
      return {
        status: 200,
        type: "text/html; charset=utf-8",
        body: page("Nour Shop", "Welcome to Nour Shop, handmade goods from Amman.", [
          "/help",
          "/private/secret",
          "/blog/first",
          "https://elsewhere.example/",
          "#top",
        ]),
      };
    case "/help":
      return {
        status: 200,
        type: "text/html",
        body: page("Help", "Returns are accepted within thirty days.", [
          "/help/returns",
          "/help/deep",
        ]),
      };
    case "/help/returns":
      return {
        status: 200,
        type: "text/html",
        body: page("Returns", "Damaged goods are replaced."),
      };
    case "/help/deep":
      return {
        status: 200,
        type: "text/html",
        body: page("Deep", "A deeper page.", ["/help/deeper"]),
      };
    case "/help/deeper":
      return { status: 200, type: "text/html", body: page("Deeper", "The deepest page.") };
    case "/blog/first":
      return { status: 200, type: "text/html", body: page("Blog", "A blog post.") };
    case "/private/secret":
      return { status: 200, type: "text/html", body: page("Secret", "Staff only.") };
    case "/old":
      return { status: 301, location: "/help" };
    case "/elsewhere":
      return { status: 302, location: `${otherBase}/` };
    case "/logo.png":
      return { status: 200, type: "image/png", body: "\x89PNG" };
    case "/changing":
      return {
        status: 200,
        type: "text/html",
        body: page("Hours", changing, removable ? ["/removable"] : []),
      };
    case "/removable":
      return removable
        ? { status: 200, type: "text/html", body: page("Offer", "A summer offer.") }
        : { status: 404, type: "text/plain", body: "Gone" };
    case "/sitemap.xml":
      return {
        status: 200,
        type: "application/xml",
        body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${base}/help</loc></url><url><loc>${base}/help/returns</loc></url>
<url><loc>https://elsewhere.example/x</loc></url></urlset>`,
      };
    case "/sitemap-index.xml":
      return {
        status: 200,
        type: "application/xml",
        body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>${base}/sitemap.xml</loc></sitemap></sitemapindex>`,
      };
    default:
      return { status: 404, type: "text/plain", body: "Not found" };
  }
}

let t: TestApi;
/** The same API without KNOWLEDGE_ALLOW_PRIVATE_NETWORK: loopback is refused. */
let publicOnly: TestApi;

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://site").pathname;
    requested.push(path);
    const answer = route(path);
    response.writeHead(answer.status, {
      ...(answer.type ? { "content-type": answer.type } : {}),
      ...(answer.location ? { location: answer.location } : {}),
    });
    response.end(answer.body ?? "");
  });
  other = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(page("Other", "Another site."));
  });
  [base, otherBase] = await Promise.all([listen(site), listen(other)]);
  const ai = { offlineVoice: false, sentenceEncoder: false };
  [t, publicOnly] = await Promise.all([
    createTestApi({ ai, knowledge: { allowPrivateNetwork: true, crawlDelayMs: 0 } }),
    createTestApi({ ai, knowledge: { crawlDelayMs: 0 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), publicOnly.close()]);
  await Promise.all([
    new Promise((resolve) => site.close(resolve)),
    new Promise((resolve) => other.close(resolve)),
  ]);
});

type Owner = Awaited<ReturnType<typeof ownerWithSession>>;

async function newBot(api: TestApi, owner: Owner) {
  const made = await api.request("POST", "/bots", { token: owner.token, json: { name: "Help" } });
  expect(made.status, made.text).toBe(201);
  return made.body.id as string;
}

type Source = {
  id: string;
  status: string;
  title: string;
  url: string;
  errorCode: string | null;
  chunks: { url: string | null; text: string; heading: string }[];
};

async function settle(api: TestApi, owner: Owner, botId: string, id: string): Promise<Source> {
  const until = Date.now() + 60_000;
  for (;;) {
    const response = await api.request("GET", `/bots/${botId}/knowledge/sources/${id}`, {
      token: owner.token,
    });
    expect(response.status, response.text).toBe(200);
    if (response.body.status === "ready" || response.body.status === "failed") return response.body;
    if (Date.now() > until) throw new Error(`The source stayed ${response.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function teach(owner: Owner, json: Record<string, unknown>, api = t) {
  const botId = await newBot(api, owner);
  const made = await api.request("POST", `/bots/${botId}/knowledge/sources`, {
    token: owner.token,
    json,
  });
  expect(made.status, made.text).toBe(201);
  return { botId, source: await settle(api, owner, botId, made.body.id) };
}

const pagesOf = (source: Source) => [...new Set(source.chunks.map((chunk) => chunk.url))].sort();

describe("website sources", () => {
  it("read one page's main content, without its navigation and footer, and cite its address", async () => {
    const owner = await ownerWithSession(t);
    const { source } = await teach(owner, { kind: "url", url: `${base}/help` });
    expect(source).toMatchObject({ status: "ready", title: `${base.slice(7)}/help` });
    const text = source.chunks.map((chunk) => chunk.text).join("\n");
    expect(text).toContain("Returns are accepted within thirty days.");
    expect(text).not.toMatch(/Menu|Footer text/);
    expect(pagesOf(source)).toEqual([`${base}/help`]);
  });

  it("crawl the site's links to a depth, same host only, honouring robots.txt and the patterns", async () => {
    const owner = await ownerWithSession(t);
    const { source } = await teach(owner, {
      kind: "crawl",
      url: `${base}/`,
      depth: 2,
      exclude: ["/blog"],
    });
    expect(source.status).toBe("ready");
    // Two links away: /help/deep, not /help/deeper; no /private (robots.txt), no /blog, no other site.
    expect(pagesOf(source)).toEqual(
      [`${base}/`, `${base}/help`, `${base}/help/deep`, `${base}/help/returns`].sort(),
    );
    expect(requested).not.toContain("/private/secret");

    const limited = await teach(owner, { kind: "crawl", url: `${base}/`, depth: 3, pageLimit: 2 });
    expect(pagesOf(limited.source)).toHaveLength(2);
    const included = await teach(owner, {
      kind: "crawl",
      url: `${base}/help`,
      depth: 3,
      include: ["/help/d*"],
    });
    expect(pagesOf(included.source)).toEqual(
      [`${base}/help`, `${base}/help/deep`, `${base}/help/deeper`].sort(),
    );
  });

  it("read the pages a sitemap lists, through a sitemap index, same host only", async () => {
    const owner = await ownerWithSession(t);
    const { source } = await teach(owner, { kind: "sitemap", url: `${base}/sitemap-index.xml` });
    expect(source.status).toBe("ready");
    expect(pagesOf(source)).toEqual([`${base}/help`, `${base}/help/returns`]);
  });

  it("follow a redirect on the same site, and fail with the reason otherwise", async () => {
    const owner = await ownerWithSession(t);
    const moved = await teach(owner, { kind: "url", url: `${base}/old` });
    expect(pagesOf(moved.source)).toEqual([`${base}/help`]);

    for (const [path, code] of [
      ["/private/secret", "ROBOTS_DISALLOWED"],
      ["/elsewhere", "OTHER_HOST"],
      ["/logo.png", "NOT_HTML"],
      ["/missing", "UNREACHABLE"],
    ] as const) {
      const { source } = await teach(owner, { kind: "url", url: `${base}${path}` });
      expect(source, path).toMatchObject({ status: "failed", errorCode: code });
      expect(source.chunks).toEqual([]);
    }
  });

  it("refuse a private address unless the deployment allows it", async () => {
    const owner = await ownerWithSession(publicOnly);
    const { source } = await teach(owner, { kind: "url", url: `${base}/help` }, publicOnly);
    expect(source).toMatchObject({ status: "failed", errorCode: "UNREACHABLE" });
    const [row] = await publicOnly.db
      .select({ message: knowledgeSources.errorMessage })
      .from(knowledgeSources)
      .where(eq(knowledgeSources.id, source.id));
    expect(row?.message).toMatch(/not a public address/);
  });

  it("notice a changed page and drop a removed one when synced again, weekly too", async () => {
    const owner = await ownerWithSession(t);
    changing = "Opening hours: nine to five.";
    removable = true;
    const { botId, source } = await teach(owner, {
      kind: "crawl",
      url: `${base}/changing`,
      depth: 1,
    });
    expect(pagesOf(source)).toEqual([`${base}/changing`, `${base}/removable`]);

    changing = "Opening hours: ten to six.";
    removable = false;
    const synced = await t.request("POST", `/bots/${botId}/knowledge/sources/${source.id}/sync`, {
      token: owner.token,
    });
    expect(synced.status, synced.text).toBe(202);
    const after = await settle(t, owner, botId, source.id);
    expect(pagesOf(after)).toEqual([`${base}/changing`]);
    expect(after.chunks.map((chunk) => chunk.text).join(" ")).toContain("ten to six");

    // Read more than a week ago: the daily run queues it again.
    changing = "Opening hours: eight to four.";
    await t.db
      .update(knowledgeSources)
      .set({ syncedAt: sql`now() - interval '8 days'` })
      .where(eq(knowledgeSources.id, source.id));
    expect(await resyncStaleWebsites({ db: t.db, jobs: t.jobs })).toBeGreaterThanOrEqual(1);
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select({ text: knowledgeChunks.text })
              .from(knowledgeChunks)
              .where(eq(knowledgeChunks.sourceId, source.id))
          )
            .map((chunk) => chunk.text)
            .join(" "),
        { timeout: 30_000 },
      )
      .toContain("eight to four");
    // Read now: the next run leaves it.
    await settle(t, owner, botId, source.id);
    const again = await t.db
      .select({ id: knowledgeSources.id })
      .from(knowledgeSources)
      .where(
        sql`${knowledgeSources.id} = ${source.id} and ${knowledgeSources.syncedAt} > now() - interval '1 day'`,
      );
    expect(again).toHaveLength(1);
  });

  it("refuse bad addresses and crawl settings (422), and change nothing", async () => {
    const owner = await ownerWithSession(t);
    const botId = await newBot(t, owner);
    for (const json of [
      { kind: "url", url: "ftp://files.example/a" },
      { kind: "url", url: "not an address" },
      { kind: "crawl", url: `${base}/`, depth: 9 },
      { kind: "crawl", url: `${base}/`, pageLimit: 0 },
      { kind: "crawl", url: `${base}/`, include: ["help"] },
      { kind: "sitemap" },
    ]) {
      const response = await t.request("POST", `/bots/${botId}/knowledge/sources`, {
        token: owner.token,
        json,
      });
      expect(response.status, JSON.stringify(json)).toBe(422);
    }
    const listed = await t.request("GET", `/bots/${botId}/knowledge/sources`, {
      token: owner.token,
    });
    expect(listed.body.items).toEqual([]);
  });
});
