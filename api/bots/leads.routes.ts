import { OpenAPIHono, z } from "@hono/zod-openapi";
import { leadCustomFieldTypes, leadFieldModes, leadFormTimings, leadStatuses } from "../db/schema";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { type ExportShape, exportHeaders, exportStream } from "../http/export-stream";
import { binRoutes, commaSeparated, queryFlag, searchWords } from "../http/record-routes";
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
import { botIdParams } from "./bots.routes";
import { getLeadForm, leadLimits, putLeadForm } from "./lead-form";
import {
  convertLead,
  deleteLead,
  exportLeads,
  getLead,
  type LeadExportRow,
  type LeadView,
  leadRestoreDays,
  listLeads,
  restoreLead,
  updateLead,
} from "./leads";

const tags = ["Leads"];

const fieldMode = z.enum(leadFieldModes, { error: "off, optional or required" });

const CustomFieldSchema = z
  .object({
    key: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/, "Lower-case letters, digits and _, from a letter")
      .max(leadLimits.key, `At most ${leadLimits.key} characters`)
      .refine(
        (key) => !["name", "email", "phone", "consent"].includes(key),
        codedIssue("INVALID_VALUE", "name, email, phone and consent are the form's own"),
      ),
    label: requiredString({ max: leadLimits.label }),
    type: z.enum(leadCustomFieldTypes, { error: `One of ${leadCustomFieldTypes.join(", ")}` }),
    required: z.boolean("true or false").default(false),
    options: z
      .array(requiredString({ max: leadLimits.option }))
      .max(leadLimits.options, `At most ${leadLimits.options} choices`)
      .default([]),
  })
  .superRefine((field, context) => {
    if (field.type === "select" && field.options.length === 0) {
      context.addIssue({
        code: "custom",
        path: ["options"],
        message: "A choice at least",
        params: { code: "REQUIRED" },
      });
    }
    if (field.type !== "select" && field.options.length > 0) {
      context.addIssue({
        code: "custom",
        path: ["options"],
        message: "Only a select has choices",
        params: { code: "INVALID_VALUE" },
      });
    }
    if (new Set(field.options).size !== field.options.length) {
      context.addIssue({
        code: "custom",
        path: ["options"],
        message: "Each choice once",
        params: { code: "INVALID_VALUE" },
      });
    }
  })
  .openapi("LeadCustomField");

const LeadFormSchema = z
  .object({
    enabled: z.boolean(),
    when: z.enum(leadFormTimings),
    afterMessages: z.int(),
    required: z.boolean(),
    name: z.enum(leadFieldModes),
    email: z.enum(leadFieldModes),
    phone: z.enum(leadFieldModes),
    fields: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        type: z.enum(leadCustomFieldTypes),
        required: z.boolean(),
        options: z.array(z.string()),
      }),
    ),
    consentText: z.string(),
  })
  .openapi("BotLeadForm");

const LeadFormInputSchema = z
  .object({
    enabled: z.boolean("true or false"),
    when: z.enum(leadFormTimings, { error: `One of ${leadFormTimings.join(", ")}` }),
    afterMessages: z
      .int("A whole number")
      .min(leadLimits.afterMessages.min, `At least ${leadLimits.afterMessages.min}`)
      .max(leadLimits.afterMessages.max, `At most ${leadLimits.afterMessages.max}`)
      .default(3)
      .openapi({ description: "With `after-messages`: the visitor's messages before the form" }),
    required: z
      .boolean("true or false")
      .default(false)
      .openapi({ description: "The chat waits for the form (403 LEAD_REQUIRED)" }),
    name: fieldMode.default("optional"),
    email: fieldMode.default("required"),
    phone: fieldMode.default("off"),
    fields: z
      .array(CustomFieldSchema)
      .max(leadLimits.customFields, `At most ${leadLimits.customFields} fields`)
      .default([])
      .superRefine((fields, context) => {
        const seen = new Set<string>();
        fields.forEach((field, index) => {
          if (seen.has(field.key)) {
            context.addIssue({
              code: "custom",
              path: [index, "key"],
              message: "Each key once",
              params: { code: "INVALID_VALUE" },
            });
          }
          seen.add(field.key);
        });
      }),
    consentText: optionalString({ max: leadLimits.consentText, multiline: true })
      .default("")
      .openapi({ description: "Free text; not empty: the visitor must consent" }),
  })
  .openapi("BotLeadFormInput");

const LeadSchema = z
  .object({
    id: z.uuid(),
    bot: z.object({ id: z.uuid(), name: z.string() }),
    conversationId: z
      .string()
      .nullable()
      .openapi({ description: "The conversation the lead came from; null once it was purged" }),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable().openapi({ description: "E.164" }),
    custom: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .openapi({ description: "The values of the form's own fields, by key" }),
    consentAt: z.iso.datetime().nullable(),
    language: z.string(),
    status: z.enum(leadStatuses),
    notes: z.string(),
    owner: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    client: z
      .object({ id: z.uuid(), name: z.string() })
      .nullable()
      .openapi({ description: "The client the lead became (POST /leads/{id}/convert)" }),
    version: z.int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deletedAt: z.iso.datetime().nullable(),
  })
  .openapi("Lead");

export const leadToJson = (lead: LeadView) => ({
  id: lead.id,
  bot: lead.bot,
  conversationId: lead.conversationId,
  name: lead.name,
  email: lead.email,
  phone: lead.phone,
  custom: lead.custom,
  consentAt: lead.consentAt?.toISOString() ?? null,
  language: lead.language,
  status: lead.status,
  notes: lead.notes,
  owner: lead.owner,
  client: lead.client,
  version: lead.version,
  createdAt: lead.createdAt.toISOString(),
  updatedAt: lead.updatedAt.toISOString(),
  deletedAt: lead.deletedAt?.toISOString() ?? null,
});

const filters = {
  q: searchWords().openapi({ description: "Part of a name, an email or a phone" }),
  status: commaSeparated(leadStatuses).openapi({ description: "Comma-separated", example: "new" }),
  botId: z.uuid("Not a bot id").optional(),
  clientId: z.uuid("Not a client id").optional(),
  from: z.iso
    .datetime({ error: "A date and time (ISO 8601)", offset: true })
    .or(z.iso.date("A date (YYYY-MM-DD)"))
    .transform((value) => new Date(value))
    .optional()
    .openapi({ description: "Made at or after (a date is its midnight UTC)" }),
  to: z.iso
    .datetime({ error: "A date and time (ISO 8601)", offset: true })
    .or(z.iso.date("A date (YYYY-MM-DD)"))
    .transform((value) => new Date(value))
    .optional()
    .openapi({ description: "Made before" }),
};

const listQuery = pagedQuery().extend({ ...filters, deleted: queryFlag() });
const exportQuery = z.object({
  ...filters,
  format: z.enum(["csv", "json"], { error: "csv or json" }).default("csv"),
});

const leadIdParams = z.object({ id: z.uuid("Not a lead id") });

const LeadUpdateSchema = z
  .object({
    version: z.int("A whole number").min(1).optional().openapi({
      description: "The version the change was made on: another is 409 STALE_VERSION",
    }),
    status: z.enum(leadStatuses, { error: `One of ${leadStatuses.join(", ")}` }).optional(),
    notes: optionalString({ max: leadLimits.notes, multiline: true }).optional(),
    ownerId: z.uuid("Not a member id").nullable().optional(),
  })
  .strict()
  .openapi("LeadUpdate");

const formGetRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}/lead-form",
  tags,
  summary: "A bot's lead form (bots.read)",
  request: { params: botIdParams },
  responses: { 200: jsonResponse("The form", LeadFormSchema) },
  errors: [403, 404, 422],
});

const formPutRoute = protectedRoute({
  method: "put",
  path: "/bots/{id}/lead-form",
  tags,
  summary: "Replace a bot's lead form (bots.manage)",
  description:
    `Name, email and phone each off, optional or required; up to ${leadLimits.customFields} ` +
    "fields of the owner's own (text, number, select with its choices, checkbox), each with a " +
    "unique key. The bot's version stays; the change goes out as `bot.updated`. 409 BOT_DELETED " +
    "in the bin.",
  request: { params: botIdParams, ...jsonBody(LeadFormInputSchema) },
  responses: { 200: jsonResponse("The form as it is now", LeadFormSchema) },
  errors: [400, 403, 404, 409, 422],
});

const listRoute = protectedRoute({
  method: "get",
  path: "/leads",
  tags,
  summary: "The organization's leads, newest first (leads.read)",
  description:
    "Changes go out as `lead.created`, `lead.updated`, `lead.deleted` and `lead.restored` " +
    "events to the organization.",
  request: { query: listQuery },
  responses: { 200: jsonResponse("One page of leads", countedPageOf(LeadSchema, "LeadList")) },
  errors: [403, 422],
});

const exportColumns = [
  "id",
  "created_at",
  "bot",
  "name",
  "email",
  "phone",
  "status",
  "owner",
  "notes",
  "consent_at",
  "conversation_id",
  "client_id",
  "custom",
] as const;

const exportRoute = protectedRoute({
  method: "get",
  path: "/leads/export",
  tags,
  summary: "The organization's leads as CSV or JSON, streamed (leads.read)",
  description:
    "The list's filters, newest first, read and sent a batch at a time. CSV: UTF-8 with a byte " +
    `order mark, columns ${exportColumns.join(", ")} (custom as JSON); a cell that begins with ` +
    "=, +, -, @, a tab or a carriage return is prefixed with '. JSON: an array of leads.",
  request: { query: exportQuery },
  responses: {
    200: {
      description: "The file",
      content: {
        "text/csv": { schema: z.string() },
        "application/json": { schema: z.array(z.record(z.string(), z.unknown())) },
      },
    },
  },
  errors: [403, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/leads/{id}",
  tags,
  summary: "A lead, a deleted one too while it can be restored (leads.read)",
  request: { params: leadIdParams },
  responses: { 200: jsonResponse("The lead", LeadSchema) },
  errors: [403, 404, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/leads/{id}",
  tags,
  summary: "Change a lead's status, notes or owner (leads.manage)",
  description:
    "422 NOT_A_MEMBER on `ownerId`; 409 LEAD_DELETED in the bin, STALE_VERSION when `version` " +
    "is given and is not the lead's.",
  request: { params: leadIdParams, ...jsonBody(LeadUpdateSchema) },
  responses: { 200: jsonResponse("The lead as it is now", LeadSchema) },
  errors: [400, 403, 404, 409, 422],
});

const convertRoute = protectedRoute({
  method: "post",
  path: "/leads/{id}/convert",
  tags,
  summary: "Make a client of a lead (leads.manage and clients.write)",
  description:
    "A person named as the lead, with its email and phone, linked both ways (the lead's " +
    "`client`; `GET /leads?clientId=`). Once: 409 LEAD_CONVERTED with `details.client` after.",
  request: { params: leadIdParams },
  responses: { 201: jsonResponse("The lead, with its client", LeadSchema) },
  errors: [403, 404, 409, 422],
});

const { deleteRoute, restoreRoute } = binRoutes({
  path: "/leads",
  tags,
  idParams: leadIdParams,
  schema: LeadSchema,
  name: "lead",
  deleteSummary: `Delete a lead, restorable for ${leadRestoreDays} days (leads.manage)`,
  restoreSummary: "Bring a deleted lead back (leads.manage)",
});

const iso = (date: Date | null) => date?.toISOString() ?? "";

/** How the leads' export writes a lead. */
export const leadExport: ExportShape<LeadExportRow> = {
  columns: exportColumns,
  cells: (row) => [
    row.id,
    iso(row.createdAt),
    row.bot,
    row.name ?? "",
    row.email ?? "",
    row.phone ?? "",
    row.status,
    row.owner ?? "",
    row.notes,
    iso(row.consentAt),
    row.conversationId ?? "",
    row.clientId ?? "",
    Object.keys(row.custom).length ? JSON.stringify(row.custom) : "",
  ],
  json: (row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    consentAt: row.consentAt?.toISOString() ?? null,
  }),
};

export function createLeadRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(formGetRoute, async (c) => {
      return c.json(await getLeadForm(c.var.db, c.var.auth.actor, c.req.valid("param").id), 200);
    })
    .openapi(formPutRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await putLeadForm(c.var.db, c.var.auth.actor, id, c.req.valid("json")), 200);
    })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { items, ...counted } = await listLeads(c.var.db, c.var.auth.actor, query);
      return c.json(
        { items: items.map(leadToJson), ...counted, page: query.page, pageSize: query.pageSize },
        200,
      );
    })
    .openapi(exportRoute, async (c) => {
      const { format, ...query } = c.req.valid("query");
      const batches = exportLeads(c.var.db, c.var.auth.actor, query);
      return new Response(exportStream(batches, format, leadExport), {
        status: 200,
        headers: exportHeaders("leads", format),
      }) as never;
    })
    .openapi(getRoute, async (c) => {
      return c.json(
        leadToJson(await getLead(c.var.db, c.var.auth.actor, c.req.valid("param").id)),
        200,
      );
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await updateLead(c.var.db, actor, id, c.req.valid("json"));
      return c.json(leadToJson(await getLead(c.var.db, actor, id)), 200);
    })
    .openapi(convertRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await convertLead(c.var.db, actor, id);
      return c.json(leadToJson(await getLead(c.var.db, actor, id)), 201);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteLead(c.var.db, c.var.auth.actor, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(restoreRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      await restoreLead(c.var.db, actor, id);
      return c.json(leadToJson(await getLead(c.var.db, actor, id)), 200);
    });
}
