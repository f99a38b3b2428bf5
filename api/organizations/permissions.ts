import type { Role } from "../db/schema";
import { forbidden } from "../errors";

/**
 * Every permission the API checks. Roles map to these in exactly one place (rolePermissions);
 * services check permissions, never roles, so a role can change without touching them.
 */
export const permissions = [
  "organization.read",
  "organization.manage",
  "organization.delete",
  "organization.transfer",
  "members.read",
  "members.manage",
  "ai.manage",
  "ai.quotas",
  "clients.read",
  "clients.write",
  "projects.read",
  "projects.write",
  "documents.read",
  "documents.write",
  "workspaces.read",
  "workspaces.write",
  "threads.read",
  "threads.write",
  "characters.read",
  "characters.write",
  "media.read",
  "media.create",
  "media.write",
  "bots.read",
  "bots.manage",
  "leads.read",
  "leads.manage",
] as const;

export type Permission = (typeof permissions)[number];

const viewer: readonly Permission[] = permissions.filter((p) => p.endsWith(".read"));

const member: readonly Permission[] = [
  ...viewer,
  "clients.write",
  "projects.write",
  "documents.write",
  "workspaces.write",
  "threads.write",
  "characters.write",
  "media.create",
  "media.write",
  "leads.manage",
];

const admin: readonly Permission[] = [
  ...member,
  "organization.manage",
  "members.manage",
  "ai.manage",
  "bots.manage",
];

// Deleting the organization, handing it to someone else and its AI quotas stay with its owner.
const owner: readonly Permission[] = [
  ...admin,
  "organization.delete",
  "organization.transfer",
  "ai.quotas",
];

const rolePermissions: Record<Role, readonly Permission[]> = { owner, admin, member, viewer };

/** The permissions of a role in the order of `permissions`, empty without a role. */
export function permissionsForRole(role: Role | null | undefined): Permission[] {
  if (!role) return [];
  const granted = new Set(rolePermissions[role]);
  return permissions.filter((p) => granted.has(p));
}

/** Who is acting: every service call that touches organization data takes one. */
export type Actor = {
  userId: string;
  organizationId: string | null;
  permissions: readonly Permission[];
};

/** An actor in an organization: what requireOrganization and requirePermission leave. */
export type OrganizationActor = Actor & { organizationId: string };

export function can(actor: Actor, permission: Permission): boolean {
  return actor.organizationId !== null && actor.permissions.includes(permission);
}

export function requireOrganization(actor: Actor): asserts actor is OrganizationActor {
  if (actor.organizationId === null) throw forbidden();
}

export function requirePermission(
  actor: Actor,
  permission: Permission,
): asserts actor is OrganizationActor {
  if (!can(actor, permission)) throw forbidden();
}
