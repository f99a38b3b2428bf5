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

type Entry = {
  organizationId: string;
  userId: string;
  view: Promise<DashboardView>;
  validUntil: number;
};

/**
 * A short-lived, bounded memory of members' dashboards (decision 029), the sessions' memory's
 * sibling (decision 028): a dashboard is eight reads, and a page that opens it again within a few
 * seconds, or a team that opens it at once, needs them once.
 *
 * What is kept is forgotten when it may be out of date: on every instance, by the bus's events to
 * the organization or to the member (whatever made a count, an activity or a use of the AI also
 * tells the open pages, which then read the dashboard again), by an ended membership and a changed
 * user; on this instance, after any request that may have changed something (`clear`). Readers
 * that ask at once share one read.
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
  // A read still under way is kept too, and forgotten with the rest: a reader that comes after
  // a change never gets a read that began before it.
  const entries = new Map<string, Entry>();

  function remove(match: (entry: Entry) => boolean) {
    for (const [key, entry] of entries) {
      if (match(entry)) entries.delete(key);
    }
  }

  return {
    read(key, load) {
      if (ttlMs <= 0) return load();
      const id = [key.organizationId, key.userId, key.permissions, key.range, key.day].join(" ");
      const entry = entries.get(id);
      if (entry) {
        entries.delete(id);
        if (entry.validUntil > now()) {
          entries.set(id, entry);
          return entry.view;
        }
      }
      const view = load();
      const kept: Entry = {
        organizationId: key.organizationId,
        userId: key.userId,
        view,
        validUntil: now() + ttlMs,
      };
      entries.set(id, kept);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      // A read that failed is not kept: the next reader tries again.
      view.catch(() => {
        if (entries.get(id) === kept) entries.delete(id);
      });
      return view;
    },
    forget(message) {
      switch (message.kind) {
        case "event": {
          const to = message.to;
          if ("organizationId" in to) {
            remove((entry) => entry.organizationId === to.organizationId);
          } else remove((entry) => entry.userId === to.userId);
          return;
        }
        case "membership-ended":
        case "user-changed":
          remove((entry) => entry.userId === message.userId);
          return;
        case "organization-changed":
          // Its members changed: the checklist's teammate step, the usage by member.
          remove((entry) => entry.organizationId === message.organizationId);
          return;
        case "session-revoked":
          return;
      }
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
