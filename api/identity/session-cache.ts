import type { Database } from "../db/client";
import type { RealtimeMessage } from "../realtime/events";
import { type Authentication, authenticateUntil, hashSessionToken } from "./sessions";

/** How long a token's session is kept in memory once looked up, unless the API is told another. */
export const defaultSessionCacheMs = 5_000;
/** How many tokens' sessions are kept at most; the least recently used goes first. */
export const defaultSessionCacheSize = 2_000;

type Entry = { auth: Authentication; validUntil: number };

/**
 * A short-lived, bounded memory of live sessions by token (decision 028): every signed-in page
 * and API call starts with its token's session, its user and the role in the current
 * organization, which otherwise cost a database round trip each time. A session is kept for at
 * most `ttlMs`, and never past its own expiry or idle deadline.
 *
 * A user's sessions are forgotten at once on this instance after any request of theirs that is not
 * a read (`forgetAfterChange`), and on every instance by the database's notifications, whatever
 * made the change: a revoked session, an ended membership, a changed user or membership (`forget`).
 */
export type SessionCache = {
  /** The live session of a token, from memory when it was looked up within `ttlMs`. */
  authenticate: (db: Database, token: string) => Promise<Authentication | null>;
  /** Forgets what a message from the bus makes out of date. */
  forget: (message: RealtimeMessage) => void;
  /**
   * After a request that may have changed something: forgets the sessions of the user whose token
   * made it (a sign-out, a password, the current organization), or everything when the token is
   * not known here or there is none (a password reset by its key, a sign-in).
   */
  forgetAfterChange: (token: string | undefined) => void;
  /** Forgets everything. */
  clear: () => void;
  readonly size: number;
};

export function createSessionCache({
  ttlMs = defaultSessionCacheMs,
  maxEntries = defaultSessionCacheSize,
  now = Date.now,
}: {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
} = {}): SessionCache {
  // By the token's hash: the tokens themselves are not kept.
  const entries = new Map<string, Entry>();
  // Moves on at every forgetting, so that a lookup that began before it is not kept after it.
  let generation = 0;

  function remove(match: (entry: Entry) => boolean) {
    generation++;
    for (const [key, entry] of entries) {
      if (match(entry)) entries.delete(key);
    }
  }

  return {
    async authenticate(db, token) {
      if (ttlMs <= 0) return (await authenticateUntil(db, token))?.auth ?? null;
      const key = hashSessionToken(token);
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        if (entry.validUntil > now()) {
          // The most recently used goes last; the first is the next to go when it is full.
          entries.set(key, entry);
          return entry.auth;
        }
      }
      const startedAt = generation;
      const found = await authenticateUntil(db, token);
      if (!found) return null;
      if (startedAt === generation) {
        entries.set(key, {
          auth: found.auth,
          validUntil: Math.min(now() + ttlMs, found.liveUntil.getTime()),
        });
        if (entries.size > maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
      }
      return found.auth;
    },
    forget(message) {
      switch (message.kind) {
        case "session-revoked":
          remove((entry) => entry.auth.sessionId === message.sessionId);
          return;
        case "membership-ended":
        case "user-changed":
          remove((entry) => entry.auth.user.id === message.userId);
          return;
        case "event":
        case "organization-changed":
          return;
      }
    },
    forgetAfterChange(token) {
      const userId = token ? entries.get(hashSessionToken(token))?.auth.user.id : undefined;
      if (userId) remove((entry) => entry.auth.user.id === userId);
      else this.clear();
    },
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
