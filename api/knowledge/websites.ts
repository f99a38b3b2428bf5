import { setTimeout as wait } from "node:timers/promises";
import robotsParser from "robots-parser";
import type { FetchFunction } from "../ai/network";
import { PermanentJobError } from "../jobs/kinds";
import { readWebPage } from "./extract";
import type { KnowledgeCrawlOptions } from "./schema";

/** How far a website source reaches (docs/knowledge.md, "Websites"). */
export const websiteLimits = {
  /** Links followed from the first page, at most. */
  depth: 5,
  /** Pages read from one source, at most. */
  pages: 500,
  /** Include and exclude patterns, each. */
  patterns: 20,
  pattern: 200,
  /** A page's bytes: a larger page is left out. */
  pageBytes: 5 * 1024 * 1024,
  /** A sitemap's bytes. */
  sitemapBytes: 10 * 1024 * 1024,
  /** Sitemaps of a sitemap index read, at most. */
  sitemaps: 50,
  /** Redirects followed for one address. */
  redirects: 5,
  /** One request's deadline. */
  timeoutMs: 15_000,
} as const;

/** The pause between two requests to a site, unless the deployment sets another. */
export const defaultCrawlDelayMs = 500;

/** The defaults of a crawl, when the owner gives none. */
export const crawlDefaults = { depth: 2, pageLimit: 50 } as const;

/** The name the product's requests give and robots.txt rules are read for. */
export const crawlerAgent = "QalamBot";
const userAgent = `${crawlerAgent}/1.0 (+https://qalam.app/bot)`;

export type WebPage = { url: string; title: string; text: string };

export type WebsiteReader = {
  /** The guarded fetch: public addresses only, unless the deployment opens private ones. */
  fetch: FetchFunction;
  /** The pause between two requests to the site, ms. */
  delayMs: number;
  signal?: AbortSignal;
  /** Pages read so far, of those known. */
  progress?: (done: number, known: number) => Promise<void>;
};

const failure = (code: string, message: string) => new PermanentJobError(code, message);

/** A crawl's include or exclude pattern as a test of a path: `*` any characters, else a prefix. */
function pathPattern(pattern: string): (path: string) => boolean {
  if (!pattern.includes("*")) return (path) => path.startsWith(pattern);
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*");
  const regex = new RegExp(`^${escaped}$`);
  return (path) => regex.test(path);
}

/** Whether a crawl takes a page: included (when patterns are given) and not excluded. */
export function crawlFilter(options: KnowledgeCrawlOptions) {
  const include = (options.include ?? []).map(pathPattern);
  const exclude = (options.exclude ?? []).map(pathPattern);
  return (url: URL) =>
    (include.length === 0 || include.some((test) => test(url.pathname))) &&
    !exclude.some((test) => test(url.pathname));
}

/** An address without its fragment, for telling pages apart. */
function pageKey(url: URL) {
  const copy = new URL(url);
  copy.hash = "";
  return copy.href;
}

type Fetched = { url: URL; status: number; contentType: string; bytes: Uint8Array | null };

/**
 * Reads an address, following redirects by hand so that each hop is checked: the guarded fetch
 * checks its address, and a hop to another host ends it when `sameHost`.
 */
async function fetchCapped(
  reader: WebsiteReader,
  start: URL,
  maxBytes: number,
  sameHost: string | null,
): Promise<Fetched> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const response = await reader.fetch(url.href, {
      redirect: "manual",
      headers: { "user-agent": userAgent, accept: "text/html,text/plain,application/xml;q=0.9" },
      signal: AbortSignal.any([
        AbortSignal.timeout(websiteLimits.timeoutMs),
        ...(reader.signal ? [reader.signal] : []),
      ]),
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, url);
      if (hop >= websiteLimits.redirects || !/^https?:$/.test(next.protocol)) {
        return { url, status: response.status, contentType: "", bytes: null };
      }
      if (sameHost && next.host !== sameHost) {
        return { url: next, status: response.status, contentType: "", bytes: null };
      }
      url = next;
      continue;
    }
    const contentType = response.headers.get("content-type") ?? "";
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return { url, status: response.status, contentType, bytes: null };
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        await response.body.cancel().catch(() => undefined);
        return { url, status: 413, contentType, bytes: null };
      }
      chunks.push(chunk);
    }
    return { url, status: response.status, contentType, bytes: Buffer.concat(chunks) };
  }
}

/** The site's robots.txt rules for the product's crawler; none when it has no such file. */
async function robotsOf(reader: WebsiteReader, origin: URL) {
  const robotsUrl = new URL("/robots.txt", origin);
  const fetched = await fetchCapped(reader, robotsUrl, 512 * 1024, origin.host).catch(() => null);
  const text =
    fetched?.bytes && fetched.status === 200 ? new TextDecoder().decode(fetched.bytes) : "";
  const robots = robotsParser(robotsUrl.href, text);
  return (url: URL) => robots.isAllowed(url.href, crawlerAgent) !== false;
}

const isPage = (contentType: string) =>
  /^(text\/html|application\/xhtml\+xml|text\/plain)/i.test(contentType);

/** The addresses a sitemap or sitemap index lists, nested indexes read in turn, same host only. */
async function sitemapUrls(reader: WebsiteReader, start: URL, limit: number): Promise<URL[]> {
  const found: URL[] = [];
  const queue = [start];
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < websiteLimits.sitemaps && found.length < limit) {
    const next = queue.shift() as URL;
    if (seen.has(next.href)) continue;
    seen.add(next.href);
    const fetched = await fetchCapped(reader, next, websiteLimits.sitemapBytes, start.host);
    if (!fetched.bytes) {
      if (next === start) {
        throw failure("UNREACHABLE", `The sitemap answered ${fetched.status}.`);
      }
      continue;
    }
    const xml = new TextDecoder().decode(fetched.bytes);
    const index = /<sitemapindex[\s>]/i.test(xml);
    for (const match of xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)) {
      let url: URL;
      try {
        url = new URL(decodeXml(match[1] as string), next);
      } catch {
        continue;
      }
      if (url.host !== start.host || !/^https?:$/.test(url.protocol)) continue;
      if (index) queue.push(url);
      else if (found.length < limit) found.push(url);
    }
  }
  return found;
}

function decodeXml(text: string) {
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");
}

/** The pause before a request to the site; cut short (throwing) when the work is stopped. */
const pause = (ms: number, signal?: AbortSignal) =>
  ms > 0 ? wait(ms, undefined, { signal }) : Promise.resolve();

/**
 * The pages of a website source: one page (`url`), the pages its sitemap lists (`sitemap`), or a
 * crawl from a page through its links (`crawl`: to `depth` links away, at most `pageLimit` pages,
 * the include and exclude patterns on their paths). Same host only; robots.txt is honoured for
 * `QalamBot`; one request at a time with `delayMs` between them. A page that cannot be read is
 * left out; a source none of whose pages can be read fails with the reason.
 */
export async function readWebsite(
  reader: WebsiteReader,
  source: { kind: "url" | "sitemap" | "crawl"; url: string; options: KnowledgeCrawlOptions },
): Promise<WebPage[]> {
  const start = new URL(source.url);
  const host = start.host;
  const allowed = await robotsOf(reader, start);
  const pageLimit = Math.min(
    source.kind === "url" ? 1 : (source.options.pageLimit ?? crawlDefaults.pageLimit),
    websiteLimits.pages,
  );
  const depthLimit = Math.min(source.options.depth ?? crawlDefaults.depth, websiteLimits.depth);
  const takes = source.kind === "crawl" ? crawlFilter(source.options) : () => true;

  let queue: { url: URL; depth: number }[];
  if (source.kind === "sitemap") {
    await pause(reader.delayMs, reader.signal);
    queue = (await sitemapUrls(reader, start, pageLimit)).map((url) => ({ url, depth: 0 }));
    if (queue.length === 0) throw failure("NO_PAGES", "The sitemap lists no page of its site.");
  } else {
    if (!allowed(start)) {
      throw failure("ROBOTS_DISALLOWED", "The site's robots.txt does not allow this page.");
    }
    queue = [{ url: start, depth: 0 }];
  }

  const pages: WebPage[] = [];
  const seen = new Set(queue.map((item) => pageKey(item.url)));
  let firstRefusal: PermanentJobError | null = null;
  while (queue.length > 0 && pages.length < pageLimit) {
    reader.signal?.throwIfAborted();
    const { url, depth } = queue.shift() as { url: URL; depth: number };
    if (!allowed(url)) {
      firstRefusal ??= failure("ROBOTS_DISALLOWED", "The site's robots.txt does not allow it.");
      continue;
    }
    await pause(reader.delayMs, reader.signal);
    const fetched = await fetchCapped(reader, url, websiteLimits.pageBytes, host).catch(
      (error: unknown) => {
        if (reader.signal?.aborted) throw error;
        firstRefusal ??= failure(
          "UNREACHABLE",
          error instanceof Error ? error.message : "The page could not be reached.",
        );
        return null;
      },
    );
    if (!fetched) continue;
    if (!fetched.bytes) {
      firstRefusal ??= failure(
        fetched.url.host !== host ? "OTHER_HOST" : "UNREACHABLE",
        fetched.url.host !== host
          ? `The page leads to another site (${fetched.url.host}).`
          : `The page answered ${fetched.status}.`,
      );
      continue;
    }
    if (!isPage(fetched.contentType)) {
      firstRefusal ??= failure("NOT_HTML", "The address is not a web page.");
      continue;
    }
    const read = await readWebPage(fetched.bytes, fetched.contentType);
    if (read.text.trim()) pages.push({ url: fetched.url.href, title: read.title, text: read.text });
    await reader.progress?.(pages.length, Math.min(pageLimit, pages.length + queue.length));
    if (source.kind !== "crawl" || depth >= depthLimit) continue;
    for (const href of read.links) {
      let link: URL;
      try {
        link = new URL(href, fetched.url);
      } catch {
        continue;
      }
      if (link.host !== host || !/^https?:$/.test(link.protocol)) continue;
      const key = pageKey(link);
      if (seen.has(key) || !takes(link)) continue;
      seen.add(key);
      queue.push({ url: link, depth: depth + 1 });
    }
  }
  if (pages.length === 0) {
    throw firstRefusal ?? failure("NO_PAGES", "No page with text was found.");
  }
  return pages;
}
