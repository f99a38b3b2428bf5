import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsBefore } from "../db/paging";
import { memberships, type Role, users } from "../db/schema";
import { containsPattern } from "../db/search";
import { conflict, forbidden, notFound } from "../errors";
import { publishEvent } from "../realtime/events";
import {
  type Actor,
  permissionsForRole,
  requireOrganization,
  requirePermission,
} from "./permissions";
import { leaveWorkspacesOf } from "./workspaces";

export type MemberView = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  avatarUrl: string | null;
  role: Role;
  joinedAt: Date;
};

export const assignableRoles = ["admin", "member", "viewer"] as const;
export type AssignableRole = (typeof assignableRoles)[number];

/** The row of one user's membership of one organization. */
export function membershipOf(organizationId: string, userId: string) {
  return and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId));
}

/** The user's role in the organization, or null when they are not a member. */
export async function roleIn(
  db: Database,
  userId: string,
  organizationId: string,
): Promise<Role | null> {
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(membershipOf(organizationId, userId))
    .limit(1);
  return membership?.role ?? null;
}

/** Whether the user belongs to the organization, as its real-time topic requires. */
export async function isMember(
  db: Database,
  userId: string,
  organizationId: string,
): Promise<boolean> {
  return (await roleIn(db, userId, organizationId)) !== null;
}

/** Which of these (user, organization) pairs are memberships, as `userId:organizationId`. */
export async function liveMemberships(
  db: Database,
  pairs: { userId: string; organizationId: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db
    .select({ userId: memberships.userId, organizationId: memberships.organizationId })
    .from(memberships)
    .where(
      and(
        inArray(memberships.userId, [...new Set(pairs.map((pair) => pair.userId))]),
        inArray(memberships.organizationId, [...new Set(pairs.map((pair) => pair.organizationId))]),
      ),
    );
  return new Set(rows.map((row) => `${row.userId}:${row.organizationId}`));
}

/**
 * The actor for one organization of the user's, whichever is current. A user who is not a member
 * learns nothing, not even that it exists: 404.
 */
export async function actorIn(
  db: Database,
  userId: string,
  organizationId: string,
): Promise<Actor> {
  const role = await roleIn(db, userId, organizationId);
  if (!role) throw notFound("No such organization.");
  return { userId, organizationId, permissions: permissionsForRole(role) };
}

/** Locks a membership for a change in this transaction, or 404. */
export async function lockMembership(tx: Database, organizationId: string, userId: string) {
  const [member] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(membershipOf(organizationId, userId))
    .for("update");
  if (!member) throw notFound("No such member.");
  return member;
}

/** How many organizations an account may belong to unless the deployment says otherwise. */
export const defaultMaxOrganizationsPerUser = 50;

/**
 * Refuses a new membership past `max` (409 ORGANIZATION_LIMIT_REACHED). The user's row is locked
 * for the rest of the transaction, so that two joins at once cannot both pass the count.
 */
export async function assertRoomForOrganization(tx: Database, userId: string, max: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [row] = await tx
    .select({ total: count() })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  if ((row?.total ?? 0) >= max) {
    throw conflict(
      "ORGANIZATION_LIMIT_REACHED",
      `An account may belong to ${max} organizations at most; leave one to join or create another.`,
    );
  }
}

/**
 * Members whose current organization is going away (removed, or the organization deleted) move to
 * their oldest other one, or to none.
 */
export async function moveCurrentOrganization(
  tx: Database,
  organizationId: string,
  userIds?: string[],
) {
  const fallback = sql`(
    select m.organization_id from ${memberships} m
    where m.user_id = ${users.id} and m.organization_id <> ${organizationId}
    order by m.created_at, m.organization_id limit 1
  )`;
  await tx
    .update(users)
    .set({ currentOrganizationId: fallback })
    .where(
      and(
        eq(users.currentOrganizationId, organizationId),
        userIds ? inArray(users.id, userIds) : undefined,
      ),
    );
}

/** The organization's members, owner first, then by name; `search` matches names and email. */
export async function listMembers(
  db: Database,
  actor: Actor,
  query: { page: number; pageSize: number; search?: string; userId?: string },
): Promise<{ items: MemberView[]; total: number }> {
  requirePermission(actor, "members.read");
  const { organizationId } = actor;
  const pattern = containsPattern(query.search);
  const where = and(
    eq(memberships.organizationId, organizationId),
    query.userId ? eq(memberships.userId, query.userId) : undefined,
    pattern
      ? sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${pattern} or ${users.email} ilike ${pattern})`
      : undefined,
  );
  const [items, [totals]] = await Promise.all([
    db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        avatarUrl: users.avatarUrl,
        role: memberships.role,
        joinedAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(
        sql`case ${memberships.role} when 'owner' then 0 when 'admin' then 1 when 'member' then 2 else 3 end`,
        asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`),
        asc(users.id),
      )
      .limit(query.pageSize)
      .offset(rowsBefore(query)),
    db
      .select({ total: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where),
  ]);
  return { items, total: totals?.total ?? 0 };
}

/** Changes a member's role (members.manage). The owner's role changes only by a transfer. */
export async function changeMemberRole(
  db: Database,
  actor: Actor,
  userId: string,
  role: AssignableRole,
): Promise<void> {
  requirePermission(actor, "members.manage");
  const { organizationId } = actor;
  await db.transaction(async (tx) => {
    const member = await lockMembership(tx, organizationId, userId);
    if (member.role === "owner") throw forbidden("The owner's role changes only by a transfer.");
    if (member.role === role) return;
    await tx.update(memberships).set({ role }).where(membershipOf(organizationId, userId));
    const event = { type: "member.updated", id: userId, organizationId, actor: actor.userId };
    await publishEvent(tx, { organizationId }, event);
    await publishEvent(tx, { userId }, event);
  });
}

/**
 * Removes a member (members.manage), or lets a member leave: anyone but the owner, who must hand
 * the organization over first.
 */
export async function removeMember(db: Database, actor: Actor, userId: string): Promise<void> {
  // Leaving takes no permission, only the membership.
  if (userId === actor.userId) requireOrganization(actor);
  else requirePermission(actor, "members.manage");
  const { organizationId } = actor;
  await db.transaction(async (tx) => {
    const member = await lockMembership(tx, organizationId, userId);
    if (member.role === "owner") {
      throw forbidden("The owner cannot leave or be removed; transfer the ownership first.");
    }
    await moveCurrentOrganization(tx, organizationId, [userId]);
    await leaveWorkspacesOf(tx, organizationId, userId);
    await tx
      .delete(memberships)
      .where(
        and(
          eq(memberships.organizationId, organizationId),
          eq(memberships.userId, userId),
          ne(memberships.role, "owner"),
        ),
      );
    const event = { type: "member.removed", id: userId, organizationId, actor: actor.userId };
    await publishEvent(tx, { organizationId }, event);
    await publishEvent(tx, { userId }, event);
  });
}
