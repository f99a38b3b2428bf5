import { z } from "zod";
import type { ApiSchema } from "./api/client";

/** What the API says of an organization and of the signed-in user's place in it. */
export type Organization = ApiSchema<"Organization">;
export type Member = ApiSchema<"Member">;
export type Invitation = ApiSchema<"Invitation">;
export type InvitationDetails = ApiSchema<"InvitationDetails">;

export type Role = Member["role"];
export type Permission = Organization["permissions"][number];

/** What the sidebar's organization switcher shows of each of the user's organizations. */
export type OrganizationSummary = Pick<
  Organization,
  "id" | "name" | "logoUrl" | "role" | "current"
>;

export const roles = ["owner", "admin", "member", "viewer"] as const satisfies readonly Role[];

/** The roles a member can be given; ownership changes hands only by a transfer. */
export const assignableRoles = [
  "admin",
  "member",
  "viewer",
] as const satisfies readonly Invitation["role"][];

export function can(organization: Pick<Organization, "permissions">, permission: Permission) {
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
