import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { socketTickets } from "../db/schema";
import { authenticate, authenticateSession, hashSessionToken } from "./sessions";

/** Long enough to open a socket right after it is issued, too short to be worth stealing. */
export const socketTicketLifetimeMs = 60 * 1000;

/** Tickets carry a prefix of their own, so a CONNECT frame says which kind of token it holds. */
const ticketPrefix = "st_";

export function isSocketTicket(token: string): boolean {
  return token.startsWith(ticketPrefix);
}

/** A new ticket for the session; expired tickets are cleared on the way. */
export async function issueSocketTicket(
  db: Database,
  sessionId: string,
  now = new Date(),
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = `${ticketPrefix}${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(now.getTime() + socketTicketLifetimeMs);
  await db.delete(socketTickets).where(lt(socketTickets.expiresAt, now));
  await db.insert(socketTickets).values({
    sessionId,
    ticketHash: hashSessionToken(ticket),
    createdAt: now,
    expiresAt,
  });
  return { ticket, expiresAt };
}

/** Uses up a ticket: the session it opens, or null when it is unknown, expired or used. */
export async function redeemSocketTicket(db: Database, ticket: string): Promise<string | null> {
  const now = new Date();
  const [redeemed] = await db
    .update(socketTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(socketTickets.ticketHash, hashSessionToken(ticket)),
        isNull(socketTickets.usedAt),
        gt(socketTickets.expiresAt, now),
      ),
    )
    .returning({ sessionId: socketTickets.sessionId });
  return redeemed?.sessionId ?? null;
}

/** A session token, or a socket ticket, used up here, that names its session. */
export async function authenticateSocketToken(db: Database, token: string) {
  if (!isSocketTicket(token)) return authenticate(db, token);
  const sessionId = await redeemSocketTicket(db, token);
  return sessionId ? authenticateSession(db, sessionId) : null;
}
