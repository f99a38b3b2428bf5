import { createMiddleware } from "hono/factory";
import { unauthorized } from "../errors";
import type { AppEnv, AuthEnv } from "../http/env";
import { authenticate } from "./sessions";

const bearerPattern = /^Bearer +([A-Za-z0-9_-]{16,128})$/i;

/** Reads the bearer token, resolves it to a live session, and exposes it as `c.var.auth`. */
export const requireAuth = createMiddleware<AppEnv & AuthEnv>(async (c, next) => {
  const token = bearerPattern.exec(c.req.header("authorization")?.trim() ?? "")?.[1];
  // Tokens that cannot have been issued are refused without a database round trip.
  if (!token) throw unauthorized();
  const lookups = c.env?.sessionLookups;
  let lookup = lookups?.get(token);
  if (!lookup) {
    lookup = c.var.sessionCache
      ? c.var.sessionCache.authenticate(c.var.db, token)
      : authenticate(c.var.db, token);
    lookups?.set(token, lookup);
  }
  const auth = await lookup;
  if (!auth) throw unauthorized();
  c.set("auth", auth);
  await next();
});
