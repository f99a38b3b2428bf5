import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { payloadTooLarge } from "../errors";

export const maxBodyBytes = 1024 * 1024;

/**
 * Rejects bodies over `maxBytes` with 413 PAYLOAD_TOO_LARGE. A declared Content-Length over the
 * limit is refused before reading. hono's bodyLimit believes a Content-Length header and counts
 * bytes only without one, so the header is dropped first: the body is always counted while it
 * streams, and a header that understates the body cannot slip a large one through.
 */
export function limitBody(maxBytes = maxBodyBytes): MiddlewareHandler {
  const counting = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw payloadTooLarge();
    },
  });
  return async (c, next) => {
    const request = c.req.raw;
    if (!request.body) return next();
    const declared = Number(request.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > maxBytes) throw payloadTooLarge();
    const headers = new Headers(request.headers);
    headers.delete("content-length");
    // `duplex` is required by Node's fetch for a streamed body but missing from the DOM typings.
    c.req.raw = new Request(request, { headers, duplex: "half" } as RequestInit);
    return counting(c, next);
  };
}
