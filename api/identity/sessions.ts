import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsBefore } from "../db/paging";
import { memberships, sessions, type User, users } from "../db/schema";
import { type Actor, permissionsForRole } from "../organizations/permissions";

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
export const sessionIdleTimeoutMs = 7 * 24 * 60 * 60 * 1000;
// Recording every use would cost a write per request; a minute's precision is plenty for 7 days.
const lastUsedPrecisionMs = 60 * 1000;

/** A signed-in request: its session, its user, and what that user may do. */
export type Authentication = {
  sessionId: string;
  user: User;
  actor: Actor;
};

export type SessionMeta = { userAgent?: string | null; ip?: string | null };

/** 256 random bits, URL-safe: the bearer token handed to the client. */
export function generateSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Starts a session and returns its token; only the token's hash is stored. */
export async function createSession(
  db: Database,
  userId: string,
  meta: SessionMeta = {},
): Promise<string> {
  const token = generateSessionToken();
  const now = new Date();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashSessionToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + sessionLifetimeMs),
    userAgent: meta.userAgent ?? null,
    ip: meta.ip ?? null,
  });
  return token;
}

/** The live session of a token with its user and their permissions, or null. */
export async function authenticate(db: Database, token: string): Promise<Authentication | null> {
  return (await authenticateUntil(db, token))?.auth ?? null;
}

/** The same, with when the session stops being live if nothing else ends it (its expiry or idling). */
export function authenticateUntil(
  db: Database,
  token: string,
): Promise<{ auth: Authentication; liveUntil: Date } | null> {
  return authenticateWhere(db, eq(sessions.tokenHash, hashSessionToken(token)));
}

/** The same for a session known by id (a redeemed socket ticket names its session). */
export async function authenticateSession(
  db: Database,
  sessionId: string,
): Promise<Authentication | null> {
  return (await authenticateWhere(db, eq(sessions.id, sessionId)))?.auth ?? null;
}

/** A session that has not been revoked, has not expired and has not been idle too long. */
function isLive(now: Date) {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastUsedAt, new Date(now.getTime() - sessionIdleTimeoutMs)),
  );
}

/** Which of these sessions are still live; checking does not count as using them. */
export async function liveSessionIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), isLive(new Date())));
  return new Set(rows.map((row) => row.id));
}

async function authenticateWhere(
  db: Database,
  which: SQL,
): Promise<{ auth: Authentication; liveUntil: Date } | null> {
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      user: users,
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      memberships,
      and(
        eq(memberships.userId, users.id),
        eq(memberships.organizationId, users.currentOrganizationId),
      ),
    )
    .where(and(which, isLive(now)))
    .limit(1);
  if (!row) return null;

  let lastUsedAt = row.lastUsedAt;
  if (now.getTime() - row.lastUsedAt.getTime() >= lastUsedPrecisionMs) {
    lastUsedAt = now;
    await db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.lastUsedAt, now)));
  }

  // A current organization the user no longer belongs to grants nothing and is not reported.
  const organizationId = row.role ? row.user.currentOrganizationId : null;
  return {
    auth: {
      sessionId: row.sessionId,
      user: row.user,
      actor: { userId: row.user.id, organizationId, permissions: permissionsForRole(row.role) },
    },
    liveUntil: new Date(
      Math.min(row.expiresAt.getTime(), lastUsedAt.getTime() + sessionIdleTimeoutMs),
    ),
  };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user but `keepSessionId`; returns how many were revoked. */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  keepSessionId?: string,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

export type SessionSummary = {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
};

/** A page of the user's live sessions: the one asking first, then the most recently used. */
export async function listUserSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
  query: { page: number; pageSize: number },
): Promise<{ items: SessionSummary[]; total: number }> {
  const live = and(eq(sessions.userId, userId), isLive(new Date()));
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
      })
      .from(sessions)
      .where(live)
      .orderBy(
        desc(eq(sessions.id, currentSessionId)),
        desc(sessions.lastUsedAt),
        desc(sessions.createdAt),
        asc(sessions.id),
      )
      .limit(query.pageSize)
      .offset(rowsBefore(query)),
    db.select({ total: count() }).from(sessions).where(live),
  ]);
  const items = rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
  return { items, total: totals?.total ?? 0 };
}

/** Revokes one of the user's own sessions; false when it is not theirs or not live. */
export async function revokeUserSession(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length === 1;
}
