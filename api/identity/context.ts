import type { Database } from "../db/client";
import type { Messenger } from "../mail/messenger";
import type { RateLimits } from "./rate-limits";

/** What the sign-in and account services work with, beyond their input. */
export type Services = {
  db: Database;
  messenger: Messenger;
  rateLimits: RateLimits;
};

/** Who is asking: recorded with new sessions and counted by the per-address rate limits. */
export type Caller = { userAgent?: string | null; ip?: string | null };

/** The subject of per-address limits; requests without a known address share one. */
export function addressOf(caller: Caller): string {
  return caller.ip || "unknown";
}
