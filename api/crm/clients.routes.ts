import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  clientActivityActions,
  clientActivitySubjects,
  clientKinds,
  clientStatuses,
} from "../db/schema";
import { bodyLimit } from "../http/body-limit";
import { writeCsv } from "../http/csv";
import type { AppEnv } from "../http/env";
import { ErrorSchema, fieldErrors, validationHook } from "../http/errors";
import { acceptMultipartForm, requiredFile } from "../http/multipart";
import { binRoutes, commaSeparated, queryFlag, searchWords, sortOf } from "../http/record-routes";
import {
  codedIssue,
  countedPageOf,
  jsonBody,
  jsonResponse,
  optionalString,
  pagedQuery,
  pageOf,
  protectedRoute,
  requiredString,
} from "../http/schemas";
import { normalizePhone } from "../identity/users";
import { permissionFirst } from "../organizations/permission-first";
import { maxAvatarBytes } from "../storage/avatars";
import { listClientActivity } from "./client-activity";
import { type CheckedRow, importClientsCsv, maxImportBytes, maxImportRows } from "./client-import";
import {
  type ClientView,
  clientCsvColumns,
  clientRestoreDays,
  clientSorts,
  createClient,
  deleteClient,
  exportClients,
  getClient,
  listClients,
  maxExportedClients,
  restoreClient,
  setClientLogo,
  updateClient,
} from "./clients";
import { organizationCountry, recordPhone } from "./phones";

const tags = ["Clients"];
const maxExportedClientsText = maxExportedClients.toLocaleString("en");

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
    logoUrl: z.string().nullable().openapi({
      description: "Where GET /files serves the logo (PUT /clients/{id}/logo), a WebP",
      example: "/api/v1/files/avatars/0b0c5a53-8f43-4c4e-9a55-2e4f0d1c3b7a.webp",
    }),
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
  logoUrl: client.logoUrl,
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
  phone: orNull(requiredString({ max: 32 })).openapi({
    description:
      "International (+966 50 123 4567, 00966…) or national in the organization's default " +
      "country (0501234567); stored in E.164. 422 INVALID_FORMAT for a number that is not valid.",
    type: "string",
  }),
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
  q: searchWords().openapi({
    description: "Words in the name, contact, email, tags or notes; English or Arabic",
  }),
  sort: sortOf(clientSorts).openapi({ description: "Default: relevance with a search, else name" }),
  status: commaSeparated(clientStatuses).openapi({
    description: "Comma-separated",
    example: "lead,active",
  }),
  tag: tagSchema.optional(),
  ownerId: z.uuid("Not a user id").optional(),
  workspaceId: z.uuid("Not a workspace id").optional(),
  deleted: queryFlag().openapi({
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
  responses: {
    200: jsonResponse("One page of clients", countedPageOf(ClientSchema, "ClientList")),
  },
  errors: [403, 422],
});

const createClientRoute = protectedRoute({
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

const ClientActivitySchema = z
  .object({
    id: z.uuid(),
    action: z.enum(clientActivityActions).openapi({
      description:
        "What happened to the subject: `linked` and `unlinked` are a project or document " +
        "given to the client or taken to another",
    }),
    subject: z.object({
      type: z.enum(clientActivitySubjects),
      id: z.uuid(),
      name: z.string().openapi({ description: "Its name when it happened" }),
    }),
    fields: z.array(z.string()).openapi({
      description: "For `updated`: the fields changed (`logo`, `budget`, `members` among them)",
      example: ["status", "tags"],
    }),
    actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    createdAt: z.iso.datetime(),
  })
  .openapi("ClientActivity");

const activityRoute = protectedRoute({
  method: "get",
  path: "/clients/{id}/activity",
  tags,
  summary: "What happened to a client and its projects and documents, newest first (clients.read)",
  description:
    "Changes, moves, deletions and restores; the text of a document is its versions' to tell.",
  request: { params: idParams, query: pagedQuery() },
  responses: {
    200: jsonResponse("One page of activity", pageOf(ClientActivitySchema, "ClientActivityList")),
  },
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

const { deleteRoute, restoreRoute } = binRoutes({
  path: "/clients",
  tags,
  idParams,
  schema: ClientSchema,
  name: "client",
  deleteSummary: `Delete a client, restorable for ${clientRestoreDays} days (clients.write)`,
  restoreSummary: "Bring a deleted client back (clients.write)",
  restoreDescription: `404 once ${clientRestoreDays} days have passed.`,
});

const logoRoute = protectedRoute({
  method: "put",
  path: "/clients/{id}/logo",
  tags,
  summary: "Set a client's logo (clients.write)",
  description:
    "The logo is read like an avatar: PNG, JPEG or WebP, at most 5 MB and 4096×4096 pixels " +
    "(422 INVALID_IMAGE, IMAGE_TOO_LARGE_DIMENSIONS on `logo`; 413 past 5 MB), stored as a WebP " +
    "of at most 512×512 without its metadata. The logo it replaces is deleted. It moves " +
    "`version` on without asking for it. 409 CLIENT_DELETED for a deleted client. Goes out as " +
    "`client.updated`.",
  middleware: [
    permissionFirst("clients.write"),
    acceptMultipartForm(maxAvatarBytes + 64 * 1024),
  ] as const,
  request: {
    params: idParams,
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z
            .object({
              logo: z
                .custom<File | "">(
                  (value) => value instanceof File || value === "",
                  codedIssue("INVALID_TYPE", "Must be a file"),
                )
                .openapi({ type: "string", format: "binary", description: "The image" }),
            })
            .openapi("ClientLogo"),
        },
      },
    },
  },
  responses: {
    200: jsonResponse("The client with its new logo", ClientSchema),
    413: {
      description: "Logo larger than 5 MB",
      content: { "application/json": { schema: ErrorSchema } },
    },
  },
  errors: [400, 403, 404, 409, 415, 422],
});

const removeLogoRoute = protectedRoute({
  method: "delete",
  path: "/clients/{id}/logo",
  tags,
  summary: "Take a client's logo away (clients.write)",
  description:
    "Its file is deleted and `version` moves on; a client without a logo is left as it is. " +
    "409 CLIENT_DELETED for a deleted client. Goes out as `client.updated`.",
  request: { params: idParams },
  responses: { 200: jsonResponse("The client without a logo", ClientSchema) },
  errors: [403, 404, 409, 422],
});

const exportRoute = protectedRoute({
  method: "get",
  path: "/clients/export",
  tags,
  summary: "The organization's clients as CSV (clients.read)",
  description:
    `UTF-8 with a byte order mark (so that spreadsheets read Arabic right), by name, at most ` +
    `${maxExportedClientsText} rows; columns ${clientCsvColumns.join(", ")}; tags joined with "; ".`,
  responses: {
    200: { description: "The CSV file", content: { "text/csv": { schema: z.string() } } },
  },
  errors: [403],
});

/** A client as a row of an import gives it: no owner and no workspace. */
const ImportedClientSchema = ClientCreateSchema.omit({ ownerId: true, workspaceId: true });

const ImportRowSchema = z
  .object({
    line: z.int().openapi({ description: "The row's line in the file (the header is line 1)" }),
    name: z.string(),
    errors: z.record(z.string(), z.string()).openapi({ description: "Field → code" }),
  })
  .openapi("ClientImportRow");

const importRoute = protectedRoute({
  method: "post",
  path: "/clients/import",
  tags,
  summary: "Add clients from a CSV file (clients.write)",
  description:
    `The columns of GET /clients/export, by their header; only \`name\` is needed. At most ` +
    `${maxImportRows} rows. With \`dryRun\` nothing is added: the answer says which rows would be. ` +
    "Otherwise the valid rows are added and the others reported. 422 INVALID_CSV for a file that " +
    "is not CSV, MISSING_COLUMN without a name column, TOO_MANY_ROWS past the limit.",
  middleware: [permissionFirst("clients.write"), bodyLimit(maxImportBytes + 64 * 1024)] as const,
  request: jsonBody(
    z
      .object({
        csv: z.string().max(maxImportBytes, "At most 2 MiB"),
        dryRun: z.boolean().default(false),
      })
      .openapi("ClientImport"),
  ),
  responses: {
    200: jsonResponse(
      "What was, or would be, added",
      z
        .object({
          rows: z.int(),
          valid: z.int(),
          imported: z.int(),
          invalid: z.array(ImportRowSchema),
          preview: z.array(ImportedClientSchema).openapi({
            description: "The first 20 valid rows as they would be added",
          }),
        })
        .openapi("ClientImportResult"),
    ),
  },
  errors: [400, 403, 413, 422],
});

/**
 * A row of an import checked as POST /clients checks a client, its phone number read in the
 * organization's `country`; a field's code where it fails.
 */
function checkImportedRow(country: string | null) {
  return (fields: Record<string, unknown>): CheckedRow => {
    const parsed = ImportedClientSchema.safeParse(fields);
    if (parsed.success) {
      const phone = parsed.data.phone === null ? null : normalizePhone(parsed.data.phone, country);
      if (parsed.data.phone !== null && phone === null) {
        return { errors: { phone: "INVALID_FORMAT" } };
      }
      return { client: { ...parsed.data, phone } };
    }
    const errors = Object.entries(fieldErrors(parsed.error, fields)).map(
      ([field, error]) => [field, error.code] as const,
    );
    return { errors: Object.fromEntries(errors) };
  };
}

export function createClientRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { items, ...counted } = await listClients(c.var.db, c.var.auth.actor, query);
      return c.json(
        { items: items.map(toJson), ...counted, page: query.page, pageSize: query.pageSize },
        200,
      );
    })
    .openapi(createClientRoute, async (c) => {
      const { actor } = c.var.auth;
      const body = c.req.valid("json");
      const phone = recordPhone(body.phone, await organizationCountry(c.var.db, actor));
      const id = await createClient(c.var.db, actor, { ...body, phone });
      return c.json(toJson(await getClient(c.var.db, actor, id)), 201);
    })
    .openapi(exportRoute, async (c) => {
      const rows = await exportClients(c.var.db, c.var.auth.actor);
      const csv = writeCsv([[...clientCsvColumns], ...rows]);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="clients.csv"',
      });
    })
    .openapi(importRoute, async (c) => {
      const file = c.req.valid("json");
      const { actor } = c.var.auth;
      const check = checkImportedRow(await organizationCountry(c.var.db, actor));
      const result = await importClientsCsv(c.var.db, actor, file, check);
      return c.json(result, 200);
    })
    .openapi(getRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(toJson(await getClient(c.var.db, c.var.auth.actor, id)), 200);
    })
    .openapi(activityRoute, async (c) => {
      const { id } = c.req.valid("param");
      const page = c.req.valid("query");
      const { items, total } = await listClientActivity(c.var.db, c.var.auth.actor, id, page);
      const json = items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() }));
      return c.json({ items: json, total, ...page }, 200);
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const { version, phone, ...changes } = c.req.valid("json");
      await updateClient(c.var.db, actor, id, version, {
        ...changes,
        ...(phone !== undefined && {
          phone: recordPhone(phone, await organizationCountry(c.var.db, actor)),
        }),
      });
      return c.json(toJson(await getClient(c.var.db, actor, id)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteClient(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(logoRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const { bytes } = await requiredFile(c.req.valid("form").logo, "logo");
      await setClientLogo(c.var.db, c.var.storage, actor, id, bytes);
      return c.json(toJson(await getClient(c.var.db, actor, id)), 200);
    })
    .openapi(removeLogoRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await setClientLogo(c.var.db, c.var.storage, actor, id, null);
      return c.json(toJson(await getClient(c.var.db, actor, id)), 200);
    })
    .openapi(restoreRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await restoreClient(c.var.db, actor, id);
      return c.json(toJson(await getClient(c.var.db, actor, id)), 200);
    });
}
