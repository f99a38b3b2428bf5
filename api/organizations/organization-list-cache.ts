import type { RealtimeMessage } from "../realtime/events";
import type { OrganizationView } from "./organizations";

/** How long a member's list of organizations is kept once read, unless the API is told another. */
export const defaultOrganizationListCacheMs = 5_000;
/** How many lists are kept at most; the least recently used goes first. */
export const defaultOrganizationListCacheSize = 2_000;

export type OrganizationList = { items: OrganizationView[]; total: number };

type Entry = {
  userId: string;
  list: Promise<OrganizationList>;
  /** The organizations the list shows; unknown while it is read. */
  shown?: Set<string>;
  validUntil: number;
};

/**
 * A short-lived, bounded memory of members' lists of organizations (decision 029): every signed-in
 * page shows the member's organizations in its shell, and reads them again on every page.
 *
 * Forgotten on every instance by the bus: a changed user or an ended membership forgets the
 * user's lists (the current organization, the role), a changed organization or a change to its
 * members (`organization-changed`, from triggers) forgets every list that shows it; and on this
 * instance after any request that may have changed something (`clear`). A list still being read
 * is forgotten with any organization's change, since what it shows is not known yet.
 */
export type OrganizationListCache = {
  read: (
    userId: string,
    query: { page: number; pageSize: number; search?: string },
    load: () => Promise<OrganizationList>,
  ) => Promise<OrganizationList>;
  forget: (message: RealtimeMessage) => void;
  clear: () => void;
  readonly size: number;
};

export function createOrganizationListCache({
  ttlMs = defaultOrganizationListCacheMs,
  maxEntries = defaultOrganizationListCacheSize,
  now = Date.now,
}: {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
} = {}): OrganizationListCache {
  const entries = new Map<string, Entry>();

  function remove(match: (entry: Entry) => boolean) {
    for (const [key, entry] of entries) {
      if (match(entry)) entries.delete(key);
    }
  }

  return {
    read(userId, query, load) {
      if (ttlMs <= 0) return load();
      const key = JSON.stringify([userId, query.page, query.pageSize, query.search ?? ""]);
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        if (entry.validUntil > now()) {
          entries.set(key, entry);
          return entry.list;
        }
      }
      const list = load();
      const kept: Entry = { userId, list, validUntil: now() + ttlMs };
      entries.set(key, kept);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      list.then(
        (read) => {
          kept.shown = new Set(read.items.map((item) => item.id));
        },
        () => {
          // A read that failed is not kept: the next reader tries again.
          if (entries.get(key) === kept) entries.delete(key);
        },
      );
      return list;
    },
    forget(message) {
      switch (message.kind) {
        case "user-changed":
        case "membership-ended":
          remove((entry) => entry.userId === message.userId);
          return;
        case "organization-changed":
          remove((entry) => !entry.shown || entry.shown.has(message.organizationId));
          return;
        case "event":
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
