import { and, desc, eq, ilike } from "drizzle-orm";
import type { AiServices } from "../ai/ai-models";
import type { Database } from "../db/client";
import { fullName } from "../db/names";
import { type CountedTotal, countMatches } from "../db/paging";
import { liveOrRestorable } from "../db/records";
import {
  type Job,
  type Recipe,
  type RecipeSteps,
  type RecipeVisibility,
  recipes,
  users,
} from "../db/schema";
import { containsPattern } from "../db/search";
import { forbidden, notFound } from "../errors";
import { publishAuthoredChange } from "../organizations/changes";
import {
  type Actor,
  type OrganizationActor,
  requirePermission,
} from "../organizations/permissions";
import type { Storage } from "../storage/storage";
import {
  checkGeneration,
  type ImageGeneration,
  recipeJobKind,
  type VideoGeneration,
} from "./generations";
import { enqueueJob, type Jobs } from "./jobs";
import { readableRecipes } from "./recipe-access";

/** How long a deleted recipe can be brought back; the nightly purge deletes it for good after. */
export const recipeRestoreDays = 30;

export type RecipeInput = { name: string; visibility: RecipeVisibility; steps: RecipeSteps };

export type RecipeView = Omit<Recipe, "organizationId" | "authorId"> & {
  author: { id: string; name: string };
  /** The caller wrote it: they may change and delete it. */
  mine: boolean;
};

/** What a `recipe.run` job is given: the two generations, the video's start image left out. */
export type RecipeRun = {
  recipeId: string;
  name: string;
  image: ImageGeneration;
  video: VideoGeneration;
};

const authorName = fullName(users);

function toView(row: { recipe: Recipe; authorName: string }, actor: OrganizationActor) {
  const { organizationId: _organizationId, authorId, ...recipe } = row.recipe;
  return {
    ...recipe,
    author: { id: authorId, name: row.authorName },
    mine: authorId === actor.userId,
  } satisfies RecipeView;
}

/** The recipes the actor may read (media.read), newest change first; `q` matches names. */
export async function listRecipes(
  db: Database,
  actor: Actor,
  query: { page: number; pageSize: number; q?: string },
): Promise<{ items: RecipeView[] } & CountedTotal> {
  requirePermission(actor, "media.read");
  const pattern = containsPattern(query.q?.trim() || undefined);
  const where = and(readableRecipes(actor), pattern ? ilike(recipes.name, pattern) : undefined);
  const [rows, counted] = await Promise.all([
    db
      .select({ recipe: recipes, authorName })
      .from(recipes)
      .innerJoin(users, eq(users.id, recipes.authorId))
      .where(where)
      .orderBy(desc(recipes.updatedAt), desc(recipes.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countMatches(db, recipes, where, query),
  ]);
  return { items: rows.map((row) => toView(row, actor)), ...counted };
}

/** A recipe the actor may read (media.read); 404 for any other. */
export async function getRecipe(db: Database, actor: Actor, id: string): Promise<RecipeView> {
  requirePermission(actor, "media.read");
  const [row] = await db
    .select({ recipe: recipes, authorName })
    .from(recipes)
    .innerJoin(users, eq(users.id, recipes.authorId))
    .where(and(eq(recipes.id, id), readableRecipes(actor)));
  if (!row) throw notFound("No such recipe.");
  return toView(row, actor);
}

/** A new recipe of the actor's (media.create). */
export async function createRecipe(db: Database, actor: Actor, input: RecipeInput) {
  requirePermission(actor, "media.create");
  return db.transaction(async (tx) => {
    const [recipe] = await tx
      .insert(recipes)
      .values({ ...input, organizationId: actor.organizationId, authorId: actor.userId })
      .returning();
    if (!recipe) throw new Error("insert into recipes returned no row");
    await publishAuthoredChange(tx, actor, "recipe.created", recipe);
    return recipe.id;
  });
}

/**
 * The actor's own recipe, locked for a change: 404 when they cannot see it, 403 when it is
 * someone else's shared one (only its author changes it).
 */
async function lockOwnRecipe(tx: Database, actor: OrganizationActor, id: string) {
  const [recipe] = await tx
    .select()
    .from(recipes)
    .where(and(eq(recipes.id, id), readableRecipes(actor)))
    .for("update");
  if (!recipe) throw notFound("No such recipe.");
  if (recipe.authorId !== actor.userId) {
    throw forbidden("Only the author of a recipe changes it.");
  }
  return recipe;
}

/** Changes a recipe of the actor's (media.create). */
export async function updateRecipe(
  db: Database,
  actor: Actor,
  id: string,
  changes: Partial<RecipeInput>,
): Promise<void> {
  requirePermission(actor, "media.create");
  await db.transaction(async (tx) => {
    const current = await lockOwnRecipe(tx, actor, id);
    const [recipe] = await tx
      .update(recipes)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(recipes.id, id))
      .returning();
    if (recipe) await publishAuthoredChange(tx, actor, "recipe.updated", recipe, current);
  });
}

/** Deletes a recipe of the actor's (media.create); the media it made stays. */
export async function deleteRecipe(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "media.create");
  await db.transaction(async (tx) => {
    const current = await lockOwnRecipe(tx, actor, id);
    await tx.update(recipes).set({ deletedAt: new Date() }).where(eq(recipes.id, id));
    await publishAuthoredChange(tx, actor, "recipe.deleted", current);
  });
}

/**
 * Brings back a recipe the actor deleted (media.create) in the last `recipeRestoreDays`: the undo
 * right after a deletion. Only its author sees a deleted recipe; one that is not deleted is left
 * as it is.
 */
export async function restoreRecipe(db: Database, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "media.create");
  await db.transaction(async (tx) => {
    const [recipe] = await tx
      .select()
      .from(recipes)
      .where(
        and(
          eq(recipes.id, id),
          eq(recipes.organizationId, actor.organizationId),
          eq(recipes.authorId, actor.userId),
          liveOrRestorable(recipes.deletedAt, recipeRestoreDays),
        ),
      )
      .for("update");
    if (!recipe) throw notFound("No such recipe.");
    if (!recipe.deletedAt) return;
    await tx.update(recipes).set({ deletedAt: null }).where(eq(recipes.id, id));
    await publishAuthoredChange(tx, actor, "recipe.restored", recipe);
  });
}

/** The two generations a recipe asks for; the video's start image is the image step's first. */
export function recipeGenerations(recipe: Pick<Recipe, "name" | "steps">) {
  const { image, video, narration } = recipe.steps;
  const title = typeof image.title === "string" && image.title ? image.title : recipe.name;
  const imageRequest = { count: 1, ...image, kind: "image", title } as ImageGeneration;
  const videoRequest: VideoGeneration = {
    kind: "video",
    duration: video.duration,
    ...(video.size ? { size: video.size } : {}),
    ...(video.prompt ? { prompt: video.prompt } : {}),
    ...(narration ? { narration } : {}),
    title,
    ...(imageRequest.projectId ? { projectId: imageRequest.projectId } : {}),
    ...(imageRequest.clientId ? { clientId: imageRequest.clientId } : {}),
  };
  return { image: imageRequest, video: videoRequest };
}

/**
 * Runs a recipe the actor may read (media.create): both generations are checked as
 * POST /generations checks them (the models, their offers, the library, the quotas) before one
 * `recipe.run` job is queued; a refusal queues nothing.
 */
export async function runRecipe(
  services: { db: Database; storage: Storage; ai: AiServices; jobs: Jobs },
  actor: Actor,
  id: string,
): Promise<Job> {
  requirePermission(actor, "media.create");
  const { db, storage, ai, jobs } = services;
  const recipe = await getRecipe(db, actor, id);
  const { image, video } = recipeGenerations(recipe);
  await checkGeneration(db, storage, ai, actor, image);
  await checkGeneration(db, storage, ai, actor, video);
  const kind = jobs.runner.kinds.get(recipeJobKind);
  if (!kind) throw new Error("The recipe's run is not among the job kinds");
  const input: RecipeRun = { recipeId: recipe.id, name: recipe.name, image, video };
  return enqueueJob(db, jobs, actor, kind, input);
}
