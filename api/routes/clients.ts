import { OpenAPIHono, z } from "@hono/zod-openapi";
import { clientKinds, clientStatuses } from "../db/schema";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import {
  type ClientView,
  clientRestoreDays,
  clientSorts,
  createClient,
  deleteClient,
  getClient,
  listClients,
  restoreClient,
  updateClient,
} from "../services/clients";
import { normalizePhone } from "../services/users";
import {
  codedIssue,
  jsonBody,
  jsonResponse,
  optionalString,
  pagedQuery,
  pageOf,
  protectedRoute,
  requiredString,
  text,
} from "./schemas";

const tags = ["Clients"];

const SegmentsSchema = z
  .array(z.object({ text: z.string(), match: z.boolean() }))
  .nullable()
  .openapi("TextSegments", { description: "The text in pieces, those matching the search marked" });

const ClientSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: z.enum(clientKinds),
    contactName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable().openapi({ description: "E.164" }),
    website: z.string().nullable(),
    address: z.string(),
    tags: z.array(z.string()),
    notes: z.string(),
    status: z.enum(clientStatuses),
    owner: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    workspace: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    version: z.int().openapi({ description: "Send it back with a change (409 STALE_VERSION)" }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deletedAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: `Set while deleted; restorable for ${clientRestoreDays} days` }),
    highlights: z
      .object({ name: SegmentsSchema, notes: SegmentsSchema })
      .optional()
      .openapi({ description: "With a search: where it matched" }),
  })
  .openapi("Client");

const toJson = (client: ClientView) => ({
  id: client.id,
  name: client.name,
  kind: client.kind,
  contactName: client.contactName,
  email: client.email,
  phone: client.phone,
  website: client.website,
  address: client.address,
  tags: client.tags,
  notes: client.notes,
  status: client.status,
  owner: client.owner,
  workspace: client.workspace,
  version: client.version,
  createdAt: client.createdAt.toISOString(),
  updatedAt: client.updatedAt.toISOString(),
  deletedAt: client.deletedAt?.toISOString() ?? null,
  ...(client.highlights ? { highlights: client.highlights } : {}),
});

/** Empty text means "none" for the optional contact fields. */
const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? null : value), schema.nullable());

const tagSchema = requiredString({ max: 40 });

const fields = {
  name: requiredString({ max: 200 }).openapi({ example: "Al Noor School" }),
  kind: z.enum(clientKinds, { error: `Must be one of ${clientKinds.join(", ")}` }),
  contactName: optionalString({ max: 200 }),
  email: orNull(
    requiredString({ max: 320 })
      .pipe(z.email("Not a valid email address"))
      .transform((v) => v.toLowerCase()),
  ),
  phone: orNull(
    requiredString({ max: 32 }).transform((value, context) => {
      const phone = normalizePhone(value);
      if (!phone) {
        context.addIssue({
          code: "custom",
          ...codedIssue("INVALID_FORMAT", "An international number, e.g. +966 50 123 4567"),
        });
        return z.NEVER;
      }
      return phone;
    }),
  ),
  website: orNull(
    requiredString({ max: 500 })
      .transform((value) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
      .pipe(z.url({ protocol: /^https?$/, error: "A web address (https://…)" })),
  ),
  address: optionalString({ max: 1000, multiline: true }),
  tags: z
    .array(tagSchema)
    .max(20, "At most 20 tags")
    .transform((values) => [...new Set(values)]),
  notes: optionalString({ max: 10_000, multiline: true }),
  status: z.enum(clientStatuses, { error: `Must be one of ${clientStatuses.join(", ")}` }),
  ownerId: z.uuid("Not a user id").nullable(),
  workspaceId: z.uuid("Not a workspace id").nullable(),
};

const ClientCreateSchema = z
  .object({
    name: fields.name,
    kind: fields.kind.default("company"),
    contactName: fields.contactName.default(""),
    email: fields.email.default(null),
    phone: fields.phone.default(null),
    website: fields.website.default(null),
    address: fields.address.default(""),
    tags: fields.tags.default([]),
    notes: fields.notes.default(""),
    status: fields.status.default("lead"),
    ownerId: fields.ownerId.default(null),
    workspaceId: fields.workspaceId.default(null),
  })
  .openapi("ClientCreate");

const ClientUpdateSchema = z
  .object({
    version: z
      .int("A whole number")
      .min(1)
      .openapi({ description: "The version the change is made on" }),
    name: fields.name.optional(),
    kind: fields.kind.optional(),
    contactName: fields.contactName.optional(),
    email: fields.email.optional(),
    phone: fields.phone.optional(),
    website: fields.website.optional(),
    address: fields.address.optional(),
    tags: fields.tags.optional(),
    notes: fields.notes.optional(),
    status: fields.status.optional(),
    ownerId: fields.ownerId.optional(),
    workspaceId: fields.workspaceId.optional(),
  })
  .openapi("ClientUpdate");

const listQuery = pagedQuery().extend({
  q: text().trim().max(200, "At most 200 characters").optional().openapi({
    description: "Words in the name, contact, email, tags or notes; English or Arabic",
  }),
  sort: z
    .enum(clientSorts, { error: `One of ${clientSorts.join(", ")}` })
    .optional()
    .openapi({ description: "Default: relevance with a search, else name" }),
  status: z
    .preprocess(
      (value) => (typeof value === "string" ? value.split(",").filter(Boolean) : value),
      z.array(z.enum(clientStatuses, { error: `Each one of ${clientStatuses.join(", ")}` })),
    )
    .optional()
    .openapi({ description: "Comma-separated", example: "lead,active" }),
  tag: tagSchema.optional(),
  ownerId: z.uuid("Not a user id").optional(),
  workspaceId: z.uuid("Not a workspace id").optional(),
  deleted: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional()
    .openapi({
      description: `The deleted ones that can still be restored (${clientRestoreDays} days)`,
    }),
});

const idParams = z.object({ id: z.uuid("Not a client id") });

const listRoute = protectedRoute({
  method: "get",
  path: "/clients",
  tags,
  summary: "The current organization's clients (clients.read)",
  description:
    "Search is full text in English and Arabic; Arabic is compared without diacritics, tatweel, " +
    "alef and hamza forms or taa marbuta, so المدرسة finds مدرسه. Changes go out as " +
    "`client.created`, `client.updated`, `client.deleted` and `client.restored` events.",
  request: { query: listQuery },
  responses: { 200: jsonResponse("One page of clients", pageOf(ClientSchema, "ClientList")) },
  errors: [403, 422],
});

const createRoute_ = protectedRoute({
  method: "post",
  path: "/clients",
  tags,
  summary: "Add a client (clients.write)",
  description:
    "422 NOT_A_MEMBER for an owner outside the organization, UNKNOWN_WORKSPACE likewise.",
  request: jsonBody(ClientCreateSchema),
  responses: { 201: jsonResponse("The new client", ClientSchema) },
  errors: [400, 403, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/clients/{id}",
  tags,
  summary: "A client, a deleted one too while it can be restored (clients.read)",
  request: { params: idParams },
  responses: { 200: jsonResponse("The client", ClientSchema) },
  errors: [403, 404, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/clients/{id}",
  tags,
  summary: "Change a client (clients.write)",
  description:
    "409 STALE_VERSION when someone changed it since `version`: nothing is written. " +
    "409 CLIENT_DELETED for a deleted one.",
  request: { params: idParams, ...jsonBody(ClientUpdateSchema) },
  responses: { 200: jsonResponse("The client as it is now", ClientSchema) },
  errors: [400, 403, 404, 409, 422],
});

const deleteRoute = protectedRoute({
  method: "delete",
  path: "/clients/{id}",
  tags,
  summary: `Delete a client, restorable for ${clientRestoreDays} days (clients.write)`,
  request: { params: idParams },
  responses: { 204: { description: "Deleted" } },
  errors: [403, 404, 422],
});

const restoreRoute = protectedRoute({
  method: "post",
  path: "/clients/{id}/restore",
  tags,
  summary: "Bring a deleted client back (clients.write)",
  description: `404 once ${clientRestoreDays} days have passed.`,
  request: { params: idParams },
  responses: { 200: jsonResponse("The client", ClientSchema) },
  errors: [403, 404, 422],
});

export function createClientRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { items, total } = await listClients(c.var.db, c.var.auth.actor, query);
      return c.json(
        { items: items.map(toJson), total, page: query.page, pageSize: query.pageSize },
        200,
      );
    })
    .openapi(createRoute_, async (c) => {
      const { actor } = c.var.auth;
      const id = await createClient(c.var.db, actor, c.req.valid("json"));
      return c.json(toJson(await getClient(c.var.db, actor, id)), 201);
    })
    .openapi(getRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(toJson(await getClient(c.var.db, c.var.auth.actor, id)), 200);
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const { version, ...changes } = c.req.valid("json");
      await updateClient(c.var.db, actor, id, version, changes);
      return c.json(toJson(await getClient(c.var.db, actor, id)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteClient(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(restoreRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await restoreClient(c.var.db, actor, id);
      return c.json(toJson(await getClient(c.var.db, actor, id)), 200);
    });
}
