import { OpenAPIHono, z } from "@hono/zod-openapi";
import { projectStatuses } from "../db/schema";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { binRoutes, commaSeparated, queryFlag, searchWords, sortOf } from "../http/record-routes";
import {
  codedIssue,
  countedPageOf,
  jsonBody,
  jsonResponse,
  optionalString,
  pagedQuery,
  protectedRoute,
  requiredString,
} from "../http/schemas";
import {
  createProject,
  currencies,
  deleteProject,
  getProject,
  listProjects,
  type ProjectView,
  projectRestoreDays,
  projectSorts,
  restoreProject,
  updateProject,
} from "./projects";

const tags = ["Projects"];

const SegmentsSchema = z.array(z.object({ text: z.string(), match: z.boolean() })).nullable();
const BudgetSchema = z
  .object({
    amount: z
      .number("A number")
      .min(0, "At least 0")
      .max(1_000_000_000_000, "At most 1,000,000,000,000"),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "An ISO 4217 code, e.g. SAR")
      .refine((code) => currencies.has(code), codedIssue("INVALID_VALUE", "Not a known currency")),
  })
  .openapi("Budget", { description: "In major units (riyals, dollars) of its currency" });

const ProjectSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    status: z.enum(projectStatuses),
    startDate: z.iso.date().nullable(),
    dueDate: z.iso.date().nullable(),
    budget: BudgetSchema.nullable(),
    tags: z.array(z.string()),
    client: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    workspace: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    members: z.array(z.object({ id: z.uuid(), name: z.string() })),
    version: z.int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deletedAt: z.iso.datetime().nullable(),
    highlights: z.object({ name: SegmentsSchema, description: SegmentsSchema }).optional(),
  })
  .openapi("Project");

const toJson = (project: ProjectView) => ({
  id: project.id,
  name: project.name,
  description: project.description,
  status: project.status,
  startDate: project.startDate,
  dueDate: project.dueDate,
  budget: project.budget,
  tags: project.tags,
  client: project.client,
  workspace: project.workspace,
  members: project.members,
  version: project.version,
  createdAt: project.createdAt.toISOString(),
  updatedAt: project.updatedAt.toISOString(),
  deletedAt: project.deletedAt?.toISOString() ?? null,
  ...(project.highlights ? { highlights: project.highlights } : {}),
});

const dateField = z.iso.date("A date, YYYY-MM-DD").nullable();

const fields = {
  name: requiredString({ max: 200 }).openapi({ example: "Ramadan campaign" }),
  description: optionalString({ max: 10_000, multiline: true }),
  status: z.enum(projectStatuses, { error: `Must be one of ${projectStatuses.join(", ")}` }),
  clientId: z.uuid("Not a client id").nullable(),
  workspaceId: z.uuid("Not a workspace id").nullable(),
  startDate: dateField,
  dueDate: dateField,
  budget: BudgetSchema.nullable(),
  tags: z
    .array(requiredString({ max: 40 }))
    .max(20, "At most 20 tags")
    .transform((values) => [...new Set(values)]),
  memberIds: z
    .array(z.uuid("Not a user id"))
    .max(100, "At most 100 members")
    .transform((values) => [...new Set(values)]),
};

const ProjectCreateSchema = z
  .object({
    name: fields.name,
    description: fields.description.default(""),
    status: fields.status.default("planned"),
    clientId: fields.clientId.default(null),
    workspaceId: fields.workspaceId.default(null),
    startDate: fields.startDate.default(null),
    dueDate: fields.dueDate.default(null),
    budget: fields.budget.default(null),
    tags: fields.tags.default([]),
    memberIds: fields.memberIds.default([]),
  })
  .openapi("ProjectCreate");

const ProjectUpdateSchema = z
  .object({
    version: z.int("A whole number").min(1),
    name: fields.name.optional(),
    description: fields.description.optional(),
    status: fields.status.optional(),
    clientId: fields.clientId.optional(),
    workspaceId: fields.workspaceId.optional(),
    startDate: fields.startDate.optional(),
    dueDate: fields.dueDate.optional(),
    budget: fields.budget.optional(),
    tags: fields.tags.optional(),
    memberIds: fields.memberIds.optional(),
  })
  .openapi("ProjectUpdate");

const listQuery = pagedQuery().extend({
  q: searchWords(),
  sort: sortOf(projectSorts),
  status: commaSeparated(projectStatuses).openapi({
    description: "Comma-separated",
    example: "planned,active",
  }),
  clientId: z.uuid("Not a client id").optional(),
  orWithoutClient: queryFlag().openapi({
    description: "With `clientId`: the projects without a client too (those its records may take)",
  }),
  workspaceId: z.uuid("Not a workspace id").optional(),
  tag: requiredString({ max: 40 }).optional(),
  deleted: queryFlag(),
});

const idParams = z.object({ id: z.uuid("Not a project id") });

const listRoute = protectedRoute({
  method: "get",
  path: "/projects",
  tags,
  summary: "The current organization's projects (projects.read)",
  description:
    "Search as for clients (English and normalised Arabic). Changes go out as `project.created`, " +
    "`project.updated`, `project.deleted` and `project.restored` events.",
  request: { query: listQuery },
  responses: {
    200: jsonResponse("One page of projects", countedPageOf(ProjectSchema, "ProjectList")),
  },
  errors: [403, 422],
});

const createProjectRoute = protectedRoute({
  method: "post",
  path: "/projects",
  tags,
  summary: "Start a project (projects.write)",
  description:
    "422 UNKNOWN_CLIENT, UNKNOWN_WORKSPACE or NOT_A_MEMBER for references outside the " +
    "organization; DUE_BEFORE_START when the dates are the wrong way round.",
  request: jsonBody(ProjectCreateSchema),
  responses: { 201: jsonResponse("The new project", ProjectSchema) },
  errors: [400, 403, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/projects/{id}",
  tags,
  summary: "A project, a deleted one too while it can be restored (projects.read)",
  request: { params: idParams },
  responses: { 200: jsonResponse("The project", ProjectSchema) },
  errors: [403, 404, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/projects/{id}",
  tags,
  summary: "Change a project (projects.write)",
  description: "409 STALE_VERSION after someone else's change; 409 PROJECT_DELETED once deleted.",
  request: { params: idParams, ...jsonBody(ProjectUpdateSchema) },
  responses: { 200: jsonResponse("The project as it is now", ProjectSchema) },
  errors: [400, 403, 404, 409, 422],
});

const { deleteRoute, restoreRoute } = binRoutes({
  path: "/projects",
  tags,
  idParams,
  schema: ProjectSchema,
  name: "project",
  deleteSummary: `Delete a project, restorable for ${projectRestoreDays} days (projects.write)`,
  restoreSummary: "Bring a deleted project back (projects.write)",
});

export function createProjectRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { items, ...counted } = await listProjects(c.var.db, c.var.auth.actor, query);
      return c.json(
        { items: items.map(toJson), ...counted, page: query.page, pageSize: query.pageSize },
        200,
      );
    })
    .openapi(createProjectRoute, async (c) => {
      const { actor } = c.var.auth;
      const id = await createProject(c.var.db, actor, c.req.valid("json"));
      return c.json(toJson(await getProject(c.var.db, actor, id)), 201);
    })
    .openapi(getRoute, async (c) => {
      return c.json(
        toJson(await getProject(c.var.db, c.var.auth.actor, c.req.valid("param").id)),
        200,
      );
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const { version, ...changes } = c.req.valid("json");
      await updateProject(c.var.db, actor, id, version, changes);
      return c.json(toJson(await getProject(c.var.db, actor, id)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteProject(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(restoreRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await restoreProject(c.var.db, actor, id);
      return c.json(toJson(await getProject(c.var.db, actor, id)), 200);
    });
}
