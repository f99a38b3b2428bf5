import { OpenAPIHono, z } from "@hono/zod-openapi";
import { roles } from "../db/schema";
import type { AppEnv } from "../http/env";
import { ErrorSchema, validationHook } from "../http/errors";
import { acceptMultipartForm, chosenFile } from "../http/multipart";
import {
  codedIssue,
  jsonBody,
  jsonResponse,
  pagedSearchQuery,
  pageOf,
  protectedRoute,
  requiredString,
} from "../http/schemas";
import { servicesOf } from "../identity/services";
import { maxAvatarBytes } from "../storage/avatars";
import {
  actorIn,
  assignableRoles,
  changeMemberRole,
  listMembers,
  type MemberView,
  removeMember,
} from "./memberships";
import {
  createOwnOrganization,
  deleteOrganization,
  getOrganization,
  listOrganizations,
  type OrganizationView,
  switchOrganization,
  transferOwnership,
  updateOrganization,
} from "./organizations";
import { organizationPermissionFirst } from "./permission-first";
import { permissions } from "./permissions";

const tags = ["Organizations"];

const OrganizationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    defaultCountry: z.string().nullable().openapi({
      description:
        "ISO 3166 alpha-2: the country of the phone numbers members type without a country code",
      example: "SA",
    }),
    ownerId: z.uuid(),
    memberCount: z.int(),
    role: z.enum(roles).openapi({ description: "The signed-in user's role in it" }),
    permissions: z.array(z.enum(permissions)).openapi({ description: "What that role may do" }),
    current: z.boolean().openapi({ description: "Whether it is the user's current organization" }),
    createdAt: z.iso.datetime(),
  })
  .openapi("Organization");

const MemberSchema = z
  .object({
    userId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    role: z.enum(roles),
    joinedAt: z.iso.datetime(),
  })
  .openapi("Member");

const organizationName = () => requiredString({ max: 100 }).openapi({ example: "Nadia's Studio" });

const idParams = z.object({ id: z.uuid("Not an organization id") });
const memberParams = idParams.extend({ userId: z.uuid("Not a user id") });

const toOrganization = (view: OrganizationView) => ({
  ...view,
  createdAt: view.createdAt.toISOString(),
});
const toMember = (member: MemberView) => ({ ...member, joinedAt: member.joinedAt.toISOString() });

const listRoute = protectedRoute({
  method: "get",
  path: "/organizations",
  tags,
  summary: "The signed-in user's organizations: the current one first, then by name",
  request: { query: pagedSearchQuery("Part of the organization's name, in any case") },
  responses: {
    200: jsonResponse(
      "A page of the user's organizations",
      pageOf(OrganizationSchema, "OrganizationList"),
    ),
  },
  errors: [422],
});

const createOrganizationRoute = protectedRoute({
  method: "post",
  path: "/organizations",
  tags,
  summary: "Create an organization, owned by the signed-in user, and switch to it",
  description:
    "409 ORGANIZATION_LIMIT_REACHED when the user belongs to as many organizations as an " +
    "account may (MAX_ORGANIZATIONS_PER_USER, 50 by default).",
  request: jsonBody(z.object({ name: organizationName() }).openapi("OrganizationCreate")),
  responses: {
    201: jsonResponse("The new organization, now the current one", OrganizationSchema),
  },
  errors: [400, 409, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/organizations/{id}",
  tags,
  summary: "One of the signed-in user's organizations",
  description: "404 for an organization the user is not a member of.",
  request: { params: idParams },
  responses: {
    200: jsonResponse("The organization", OrganizationSchema),
  },
  errors: [404, 422],
});

const logoBodyLimit = maxAvatarBytes + 64 * 1024;
const updateRoute = protectedRoute({
  method: "put",
  path: "/organizations/{id}",
  tags,
  summary: "Rename the organization, change its logo or its default country (organization.manage)",
  description:
    "Only the fields sent change. `defaultCountry` is an ISO 3166 alpha-2 code (422 " +
    "INVALID_VALUE for one without phone numbers), empty for none. The logo is read like an avatar: PNG, JPEG or WebP, at most " +
    "5 MB and 4096×4096 pixels, stored as a WebP of at most 512×512.",
  middleware: [
    organizationPermissionFirst("organization.manage"),
    acceptMultipartForm(logoBodyLimit),
  ],
  request: {
    params: idParams,
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z
            .object({
              name: organizationName().optional(),
              defaultCountry: z
                .string()
                .trim()
                .max(2, "An ISO 3166 alpha-2 country code")
                .transform((value) => (value === "" ? null : value.toUpperCase()))
                .optional()
                .openapi({ type: "string", example: "SA" }),
              removeLogo: z
                .enum(["true", "false"], { error: 'Must be "true" or "false"' })
                .optional(),
              logo: z
                .custom<File | "">(
                  (value) => value instanceof File || value === "",
                  codedIssue("INVALID_TYPE", "Must be a file"),
                )
                .optional()
                .openapi({ type: "string", format: "binary" }),
            })
            .openapi("OrganizationUpdate"),
        },
      },
    },
  },
  responses: {
    200: jsonResponse("The organization as it is now", OrganizationSchema),
    413: {
      description: "Logo larger than 5 MB",
      content: { "application/json": { schema: ErrorSchema } },
    },
  },
  errors: [400, 403, 404, 415, 422],
});

const deleteRoute = protectedRoute({
  method: "delete",
  path: "/organizations/{id}",
  tags,
  summary: "Delete the organization and everything in it (the owner only)",
  description:
    "`confirmName` must be the organization's name (422 CONFIRMATION_MISMATCH otherwise). Members " +
    "whose current organization it was move to another of theirs.",
  request: {
    params: idParams,
    query: z.object({ confirmName: requiredString({ max: 100, trim: false }) }),
  },
  responses: {
    204: { description: "Deleted" },
  },
  errors: [403, 404, 422],
});

const transferRoute = protectedRoute({
  method: "post",
  path: "/organizations/{id}/transfer",
  tags,
  summary: "Hand the organization to one of its admins (the owner only)",
  description:
    "The owner confirms with their password (422 INVALID_PASSWORD; 429 after ten tries in 15 " +
    "minutes, counted with password changes) and becomes an admin; the new owner must be an " +
    "admin (422 NOT_AN_ADMIN).",
  request: {
    params: idParams,
    ...jsonBody(
      z
        .object({
          userId: z.uuid("Not a user id"),
          password: requiredString({ max: 1024, trim: false }),
        })
        .openapi("OwnershipTransfer"),
    ),
  },
  responses: {
    200: jsonResponse("The organization as it is now", OrganizationSchema),
  },
  errors: [400, 403, 404, 422, 429],
});

const switchRoute = protectedRoute({
  method: "put",
  path: "/user/current-organization",
  tags,
  summary: "Switch the signed-in user's current organization",
  description: "What every page shows, and the permissions of GET /user, follow it.",
  request: jsonBody(
    z.object({ organizationId: z.uuid("Not an organization id") }).openapi("OrganizationSwitch"),
  ),
  responses: {
    200: jsonResponse("The organization now current", OrganizationSchema),
  },
  errors: [400, 404, 422],
});

const membersRoute = protectedRoute({
  method: "get",
  path: "/organizations/{id}/members",
  tags,
  summary: "The organization's members, owner first, then by name (members.read)",
  request: {
    params: idParams,
    query: pagedSearchQuery("Part of a name or an email address"),
  },
  responses: {
    200: jsonResponse("One page of members", pageOf(MemberSchema, "MemberList")),
  },
  errors: [403, 404, 422],
});

const roleRoute = protectedRoute({
  method: "patch",
  path: "/organizations/{id}/members/{userId}",
  tags,
  summary: "Change a member's role (members.manage)",
  description: "The owner's role changes only by a transfer (403).",
  request: {
    params: memberParams,
    ...jsonBody(
      z
        .object({ role: z.enum(assignableRoles, { error: "Must be admin, member or viewer" }) })
        .openapi("MemberRoleChange"),
    ),
  },
  responses: {
    200: jsonResponse("The member as they are now", MemberSchema),
  },
  errors: [400, 403, 404, 422],
});

const removeRoute = protectedRoute({
  method: "delete",
  path: "/organizations/{id}/members/{userId}",
  tags,
  summary: "Remove a member (members.manage), or leave (one's own id)",
  description: "The owner can neither leave nor be removed (403): transfer the ownership first.",
  request: { params: memberParams },
  responses: {
    204: { description: "Removed" },
  },
  errors: [403, 404, 422],
});

export function createOrganizationRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const userId = c.var.auth.user.id;
      const load = () => listOrganizations(c.var.db, userId, query);
      const { organizationListCache } = c.var;
      const { items, total } = organizationListCache
        ? await organizationListCache.read(userId, query, load)
        : await load();
      const page = { total, page: query.page, pageSize: query.pageSize };
      return c.json({ items: items.map(toOrganization), ...page }, 200);
    })
    .openapi(createOrganizationRoute, async (c) => {
      const { name } = c.req.valid("json");
      const { db, auth, maxOrganizationsPerUser } = c.var;
      const created = await createOwnOrganization(db, auth.user.id, name, maxOrganizationsPerUser);
      return c.json(toOrganization(created), 201);
    })
    .openapi(getRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(toOrganization(await getOrganization(c.var.db, c.var.auth.user.id, id)), 200);
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { name, logo, removeLogo, defaultCountry } = c.req.valid("form");
      const userId = c.var.auth.user.id;
      const actor = await actorIn(c.var.db, userId, id);
      const file = chosenFile(logo);
      await updateOrganization(c.var.db, c.var.storage, actor, {
        name,
        defaultCountry,
        logo: file ? new Uint8Array(await file.arrayBuffer()) : undefined,
        removeLogo: removeLogo === "true",
      });
      return c.json(toOrganization(await getOrganization(c.var.db, userId, id)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      const { id } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      await deleteOrganization(c.var.db, c.var.storage, actor, c.req.valid("query").confirmName);
      return c.body(null, 204);
    })
    .openapi(transferRoute, async (c) => {
      const { id } = c.req.valid("param");
      const userId = c.var.auth.user.id;
      await transferOwnership(
        servicesOf(c),
        await actorIn(c.var.db, userId, id),
        c.req.valid("json"),
      );
      return c.json(toOrganization(await getOrganization(c.var.db, userId, id)), 200);
    })
    .openapi(switchRoute, async (c) => {
      const { organizationId } = c.req.valid("json");
      const userId = c.var.auth.user.id;
      await switchOrganization(c.var.db, userId, organizationId);
      return c.json(toOrganization(await getOrganization(c.var.db, userId, organizationId)), 200);
    })
    .openapi(membersRoute, async (c) => {
      const { id } = c.req.valid("param");
      const query = c.req.valid("query");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      const { items, total } = await listMembers(c.var.db, actor, query);
      return c.json(
        { items: items.map(toMember), total, page: query.page, pageSize: query.pageSize },
        200,
      );
    })
    .openapi(roleRoute, async (c) => {
      const { id, userId } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      await changeMemberRole(c.var.db, actor, userId, c.req.valid("json").role);
      const { items } = await listMembers(c.var.db, actor, { page: 1, pageSize: 1, userId });
      return c.json(toMember(items[0] as MemberView), 200);
    })
    .openapi(removeRoute, async (c) => {
      const { id, userId } = c.req.valid("param");
      const actor = await actorIn(c.var.db, c.var.auth.user.id, id);
      await removeMember(c.var.db, actor, userId);
      return c.body(null, 204);
    });
}
