import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { payloadTooLarge } from "../errors";
import type { AppEnv } from "./env";
import { errorJson } from "./errors";

/** The limit of a request body unless its route declares another (`bodyLimit`). */
export const maxBodyBytes = 1024 * 1024;

/**
 * What is read and dropped of a body the API does not read (refused early, or past its limit)
 * before answering, so that the client, still sending, gets the answer rather than a reset
 * connection. Past these the connection is closed after the answer.
 */
const drainMaxBytes = 16 * 1024 * 1024;
const drainMaxMs = 10_000;

/** A route's own body limit, declared in its `middleware`; the default is `maxBodyBytes`. */
export function bodyLimit(maxBytes: number) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("bodyLimit", maxBytes);
    await next();
  });
}

/**
 * Mounted once, ahead of every route: the body reaches the route as a stream that counts its bytes
 * against the route's limit (413 PAYLOAD_TOO_LARGE past it, or at once for a Content-Length over
 * it), whatever reads it. The count is the bytes themselves, never the Content-Length header,
 * which may understate them. Whatever the API did not read, a refused body included, is read and
 * dropped (up to a bound) before the answer goes out: a client that is still sending when the
 * server answers and stops reading sees its connection reset instead of the answer, and a pooled
 * connection left with half a body spoils the next request.
 */
export function countBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const original = c.req.raw;
    if (!original.body) return next();
    const source = original.body.getReader();
    const declared = Number(original.headers.get("content-length") || Number.NaN);
    let received = 0;
    let tooLarge = false;
    const refuse = (controller: ReadableStreamDefaultController<Uint8Array>) => {
      tooLarge = true;
      controller.error(payloadTooLarge());
    };
    const counted = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          // Read once a route's middleware has run: the limit is the route's.
          const limit = c.var.bodyLimit ?? maxBodyBytes;
          if (declared > limit) return refuse(controller);
          const { done, value } = await source.read();
          if (done) return controller.close();
          received += value.byteLength;
          if (received > limit) return refuse(controller);
          controller.enqueue(value);
        },
      },
      // Nothing is read before someone asks: the route's limit is not known until then.
      { highWaterMark: 0 },
    );
    const headers = new Headers(original.headers);
    headers.delete("content-length");
    // `duplex` is required by Node's fetch for a streamed body but missing from the DOM typings.
    c.req.raw = new Request(original, { body: counted, headers, duplex: "half" } as RequestInit);

    let drained = false;
    try {
      await next();
    } finally {
      drained = await drain(source);
    }
    // The reader (a validator, a form parser) may have reported the failed read its own way.
    if (tooLarge) c.res = errorJson(c, 413, payloadTooLarge());
    if (!drained) c.res.headers.set("Connection", "close");
  };
}

/** Reads what is left and drops it; false when the bound was reached first. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
  const deadline = Date.now() + drainMaxMs;
  let dropped = 0;
  try {
    for (;;) {
      const timeLeft = deadline - Date.now();
      if (dropped > drainMaxBytes || timeLeft <= 0) break;
      const next = await Promise.race([reader.read(), timeout(timeLeft)]);
      if (!next) break;
      if (next.done) return true;
      dropped += next.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing is left to drain.
    return true;
  }
  return false;
}

function timeout(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms).unref());
}
