import { and, isNull } from "drizzle-orm";
import { visibleTo } from "../db/records";
import { recipes } from "../db/schema";
import type { OrganizationActor } from "../organizations/permissions";

/**
 * The recipes the actor may read: their own, and those shared with the organization, while not
 * deleted. The jobs that run a recipe read the same rule, so that its prompts reach no one else.
 */
export function readableRecipes(actor: OrganizationActor) {
  return and(visibleTo(actor, recipes), isNull(recipes.deletedAt));
}
