import { z } from "zod";
import type { ApiSchema } from "./api/client";
import { nameInitials } from "./initials";
import { email, organizationName } from "./validation";

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
  "id" | "name" | "logoUrl" | "role" | "current" | "defaultCountry"
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

/** One or two letters for an organization without a logo, the Arabic article left out. */
export function organizationInitials(name: string) {
  return nameInitials(name);
}

// The forms of an organization's page, shared by its action and the sections that render them;
// messages are keys of the `validation` namespace.

const assignableRole = () => z.enum(assignableRoles, "invalidRole");

/** Name and logo (multipart); a logo that will not do is the API's to refuse. */
export const OrganizationForm = z.object({
  name: organizationName(),
  /** ISO 3166 alpha-2; left empty, none. */
  defaultCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, "invalid")
    .optional(),
  logo: z.file().optional(),
  removeLogo: z.literal("true").optional(),
});

/** An invitation by email, with the role it gives. */
export const InviteForm = z.object({
  email: email(),
  role: assignableRole(),
});

/** A member's new role. */
export const RoleForm = z.object({
  userId: z.uuid(),
  role: assignableRole(),
});

/** The organization's page, in sections: each a page of its own under /account/organization/{id}. */
export const organizationSections = ["general", "members", "ai", "usage"] as const;
export type OrganizationSection = (typeof organizationSections)[number];

/** The path of a section of an organization's page; the general one is the page itself. */
export function organizationSectionPath(id: string, section: OrganizationSection) {
  const page = `/account/organization/${id}`;
  return section === "general" ? page : `${page}/${section}`;
}

/** The sections a member sees: the usage and its limits only where they may manage AI. */
export function sectionsFor(organization: Pick<Organization, "permissions">) {
  return organizationSections.filter(
    (section) => section !== "usage" || can(organization, "ai.manage"),
  );
}
