import type { AppEnv } from "../http/env";
import type { Services } from "./context";

export function servicesOf(c: { var: AppEnv["Variables"] }): Services {
  return { db: c.var.db, messenger: c.var.messenger, rateLimits: c.var.rateLimits };
}
