import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, ilike, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { rowsBefore } from "../db/paging";
import {
  type Invitation,
  type invitationRoles,
  invitations,
  memberships,
  organizations,
  type User,
  users,
} from "../db/schema";
import { containsPattern } from "../db/search";
import { AppError, conflict, forbidden, notFound } from "../errors";
import { consumeRateLimit, type RateLimits } from "../identity/rate-limits";
import { hashSessionToken } from "../identity/sessions";
import { normalizeEmail } from "../identity/users";
import type { Messenger } from "../mail/messenger";
import { publishEvent } from "../realtime/events";
import { assertRoomForOrganization, roleIn } from "./memberships";
import { type Actor, type OrganizationActor, requirePermission } from "./permissions";

export const invitationLifetimeDays = 7;
const invitationLifetimeMs = invitationLifetimeDays * 24 * 60 * 60 * 1000;

export type InvitationRole = (typeof invitationRoles)[number];

export type InvitationStatus = "pending" | "expired" | "revoked" | "accepted";

export type InvitationView = {
  id: string;
  email: string;
  role: InvitationRole;
  status: InvitationStatus;
  sentAt: Date;
  expiresAt: Date;
};

/** What the invitee's page shows: whose invitation it is, to what, and whether it still stands. */
export type InvitationDetails = InvitationView & {
  organizationId: string;
  organizationName: string;
  inviterName: string | null;
};

type InvitationServices = {
  db: Database;
  messenger: Messenger;
  appUrl: string;
  rateLimits: RateLimits;
};

/**
 * Counts a mail about to be sent against the limits per inviter, organization and address, and
 * makes sure the mail queue has room, before anything changes.
 */
async function allowInvitationMail(
  services: InvitationServices,
  actor: OrganizationActor,
  email: string,
) {
  await services.messenger.assertRoom();
  const { db, rateLimits } = services;
  await consumeRateLimit(db, rateLimits, "invitationPerInviter", actor.userId);
  await consumeRateLimit(db, rateLimits, "invitationPerOrganization", actor.organizationId);
  await consumeRateLimit(db, rateLimits, "invitationPerRecipient", email);
}

function statusOf(invitation: Invitation, now = new Date()): InvitationStatus {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt <= now ? "expired" : "pending";
}

function toView(invitation: Invitation): InvitationView {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    status: statusOf(invitation),
    sentAt: invitation.sentAt,
    expiresAt: invitation.expiresAt,
  };
}

/**
 * A page of the invitations still open (pending, or expired and not yet resent), newest first;
 * `search` matches the address.
 */
export async function listInvitations(
  db: Database,
  actor: Actor,
  query: { page: number; pageSize: number; search?: string },
): Promise<{ items: InvitationView[]; total: number }> {
  requirePermission(actor, "members.manage");
  const pattern = containsPattern(query.search);
  const open = and(
    eq(invitations.organizationId, actor.organizationId),
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    pattern ? ilike(invitations.email, pattern) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(invitations)
      .where(open)
      .orderBy(desc(invitations.sentAt), asc(invitations.email), asc(invitations.id))
      .limit(query.pageSize)
      .offset(rowsBefore(query)),
    db.select({ total: count() }).from(invitations).where(open),
  ]);
  return { items: rows.map(toView), total: totals?.total ?? 0 };
}

/** Mails the link, in the language of the account the address belongs to, else the inviter's. */
async function mailInvitation(
  { db, messenger, appUrl }: InvitationServices,
  actor: Actor,
  invitation: Invitation,
  token: string,
) {
  const [details] = await db
    .select({
      organizationName: organizations.name,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      inviterLocale: users.locale,
    })
    .from(organizations)
    .innerJoin(users, eq(users.id, actor.userId))
    .where(eq(organizations.id, invitation.organizationId));
  if (!details) throw notFound("No such organization.");
  const [invitee] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.email, invitation.email));
  const locale = invitee?.locale ?? details.inviterLocale;
  const url = new URL(`${locale === "ar" ? "/ar" : ""}/accept-invite`, appUrl);
  url.searchParams.set("token", token);
  url.searchParams.set("email", invitation.email);
  await messenger.sendInvitation({
    to: invitation.email,
    locale,
    organizationName: details.organizationName,
    inviterName: `${details.inviterFirstName} ${details.inviterLastName}`.trim(),
    role: invitation.role,
    url: url.toString(),
    expiresInDays: invitationLifetimeDays,
  });
}

function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashSessionToken(token) };
}

/** Invites an address (members.manage). 409 when it is a member's, or already invited. */
export async function createInvitation(
  services: InvitationServices,
  actor: Actor,
  input: { email: string; role: InvitationRole },
): Promise<InvitationView> {
  requirePermission(actor, "members.manage");
  const { db } = services;
  const { organizationId } = actor;
  const email = normalizeEmail(input.email);
  const [member] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(users.email, email)));
  if (member) {
    throw conflict("ALREADY_MEMBER", "This address belongs to a member already.", {
      email: "Already a member",
    });
  }
  await allowInvitationMail(services, actor, email);
  const { token, tokenHash } = newToken();
  const now = new Date();
  let invitation: Invitation;
  try {
    invitation = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(invitations)
        .values({
          organizationId,
          email,
          role: input.role,
          tokenHash,
          invitedBy: actor.userId,
          sentAt: now,
          expiresAt: new Date(now.getTime() + invitationLifetimeMs),
        })
        .returning();
      if (!created) throw new Error("insert into invitations returned no row");
      await publishEvent(
        tx,
        { organizationId },
        { type: "invitation.created", id: created.id, organizationId, actor: actor.userId },
      );
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error, "invitations_pending_idx")) {
      throw conflict("INVITATION_PENDING", "This address is invited already.", {
        email: "Already invited",
      });
    }
    throw error;
  }
  await mailInvitation(services, actor, invitation, token);
  return toView(invitation);
}

async function openInvitation(db: Database, actor: OrganizationActor, invitationId: string) {
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.organizationId, actor.organizationId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
  if (!invitation) throw notFound("No such invitation.");
  return invitation;
}

/** Mails the invitation again with a new link; the old link stops working. */
export async function resendInvitation(
  services: InvitationServices,
  actor: Actor,
  invitationId: string,
): Promise<InvitationView> {
  requirePermission(actor, "members.manage");
  const invitation = await openInvitation(services.db, actor, invitationId);
  await allowInvitationMail(services, actor, invitation.email);
  const { token, tokenHash } = newToken();
  const now = new Date();
  const [updated] = await services.db
    .update(invitations)
    .set({ tokenHash, sentAt: now, expiresAt: new Date(now.getTime() + invitationLifetimeMs) })
    .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt)))
    .returning();
  if (!updated) throw notFound("No such invitation.");
  await mailInvitation(services, actor, updated, token);
  return toView(updated);
}

export async function revokeInvitation(db: Database, actor: Actor, invitationId: string) {
  requirePermission(actor, "members.manage");
  await openInvitation(db, actor, invitationId);
  const { organizationId } = actor;
  await db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt)));
    await publishEvent(
      tx,
      { organizationId },
      { type: "invitation.revoked", id: invitationId, organizationId, actor: actor.userId },
    );
  });
}

async function findByToken(db: Database, token: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      organizationName: organizations.name,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashSessionToken(token)));
  if (!row) throw notFound("No such invitation.");
  return row;
}

/** The invitation of a link, for the signed-in user who opened it; 404 for an unknown link. */
export async function getInvitationByToken(
  db: Database,
  token: string,
): Promise<InvitationDetails> {
  const row = await findByToken(db, token);
  return {
    ...toView(row.invitation),
    organizationId: row.invitation.organizationId,
    organizationName: row.organizationName,
    inviterName: row.inviterFirstName
      ? `${row.inviterFirstName} ${row.inviterLastName ?? ""}`.trim()
      : null,
  };
}

const invitationClosed = (status: InvitationStatus) =>
  new AppError("conflict", `INVITATION_${status.toUpperCase()}`, `The invitation is ${status}.`);

/**
 * Joins the organization of the invitation and makes it the current one. The invitation is for
 * one address: another account gets 403 INVITATION_FOR_ANOTHER_EMAIL; an account that belongs to
 * `maxOrganizations` already gets 409 ORGANIZATION_LIMIT_REACHED.
 */
export async function acceptInvitation(
  db: Database,
  user: User,
  token: string,
  maxOrganizations: number,
): Promise<{ organizationId: string }> {
  const { invitation } = await findByToken(db, token);
  const status = statusOf(invitation);
  if (status !== "pending") throw invitationClosed(status);
  if (user.email !== invitation.email) {
    throw new AppError(
      "forbidden",
      "INVITATION_FOR_ANOTHER_EMAIL",
      "This invitation is for another email address.",
    );
  }
  if (user.emailVerifiedAt === null) {
    throw new AppError(
      "forbidden",
      "EMAIL_NOT_VERIFIED",
      "Verify the account's email address before accepting: POST /user/address-change.",
    );
  }
  const { organizationId } = invitation;
  await db.transaction(async (tx) => {
    const [taken] = await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(
        and(
          eq(invitations.id, invitation.id),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .returning({ id: invitations.id });
    // Accepted, revoked or expired in the meantime.
    if (!taken) throw forbidden("The invitation is no longer open.");
    if (!(await roleIn(tx, user.id, organizationId))) {
      await assertRoomForOrganization(tx, user.id, maxOrganizations);
    }
    await tx
      .insert(memberships)
      .values({ organizationId, userId: user.id, role: invitation.role })
      .onConflictDoNothing();
    await tx
      .update(users)
      .set({ currentOrganizationId: organizationId })
      .where(eq(users.id, user.id));
    const event = { type: "member.added", id: user.id, organizationId, actor: user.id };
    await publishEvent(tx, { organizationId }, event);
    await publishEvent(tx, { userId: user.id }, { ...event, type: "user.updated" });
  });
  return { organizationId };
}
