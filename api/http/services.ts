import type { Services } from "../identity/context";
import type { AppEnv } from "./env";

export function servicesOf(c: { var: AppEnv["Variables"] }): Services {
  return { db: c.var.db, messenger: c.var.messenger, rateLimits: c.var.rateLimits };
}
