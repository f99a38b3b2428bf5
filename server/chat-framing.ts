/**
 * A bot's full-page chat (`/b/<publicId>`, `/ar/b/<publicId>`) may be framed by the sites the bot
 * allows, and by the product itself; every other page by none (docs/x-bot-widget.md).
 */

/** The allowed domains of a live bot by its public id; null for no such bot (or none live). */
export type BotDomains = (publicId: string) => Promise<readonly string[] | null>;

const chatPage = /^\/(?:ar\/)?b\/([A-Za-z0-9_-]{1,64})\/?$/;

/** The public id of the full-page chat a path is; null for any other path. */
export function chatPagePublicId(path: string): string | null {
  return chatPage.exec(path)?.[1] ?? null;
}

/** A domain as the API stores it: a host, or `*.` and a host (api/bots/bot-domains.ts). */
const storedDomain = /^(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;

/**
 * `frame-ancestors` sources for a bot's domains: the product itself, and each domain over https
 * and http on any port, as the public API's origin check takes them (it compares hosts only).
 */
export function frameAncestorSources(domains: readonly string[]): string[] {
  const hosts = domains.filter((domain) => storedDomain.test(domain));
  return ["'self'", ...hosts.flatMap((host) => [`https://${host}:*`, `http://${host}:*`])];
}

/**
 * Reads a bot's domains from the API (`GET /public/bots/{publicId}/page`), the embedded one or
 * API_URL's. Anything but a 200 is no bot: the page then answers its own 404 or 503, unframed.
 */
export function botDomainsFromApi(
  fetcher: (request: Request) => Promise<Response>,
  baseUrl: string,
): BotDomains {
  return async (publicId) => {
    const url = `${baseUrl.replace(/\/+$/, "")}/public/bots/${encodeURIComponent(publicId)}/page`;
    try {
      const response = await fetcher(new Request(url, { signal: AbortSignal.timeout(5000) }));
      if (response.status !== 200) {
        await response.body?.cancel();
        return null;
      }
      const body = (await response.json()) as { allowedDomains?: unknown };
      return Array.isArray(body.allowedDomains)
        ? body.allowedDomains.filter((domain): domain is string => typeof domain === "string")
        : null;
    } catch {
      return null;
    }
  };
}
