import type { Context } from "hono";

export type RequestMeta = { userAgent: string | null; ip: string | null };

/**
 * Who sent the request, recorded with a session for the user's own information. The address is
 * the last X-Forwarded-For hop, the one the nearest proxy (the web server) appended; earlier hops
 * come from the client and cannot be trusted.
 */
export function requestMeta(c: Context): RequestMeta {
  const userAgent = c.req.header("user-agent")?.slice(0, 512) || null;
  const forwarded = c.req.header("x-forwarded-for");
  const ip = forwarded?.split(",").at(-1)?.trim().slice(0, 64) || null;
  return { userAgent, ip };
}
