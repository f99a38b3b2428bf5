/** The signed-in user's account as far as permissions go: the organization and what they may do there. */
export type MemberAccount = {
  account: { currentOrganizationId: string | null; currentOrganizationPermissions: string[] };
};

/** A page that needs a permission the member does not have: 403, the error page explains. */
export function requirePermission(user: MemberAccount, permission: string) {
  if (!user.account.currentOrganizationPermissions.includes(permission)) {
    throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
  }
}
