import { createReadMemory } from "../http/read-memory";
import type { RealtimeMessage } from "../realtime/events";
import type { DashboardView } from "./dashboard";

/** How long a member's dashboard is kept in memory once read, unless the API is told another. */
export const defaultDashboardCacheMs = 5_000;
/** How many dashboards are kept at most; the least recently used goes first. */
export const defaultDashboardCacheSize = 500;

/** Whose dashboard, of which period, read with which permissions on which day. */
export type DashboardKey = {
  organizationId: string;
  userId: string;
  permissions: string;
  range: number;
  /** Today (UTC): a dashboard read yesterday is not today's. */
  day: string;
};

/**
 * A short-lived, bounded memory of members' dashboards (decision 029), the sessions' memory's
 * sibling (decision 028): a dashboard is eight reads, and a page that opens it again within a few
 * seconds, or a team that opens it at once, needs them once.
 *
 * What is kept is forgotten when it may be out of date: on every instance, by the bus's events to
 * the organization or to the member (whatever made a count, an activity or a use of the AI also
 * tells the open pages, which then read the dashboard again), by an ended membership and a changed
 * user; on this instance, after any request that may have changed something (`clear`). The
 * memory itself is `createReadMemory`'s.
 */
export type DashboardCache = {
  read: (key: DashboardKey, load: () => Promise<DashboardView>) => Promise<DashboardView>;
  /** Forgets what a message from the bus makes out of date. */
  forget: (message: RealtimeMessage) => void;
  /** Forgets everything. */
  clear: () => void;
  readonly size: number;
};

export function createDashboardCache({
  ttlMs = defaultDashboardCacheMs,
  maxEntries = defaultDashboardCacheSize,
  now = Date.now,
}: {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
} = {}): DashboardCache {
  const memory = createReadMemory<DashboardView, { organizationId: string; userId: string }>({
    ttlMs,
    maxEntries,
    now,
  });
  const ofOrganization = (organizationId: string) =>
    memory.forgetWhere((tags) => tags.organizationId === organizationId);
  const ofUser = (userId: string) => memory.forgetWhere((tags) => tags.userId === userId);
  return {
    read(key, load) {
      const id = [key.organizationId, key.userId, key.permissions, key.range, key.day].join(" ");
      return memory.read(id, { organizationId: key.organizationId, userId: key.userId }, load);
    },
    forget(message) {
      switch (message.kind) {
        case "event": {
          const to = message.to;
          if ("organizationId" in to) ofOrganization(to.organizationId);
          else ofUser(to.userId);
          return;
        }
        case "membership-ended":
        case "user-changed":
          ofUser(message.userId);
          return;
        case "organization-changed":
          // Its members changed: the checklist's teammate step, the usage by member.
          ofOrganization(message.organizationId);
          return;
        case "session-revoked":
          return;
      }
    },
    clear: memory.clear,
    get size() {
      return memory.size;
    },
  };
}
