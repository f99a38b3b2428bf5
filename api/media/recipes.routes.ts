import { OpenAPIHono, z } from "@hono/zod-openapi";
import { type RecipeSteps, recipeVisibilities } from "../db/schema";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { binRoutes } from "../http/record-routes";
import {
  countedPageOf,
  jsonBody,
  jsonResponse,
  pagedQuery,
  protectedRoute,
  requiredString,
  text,
} from "../http/schemas";
import { consumeMemberRateLimit } from "../identity/rate-limits";
import {
  ImageGenerationSchema,
  NarrationSchema,
  VideoGenerationSchema,
} from "./generations.routes";
import { getJob } from "./jobs";
import { JobSchema, toView as jobView } from "./jobs.routes";
import {
  createRecipe,
  deleteRecipe,
  getRecipe,
  listRecipes,
  type RecipeView,
  restoreRecipe,
  runRecipe,
  updateRecipe,
} from "./recipes";

const tags = ["Recipes"];

const idParams = z.object({ id: z.uuid("Not a recipe id") });

/** The steps, checked by the same rules as POST /generations. */
const RecipeStepsSchema = z
  .object({
    image: ImageGenerationSchema.omit({ kind: true }).openapi("RecipeImageStep", {
      description: "An image generation's body without `kind`; the video starts from its first",
    }),
    video: VideoGenerationSchema.pick({ duration: true, size: true, prompt: true }).openapi(
      "RecipeVideoStep",
    ),
    narration: NarrationSchema.optional(),
  })
  .openapi("RecipeSteps");

const RecipeSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    visibility: z.enum(recipeVisibilities).openapi({
      description:
        "private: its author's alone; organization: every member sees and runs it (only its " +
        "author changes it)",
    }),
    steps: RecipeStepsSchema,
    author: z.object({ id: z.uuid(), name: z.string() }),
    mine: z.boolean().openapi({ description: "The caller wrote it, and may change it" }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi("Recipe");

const recipeFields = {
  name: requiredString({ max: 100 }).openapi({ example: "Lighthouse reel" }),
  visibility: z.enum(recipeVisibilities),
  steps: RecipeStepsSchema,
};

const RecipeCreateSchema = z
  .object({ ...recipeFields, visibility: recipeFields.visibility.default("private") })
  .openapi("RecipeCreate");

const RecipeUpdateSchema = z.object(recipeFields).partial().openapi("RecipeUpdate");

const listRoute = protectedRoute({
  method: "get",
  path: "/recipes",
  tags,
  summary: "The recipes the caller may see: their own and those shared (media.read)",
  request: {
    query: pagedQuery().extend({
      q: text().trim().max(100, "At most 100 characters").optional().openapi({
        description: "Part of a recipe's name",
      }),
    }),
  },
  responses: {
    200: jsonResponse("One page of recipes", countedPageOf(RecipeSchema, "RecipeList")),
  },
  errors: [403, 422],
});

const createRecipeRoute = protectedRoute({
  method: "post",
  path: "/recipes",
  tags,
  summary: "A new recipe of the caller's: an image, a video from it, narration (media.create)",
  request: jsonBody(RecipeCreateSchema),
  responses: { 201: jsonResponse("The new recipe", RecipeSchema) },
  errors: [400, 403, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/recipes/{id}",
  tags,
  summary: "A recipe the caller may see (media.read)",
  request: { params: idParams },
  responses: { 200: jsonResponse("The recipe", RecipeSchema) },
  errors: [403, 404, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/recipes/{id}",
  tags,
  summary: "Change a recipe of the caller's (media.create)",
  description: "403 for someone else's shared recipe. `steps` is replaced as a whole.",
  request: { params: idParams, ...jsonBody(RecipeUpdateSchema) },
  responses: { 200: jsonResponse("The recipe as it is now", RecipeSchema) },
  errors: [400, 403, 404, 422],
});

const { deleteRoute, restoreRoute } = binRoutes({
  path: "/recipes",
  tags,
  idParams,
  schema: RecipeSchema,
  name: "recipe",
  deleteSummary: "Delete a recipe of the caller's; what it made stays (media.create)",
  restoreSummary:
    "Bring back a recipe the caller deleted, as the undo of a deletion (media.create)",
  restoreDescription:
    "Within 30 days of its deletion; after that the recipe is purged, and this answers 404.",
});

const runRoute = protectedRoute({
  method: "post",
  path: "/recipes/{id}/run",
  tags,
  summary: "Run a recipe the caller may see, as one `recipe.run` job (media.create)",
  description:
    "Answers 202 with the job; its `result`, once it has succeeded, is `{ mediaIds }`: the " +
    "image, then the video made from it. Refused as POST /generations refuses, before anything " +
    "is queued or charged: 422 (`UNSUPPORTED_SIZE`, `UNSUPPORTED_DURATION`, `UNKNOWN_VOICE`, " +
    "`NOT_AN_IMAGE`), 429 `QUOTA_EXCEEDED`, `TOO_MANY_REQUESTS` or `TOO_MANY_WAITING_JOBS`, " +
    "409 `AI_NOT_CONFIGURED` without an image, video or (with narration) speech model.",
  request: { params: idParams },
  responses: {
    202: jsonResponse("The job that runs it", z.object({ job: JobSchema }).openapi("RecipeJob")),
  },
  errors: [403, 404, 409, 422, 429],
});

function toJson({ deletedAt: _deletedAt, ...recipe }: RecipeView) {
  return {
    ...recipe,
    // Written through RecipeStepsSchema, so read back as it.
    steps: recipe.steps as z.infer<typeof RecipeStepsSchema>,
    createdAt: recipe.createdAt.toISOString(),
    updatedAt: recipe.updatedAt.toISOString(),
  };
}

export function createRecipeRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { items, ...counted } = await listRecipes(c.var.db, c.var.auth.actor, query);
      return c.json(
        { items: items.map(toJson), ...counted, page: query.page, pageSize: query.pageSize },
        200,
      );
    })
    .openapi(createRecipeRoute, async (c) => {
      const { actor } = c.var.auth;
      const body = c.req.valid("json");
      const id = await createRecipe(c.var.db, actor, {
        ...body,
        steps: body.steps as RecipeSteps,
      });
      return c.json(toJson(await getRecipe(c.var.db, actor, id)), 201);
    })
    .openapi(getRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(toJson(await getRecipe(c.var.db, c.var.auth.actor, id)), 200);
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const { steps, ...changes } = c.req.valid("json");
      await updateRecipe(c.var.db, actor, id, {
        ...changes,
        ...(steps ? { steps: steps as RecipeSteps } : {}),
      });
      return c.json(toJson(await getRecipe(c.var.db, actor, id)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteRecipe(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(restoreRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await restoreRecipe(c.var.db, actor, id);
      return c.json(toJson(await getRecipe(c.var.db, actor, id)), 200);
    })
    .openapi(runRoute, async (c) => {
      const { actor } = c.var.auth;
      await consumeMemberRateLimit(c.var.db, c.var.rateLimits, "generationPerMember", actor);
      const job = await runRecipe(
        { db: c.var.db, storage: c.var.storage, ai: c.var.ai, jobs: c.var.jobs },
        actor,
        c.req.valid("param").id,
      );
      return c.json({ job: jobView(actor, await getJob(c.var.db, actor, job.id)) }, 202);
    });
}
