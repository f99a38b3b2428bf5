import { OpenAPIHono, z } from "@hono/zod-openapi";
import { roles, workspaceColors } from "../db/schema";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import {
  jsonBody,
  jsonResponse,
  optionalString,
  pagedSearchQuery,
  pageOf,
  protectedRoute,
  requiredString,
} from "../http/schemas";
import {
  addWorkspaceMember,
  createWorkspace,
  deleteWorkspace,
  getWorkspace,
  listWorkspaces,
  removeWorkspaceMember,
  updateWorkspace,
  type WorkspaceDetails,
  type WorkspaceSummary,
} from "./workspaces";

const tags = ["Workspaces"];

const WorkspaceSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    color: z.enum(workspaceColors),
    memberCount: z.int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi("Workspace");

const WorkspaceDetailsSchema = WorkspaceSchema.extend({
  members: z.array(
    z.object({
      userId: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      role: z.enum(roles).openapi({ description: "Their role in the organization" }),
    }),
  ),
}).openapi("WorkspaceDetails");

const fields = {
  name: requiredString({ max: 100 }).openapi({ example: "Ramadan campaign" }),
  description: optionalString({ max: 500, multiline: true }),
  color: z.enum(workspaceColors, { error: `Must be one of ${workspaceColors.join(", ")}` }),
};

const idParams = z.object({ id: z.uuid("Not a workspace id") });
const memberParams = idParams.extend({ userId: z.uuid("Not a user id") });

const toSummary = (workspace: WorkspaceSummary) => ({
  id: workspace.id,
  name: workspace.name,
  description: workspace.description,
  color: workspace.color,
  memberCount: workspace.memberCount,
  createdAt: workspace.createdAt.toISOString(),
  updatedAt: workspace.updatedAt.toISOString(),
});
const toDetails = (workspace: WorkspaceDetails) => ({
  ...toSummary(workspace),
  members: workspace.members,
});

const current = "in the current organization";

const listRoute = protectedRoute({
  method: "get",
  path: "/workspaces",
  tags,
  summary: `Workspaces ${current}, by name (workspaces.read)`,
  request: {
    query: pagedSearchQuery("Part of a name or a description"),
  },
  responses: {
    200: jsonResponse("One page of workspaces", pageOf(WorkspaceSchema, "WorkspaceList")),
  },
  errors: [403, 422],
});

const createWorkspaceRoute = protectedRoute({
  method: "post",
  path: "/workspaces",
  tags,
  summary: `Create a workspace ${current} (workspaces.write)`,
  description: "Its creator is its first member.",
  request: jsonBody(
    z.object({ ...fields, description: fields.description.optional() }).openapi("WorkspaceCreate"),
  ),
  responses: {
    201: jsonResponse("The new workspace", WorkspaceDetailsSchema),
  },
  errors: [400, 403, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/workspaces/{id}",
  tags,
  summary: `A workspace ${current}, with its members (workspaces.read)`,
  request: { params: idParams },
  responses: {
    200: jsonResponse("The workspace", WorkspaceDetailsSchema),
  },
  errors: [403, 404, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/workspaces/{id}",
  tags,
  summary: "Change a workspace's name, description or colour (workspaces.write)",
  request: {
    params: idParams,
    ...jsonBody(
      z
        .object({
          name: fields.name.optional(),
          description: fields.description.optional(),
          color: fields.color.optional(),
        })
        .openapi("WorkspaceUpdate"),
    ),
  },
  responses: {
    200: jsonResponse("The workspace as it is now", WorkspaceDetailsSchema),
  },
  errors: [400, 403, 404, 422],
});

const deleteRoute = protectedRoute({
  method: "delete",
  path: "/workspaces/{id}",
  tags,
  summary: "Delete a workspace (workspaces.write)",
  request: { params: idParams },
  responses: {
    204: { description: "Deleted" },
  },
  errors: [403, 404, 422],
});

const addMemberRoute = protectedRoute({
  method: "put",
  path: "/workspaces/{id}/members/{userId}",
  tags,
  summary: "Add a member of the organization to the workspace (workspaces.write)",
  description: "422 NOT_A_MEMBER for someone outside the organization. Adding twice is no error.",
  request: { params: memberParams },
  responses: {
    200: jsonResponse("The workspace as it is now", WorkspaceDetailsSchema),
  },
  errors: [403, 404, 422],
});

const removeMemberRoute = protectedRoute({
  method: "delete",
  path: "/workspaces/{id}/members/{userId}",
  tags,
  summary: "Take someone out of the workspace (workspaces.write)",
  request: { params: memberParams },
  responses: {
    200: jsonResponse("The workspace as it is now", WorkspaceDetailsSchema),
  },
  errors: [403, 404, 422],
});

export function createWorkspaceRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { items, total } = await listWorkspaces(c.var.db, c.var.auth.actor, query);
      return c.json(
        { items: items.map(toSummary), total, page: query.page, pageSize: query.pageSize },
        200,
      );
    })
    .openapi(createWorkspaceRoute, async (c) => {
      const { actor } = c.var.auth;
      const created = await createWorkspace(c.var.db, actor, c.req.valid("json"));
      return c.json(toDetails(await getWorkspace(c.var.db, actor, created.id)), 201);
    })
    .openapi(getRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(toDetails(await getWorkspace(c.var.db, c.var.auth.actor, id)), 200);
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await updateWorkspace(c.var.db, actor, id, c.req.valid("json"));
      return c.json(toDetails(await getWorkspace(c.var.db, actor, id)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      const { id } = c.req.valid("param");
      await deleteWorkspace(c.var.db, c.var.auth.actor, id);
      return c.body(null, 204);
    })
    .openapi(addMemberRoute, async (c) => {
      const { id, userId } = c.req.valid("param");
      const { actor } = c.var.auth;
      await addWorkspaceMember(c.var.db, actor, id, userId);
      return c.json(toDetails(await getWorkspace(c.var.db, actor, id)), 200);
    })
    .openapi(removeMemberRoute, async (c) => {
      const { id, userId } = c.req.valid("param");
      const { actor } = c.var.auth;
      await removeWorkspaceMember(c.var.db, actor, id, userId);
      return c.json(toDetails(await getWorkspace(c.var.db, actor, id)), 200);
    });
}
