import { createReadMemory } from "../http/read-memory";
import type { RealtimeMessage } from "../realtime/events";
import type { OrganizationView } from "./organizations";

/** How long a member's list of organizations is kept once read, unless the API is told another. */
export const defaultOrganizationListCacheMs = 5_000;
/** How many lists are kept at most; the least recently used goes first. */
export const defaultOrganizationListCacheSize = 2_000;

export type OrganizationList = { items: OrganizationView[]; total: number };

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
  const memory = createReadMemory<OrganizationList, { userId: string }>({
    ttlMs,
    maxEntries,
    now,
  });
  return {
    read(userId, query, load) {
      const key = JSON.stringify([userId, query.page, query.pageSize, query.search ?? ""]);
      return memory.read(key, { userId }, load);
    },
    forget(message) {
      switch (message.kind) {
        case "user-changed":
        case "membership-ended":
          memory.forgetWhere((tags) => tags.userId === message.userId);
          return;
        case "organization-changed":
          memory.forgetWhere(
            (_tags, list) => !list || list.items.some((item) => item.id === message.organizationId),
          );
          return;
        case "event":
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
