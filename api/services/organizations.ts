import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { memberships, type Organization, organizations, users } from "../db/schema";

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
