import { and, eq, isNull, or } from "drizzle-orm";
import { recipes } from "../db/schema";
import type { OrganizationActor } from "../organizations/permissions";

/**
 * The recipes the actor may read: their own, and those shared with the organization. The jobs
 * that run a recipe read the same rule, so that its prompts reach no one else.
 */
export function readableRecipes(actor: OrganizationActor) {
  return and(
    eq(recipes.organizationId, actor.organizationId),
    or(eq(recipes.authorId, actor.userId), eq(recipes.visibility, "organization")),
    isNull(recipes.deletedAt),
  );
}
