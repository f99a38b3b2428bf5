import { z } from "zod";

/** What the API says of an organization and of the signed-in user's place in it. */
export type Organization = {
  id: string;
  name: string;
  logoUrl: string | null;
  ownerId: string;
  memberCount: number;
  role: Role;
  permissions: string[];
  current: boolean;
  createdAt: string;
};

/** What the sidebar's organization switcher shows of each of the user's organizations. */
export type OrganizationSummary = Pick<
  Organization,
  "id" | "name" | "logoUrl" | "role" | "current"
>;

export const roles = ["owner", "admin", "member", "viewer"] as const;
export type Role = (typeof roles)[number];

/** The roles a member can be given; ownership changes hands only by a transfer. */
export const assignableRoles = ["admin", "member", "viewer"] as const;

export type Member = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  avatarUrl: string | null;
  role: Role;
  joinedAt: string;
};

export type Invitation = {
  id: string;
  email: string;
  role: (typeof assignableRoles)[number];
  status: "pending" | "expired" | "revoked" | "accepted";
  sentAt: string;
  expiresAt: string;
};

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export function can(organization: Pick<Organization, "permissions">, permission: string) {
  return organization.permissions.includes(permission);
}

/** One or two letters for an organization without a logo. */
export function organizationInitials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words.length > 1 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0]?.slice(0, 2) ?? "")
  ).toUpperCase();
}

export const organizationNameMax = 100;

/** An organization's name as the forms check it before the API does; messages are keys. */
export const OrganizationName = z
  .string()
  .trim()
  .min(1, "errors.required")
  .max(organizationNameMax, "errors.nameTooLong");
