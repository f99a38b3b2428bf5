import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  characters,
  clients,
  memberships,
  type Organization,
  organizations,
  type Role,
  users,
} from "../db/schema";
import { containsPattern } from "../db/search";
import { errorOnFields, forbidden, notFound, validationFailed } from "../errors";
import type { Services } from "../identity/context";
import { verifyPassword } from "../identity/passwords";
import { consumeRateLimit } from "../identity/rate-limits";
import { isPhoneCountry } from "../identity/users";
import { logError } from "../log";
import { publishEvent } from "../realtime/events";
import { avatarKeyOf, avatarUrlOf, deleteAvatarFiles, saveAvatar } from "../storage/avatars";
import type { Storage } from "../storage/storage";
import {
  actorIn,
  assertRoomForOrganization,
  lockMembership,
  membershipOf,
  moveCurrentOrganization,
} from "./memberships";
import { type Actor, type Permission, permissionsForRole, requirePermission } from "./permissions";

/** An organization as its members see it, with what the asking user is and may do in it. */
export type OrganizationView = {
  id: string;
  name: string;
  logoUrl: string | null;
  /** ISO 3166 alpha-2 of the phone numbers typed without their country code; null: none. */
  defaultCountry: string | null;
  ownerId: string;
  memberCount: number;
  role: Role;
  permissions: Permission[];
  current: boolean;
  createdAt: Date;
};

/**
 * Creates an organization owned by `ownerId`, makes the owner its first member, and makes it the
 * owner's current organization when they have none yet.
 */
export async function createOrganization(
  db: Database,
  input: { name: string; ownerId: string },
): Promise<Organization> {
  return db.transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({ name: input.name.trim(), ownerId: input.ownerId })
      .returning();
    if (!organization) throw new Error("insert into organizations returned no row");
    await tx
      .insert(memberships)
      .values({ organizationId: organization.id, userId: input.ownerId, role: "owner" });
    await tx
      .update(users)
      .set({ currentOrganizationId: organization.id })
      .where(and(eq(users.id, input.ownerId), isNull(users.currentOrganizationId)));
    return organization;
  });
}

/**
 * A new organization of the user's, which becomes their current one; 409
 * ORGANIZATION_LIMIT_REACHED when they belong to `maxOrganizations` already.
 */
export async function createOwnOrganization(
  db: Database,
  userId: string,
  name: string,
  maxOrganizations: number,
): Promise<OrganizationView> {
  const organization = await db.transaction(async (tx) => {
    await assertRoomForOrganization(tx, userId, maxOrganizations);
    const created = await createOrganization(tx, { name, ownerId: userId });
    await tx.update(users).set({ currentOrganizationId: created.id }).where(eq(users.id, userId));
    await publishEvent(
      tx,
      { userId },
      { type: "organization.created", id: created.id, organizationId: created.id, actor: userId },
    );
    return created;
  });
  return getOrganization(db, userId, organization.id);
}

const memberCount = sql<number>`(select count(*)::int from ${memberships} m where m.organization_id = ${organizations.id})`;

function organizationQuery(db: Database, userId: string) {
  return db
    .select({
      organization: organizations,
      role: memberships.role,
      memberCount,
      currentOrganizationId: users.currentOrganizationId,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.userId, userId))
    .$dynamic();
}

function toView(row: {
  organization: Organization;
  role: Role;
  memberCount: number;
  currentOrganizationId: string | null;
}): OrganizationView {
  return {
    id: row.organization.id,
    name: row.organization.name,
    logoUrl: row.organization.logoUrl,
    defaultCountry: row.organization.defaultCountry,
    ownerId: row.organization.ownerId,
    memberCount: row.memberCount,
    role: row.role,
    permissions: permissionsForRole(row.role),
    current: row.currentOrganizationId === row.organization.id,
    createdAt: row.organization.createdAt,
  };
}

/**
 * A page of the organizations the user belongs to: the current one first, then by name;
 * `search` matches names.
 */
export async function listOrganizations(
  db: Database,
  userId: string,
  query: { page: number; pageSize: number; search?: string },
): Promise<{ items: OrganizationView[]; total: number }> {
  const pattern = containsPattern(query.search);
  const matches = pattern ? ilike(organizations.name, pattern) : undefined;
  const offset = (query.page - 1) * query.pageSize;
  const rows = await organizationQuery(db, userId)
    .where(and(eq(memberships.userId, userId), matches))
    .orderBy(
      desc(sql`${organizations.id} = ${users.currentOrganizationId}`),
      asc(sql`lower(${organizations.name})`),
      asc(organizations.createdAt),
      asc(organizations.id),
    )
    .limit(query.pageSize)
    .offset(offset);
  // A page that is not full tells the total itself (the app shell's list, on every page, is
  // nearly always one): only a full or an empty page is counted.
  if (rows.length > 0 && rows.length < query.pageSize) {
    return { items: rows.map(toView), total: offset + rows.length };
  }
  const [totals] = await db
    .select({ total: count() })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), matches));
  return { items: rows.map(toView), total: totals?.total ?? 0 };
}

export async function getOrganization(
  db: Database,
  userId: string,
  organizationId: string,
): Promise<OrganizationView> {
  const [row] = await organizationQuery(db, userId)
    .where(membershipOf(organizationId, userId))
    .limit(1);
  if (!row) throw notFound("No such organization.");
  return toView(row);
}

/** Makes one of the user's organizations the current one: every page then shows its data. */
export async function switchOrganization(
  db: Database,
  userId: string,
  organizationId: string,
): Promise<void> {
  await actorIn(db, userId, organizationId);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ currentOrganizationId: organizationId })
      .where(eq(users.id, userId));
    await publishEvent(
      tx,
      { userId },
      { type: "user.updated", id: userId, organizationId, actor: userId },
    );
  });
}

export type OrganizationChanges = {
  name?: string;
  logo?: Uint8Array;
  removeLogo?: boolean;
  /** ISO 3166 alpha-2; null removes it. */
  defaultCountry?: string | null;
};

/**
 * Renames, changes the logo or the default country of phone numbers (organization.manage); the
 * replaced logo file is deleted after.
 */
export async function updateOrganization(
  db: Database,
  storage: Storage,
  actor: Actor,
  changes: OrganizationChanges,
): Promise<void> {
  requirePermission(actor, "organization.manage");
  const { organizationId } = actor;
  if (changes.logo && changes.removeLogo) {
    throw validationFailed({
      removeLogo: { code: "CONFLICTING_FIELDS", message: "Cannot be combined with a new logo" },
    });
  }
  if (changes.defaultCountry && !isPhoneCountry(changes.defaultCountry)) {
    throw validationFailed({
      defaultCountry: { code: "INVALID_VALUE", message: "An ISO 3166 alpha-2 country code" },
    });
  }
  const values: Partial<Pick<Organization, "name" | "logoUrl" | "defaultCountry">> = {};
  if (changes.name !== undefined) values.name = changes.name;
  if (changes.defaultCountry !== undefined) values.defaultCountry = changes.defaultCountry;
  const newLogoKey = changes.logo ? await saveAvatar(storage, changes.logo) : null;
  if (newLogoKey) values.logoUrl = avatarUrlOf(newLogoKey);
  else if (changes.removeLogo) values.logoUrl = null;

  let replaced: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ logoUrl: organizations.logoUrl })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for("update");
      if (!before) throw notFound("No such organization.");
      if (Object.keys(values).length === 0) return;
      await tx.update(organizations).set(values).where(eq(organizations.id, organizationId));
      if (values.logoUrl !== undefined && values.logoUrl !== before.logoUrl) {
        replaced = before.logoUrl;
      }
      await publishEvent(
        tx,
        { organizationId },
        { type: "organization.updated", id: organizationId, organizationId, actor: actor.userId },
      );
    });
  } catch (error) {
    if (newLogoKey) await storage.delete(newLogoKey).catch(() => {});
    throw error;
  }
  const replacedKey = avatarKeyOf(replaced);
  if (replacedKey) {
    await storage
      .delete(replacedKey)
      .catch((error: unknown) => logError(`Could not delete ${replacedKey}`, error));
  }
}

/**
 * Hands the organization to one of its admins; the owner confirms with their password, a check
 * limited like a password change. The organization's row is locked and its owner checked again
 * inside the transaction, so that two transfers at once cannot leave two owners.
 */
export async function transferOwnership(
  s: Services,
  actor: Actor,
  input: { userId: string; password: string },
): Promise<void> {
  requirePermission(actor, "organization.transfer");
  const { organizationId } = actor;
  await consumeRateLimit(s.db, s.rateLimits, "passwordChangePerAccount", actor.userId);
  const [owner] = await s.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!owner || !(await verifyPassword(owner.passwordHash, input.password))) {
    throw errorOnFields("invalid", "INVALID_PASSWORD", "The password is not correct.", {
      password: "Not correct",
    });
  }
  await s.db.transaction(async (tx) => {
    const [organization] = await tx
      .select({ ownerId: organizations.ownerId })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for("update");
    if (!organization) throw notFound("No such organization.");
    if (organization.ownerId !== actor.userId) {
      throw forbidden("Only the owner can hand the organization over.");
    }
    const target = await lockMembership(tx, organizationId, input.userId);
    if (target.role !== "admin") {
      throw errorOnFields("invalid", "NOT_AN_ADMIN", "Ownership goes to an admin only.", {
        userId: "Ownership goes to an admin only",
      });
    }
    await tx
      .update(organizations)
      .set({ ownerId: input.userId })
      .where(eq(organizations.id, organizationId));
    await tx
      .update(memberships)
      .set({
        role: sql`case when ${memberships.userId} = ${input.userId} then 'owner' else 'admin' end`,
      })
      .where(
        and(
          eq(memberships.organizationId, organizationId),
          inArray(memberships.userId, [input.userId, actor.userId]),
        ),
      );
    for (const userId of [input.userId, actor.userId]) {
      await publishEvent(
        tx,
        { userId },
        { type: "member.updated", id: userId, organizationId, actor: actor.userId },
      );
    }
    await publishEvent(
      tx,
      { organizationId },
      { type: "organization.updated", id: organizationId, organizationId, actor: actor.userId },
    );
  });
}

/**
 * Deletes the organization and everything it owns (organization.delete), its logo and its
 * clients' logo files too. The name typed again is the confirmation; members move to another
 * organization of theirs.
 */
export async function deleteOrganization(
  db: Database,
  storage: Storage,
  actor: Actor,
  confirmName: string,
): Promise<void> {
  requirePermission(actor, "organization.delete");
  const { organizationId } = actor;
  const logoUrls = await db.transaction(async (tx) => {
    const [organization] = await tx
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for("update");
    if (!organization) throw notFound("No such organization.");
    if (confirmName.trim() !== organization.name) {
      throw errorOnFields("invalid", "CONFIRMATION_MISMATCH", "Type the organization's name.", {
        confirmName: "Does not match the organization's name",
      });
    }
    const members = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(eq(memberships.organizationId, organizationId));
    const clientLogos = await tx
      .select({ logoUrl: clients.logoUrl })
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), isNotNull(clients.logoUrl)));
    const characterAvatars = await tx
      .select({ avatarUrl: characters.avatarUrl })
      .from(characters)
      .where(and(eq(characters.organizationId, organizationId), isNotNull(characters.avatarUrl)));
    await moveCurrentOrganization(tx, organizationId);
    await tx.delete(organizations).where(eq(organizations.id, organizationId));
    for (const { userId } of members) {
      await publishEvent(
        tx,
        { userId },
        { type: "organization.deleted", id: organizationId, organizationId, actor: actor.userId },
      );
    }
    return [
      organization.logoUrl,
      ...clientLogos.map((client) => client.logoUrl),
      ...characterAvatars.map((character) => character.avatarUrl),
    ];
  });
  await deleteAvatarFiles(storage, logoUrls);
}
