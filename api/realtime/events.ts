import { sql } from "drizzle-orm";
import type { Database, Notifications } from "../db/client";

/** The NOTIFY channel of every real-time message, between every instance on one database. */
export const realtimeChannel = "qalam_realtime";

/** What subscribers receive: something changed; they fetch what they show again. */
export type RealtimeEvent = {
  type: string;
  id: string;
  organizationId: string | null;
  /** The user whose action it was. */
  actor: string;
  at: string;
};

/** Who an event is for: one user's own queue, or every member of an organization. */
export type Audience = { userId: string } | { organizationId: string };

export type RealtimeMessage =
  | { kind: "event"; to: Audience; event: RealtimeEvent }
  /** Sent by a trigger on sessions (migration 0002) when a session is revoked. */
  | { kind: "session-revoked"; sessionId: string }
  /**
   * Sent by a trigger on memberships (migration 0006) when one is deleted, whatever deleted it:
   * a removal, leaving, or the organization's or the user's deletion.
   */
  | { kind: "membership-ended"; userId: string; organizationId: string }
  /**
   * Sent by triggers on users and memberships (migration 0032) when a user's row or one of their
   * memberships changes: what a remembered session carries (decision 028) is out of date.
   */
  | { kind: "user-changed"; userId: string }
  /**
   * Sent by triggers on organizations and memberships (migration 0043) when an organization's row
   * or its members change: what a remembered list of organizations shows (a name, a logo, the
   * member count) is out of date.
   */
  | { kind: "organization-changed"; organizationId: string };

/**
 * Publishes an event with the transaction that made the change: PostgreSQL delivers a NOTIFY only
 * when its transaction commits, and never when it rolls back.
 */
export async function publishEvent(
  db: Database,
  to: Audience,
  event: Omit<RealtimeEvent, "at">,
): Promise<void> {
  const message: RealtimeMessage = {
    kind: "event",
    to,
    event: { ...event, at: new Date().toISOString() },
  };
  await db.execute(sql`select pg_notify(${realtimeChannel}, ${JSON.stringify(message)})`);
}

function parseMessage(payload: string): RealtimeMessage | null {
  try {
    const message = JSON.parse(payload) as RealtimeMessage;
    if (message?.kind === "event" && message.event && message.to) return message;
    if (message?.kind === "session-revoked" && typeof message.sessionId === "string") {
      return message;
    }
    if (message?.kind === "user-changed" && typeof message.userId === "string") return message;
    if (message?.kind === "organization-changed" && typeof message.organizationId === "string") {
      return message;
    }
    if (
      message?.kind === "membership-ended" &&
      typeof message.userId === "string" &&
      typeof message.organizationId === "string"
    ) {
      return message;
    }
  } catch {
    // Not ours: ignored.
  }
  return null;
}

/** Listens on the channel and hands every message to `deliver`; resolves with a stop function. */
export function listenForMessages(
  notifications: Notifications,
  deliver: (message: RealtimeMessage) => void,
): Promise<() => Promise<void>> {
  return notifications.listen(realtimeChannel, (payload) => {
    const message = parseMessage(payload);
    if (message) deliver(message);
  });
}
