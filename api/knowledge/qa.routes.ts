import { OpenAPIHono, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { AppError } from "../errors";
import { attachmentNamed } from "../http/attachment";
import { bodyLimit } from "../http/body-limit";
import type { AppEnv } from "../http/env";
import { ErrorSchema, fieldErrors, validationHook } from "../http/errors";
import { searchWords } from "../http/record-routes";
import {
  countedPageOf,
  jsonBody,
  jsonResponse,
  pagedQuery,
  protectedRoute,
  requiredString,
  text,
} from "../http/schemas";
import { permissionFirst } from "../organizations/permission-first";
import {
  type Actor,
  type OrganizationActor,
  requireOrganization,
} from "../organizations/permissions";
import {
  type CheckedQaRow,
  createQa,
  deleteQa,
  exportQa,
  getQa,
  importQa,
  listQa,
  type QaFileFormat,
  type QaView,
  qaFileFormats,
  qaLimits,
  updateQa,
} from "./qa";
import { knowledgeServicesOf, queueQaIndexing } from "./sources";

const tags = ["Knowledge"];

const QaSchema = z
  .object({
    id: z.uuid(),
    botId: z.uuid(),
    question: z.string(),
    answer: z.string(),
    version: z.int(),
    createdBy: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi("KnowledgeQa");

const toJson = (pair: QaView) => ({
  id: pair.id,
  botId: pair.botId,
  question: pair.question,
  answer: pair.answer,
  version: pair.version,
  createdBy: pair.createdBy,
  createdAt: pair.createdAt.toISOString(),
  updatedAt: pair.updatedAt.toISOString(),
});

const fields = {
  question: requiredString({ max: qaLimits.question }).openapi({
    description: `One line, trimmed, at most ${qaLimits.question} characters`,
    example: "ما هي ساعات العمل؟",
  }),
  answer: text({ multiline: true })
    .trim()
    .min(1, "Required")
    .max(qaLimits.answer, `At most ${qaLimits.answer} characters`)
    .openapi({
      description: `Trimmed, line breaks kept, at most ${qaLimits.answer} characters`,
      example: "من الأحد إلى الخميس، من 9 صباحًا حتى 5 مساءً.",
    }),
};

const QaCreateSchema = z
  .object({ question: fields.question, answer: fields.answer })
  .openapi("KnowledgeQaCreate");

const QaUpdateSchema = z
  .object({
    version: z.int("A whole number").min(1),
    question: fields.question.optional(),
    answer: fields.answer.optional(),
  })
  .openapi("KnowledgeQaUpdate");

/** A row of an imported file checked as POST …/knowledge/qa checks a pair. */
function checkRow(row: Record<string, unknown>): CheckedQaRow {
  const parsed = QaCreateSchema.safeParse(row);
  if (parsed.success) return { pair: parsed.data };
  return { errors: fieldErrors(parsed.error, row) };
}

const botParams = z.object({ id: z.uuid("Not a bot id") });
const qaParams = botParams.extend({ qaId: z.uuid("Not a question id") });

const listQuery = pagedQuery().extend({
  q: searchWords().openapi({
    description: "Words of the questions, in full text (Arabic normalised), as the lists' search",
  }),
});

const deletedBot = "409 BOT_DELETED for a deleted bot.";
const changed = "Goes out as a `knowledge.changed` event whose `id` is the bot's.";

const listRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}/knowledge/qa",
  tags,
  summary: "A bot's questions and answers, newest first (bots.read)",
  description:
    "A deleted bot's too while it can be restored. `q` searches the questions in full text.",
  request: { params: botParams, query: listQuery },
  responses: {
    200: jsonResponse("One page of pairs", countedPageOf(QaSchema, "KnowledgeQaList")),
  },
  errors: [403, 404, 422],
});

const createRoute = protectedRoute({
  method: "post",
  path: "/bots/{id}/knowledge/qa",
  tags,
  summary: "Add a question with its answer to a bot (bots.manage)",
  description: `422 TOO_MANY_QA past ${qaLimits.perBot.toLocaleString("en")} pairs a bot; ${deletedBot} ${changed}`,
  request: { params: botParams, ...jsonBody(QaCreateSchema) },
  responses: { 201: jsonResponse("The new pair", QaSchema) },
  errors: [400, 403, 404, 409, 422],
});

const formatDescription =
  "`csv`: UTF-8 with a byte order mark, a `question,answer` header, cells that a spreadsheet " +
  "would run as formulas preceded by `'` (taken off again by an import); `jsonl`: one " +
  '`{"question","answer"}` object a line.';

const importRoute = protectedRoute({
  method: "post",
  path: "/bots/{id}/knowledge/qa/import",
  tags,
  summary: "Add a file of questions and answers to a bot, all or none (bots.manage)",
  description:
    `The body is the file: \`text/csv\` with a \`question,answer\` header (other columns are ` +
    "left out), or `application/x-ndjson` (JSON Lines: one " +
    '`{"question","answer"}` object a line), UTF-8, at most 2 MiB (413 PAYLOAD_TOO_LARGE past ' +
    "it; 415 for another type). Each row is checked as POST …/knowledge/qa checks a pair; when " +
    "any is bad nothing is added and 422 INVALID_ROWS lists them in `details.rows` (`line`, " +
    "`field`: the field or `row` for a line that cannot be read, `code`, `message`; the first " +
    `${qaLimits.reportedRows}) with \`details.invalidRows\`, their count. 422 NO_ROWS for a ` +
    `file without a pair, INVALID_TEXT for one that is not UTF-8, TOO_MANY_QA when the bot would ` +
    `pass ${qaLimits.perBot.toLocaleString("en")}; ${deletedBot} The pairs keep the file's ` +
    `order. ${changed}`,
  middleware: [
    permissionFirst("bots.manage"),
    createMiddleware<AppEnv>(async (c, next) => {
      if (!formatOf(c.req.header("content-type"))) {
        throw new AppError(
          "unsupported_media_type",
          "UNSUPPORTED_MEDIA_TYPE",
          "The request body must be text/csv or application/x-ndjson.",
        );
      }
      await next();
    }),
    bodyLimit(qaLimits.importBytes),
  ] as const,
  request: {
    params: botParams,
    body: {
      required: true,
      content: {
        "text/csv": { schema: z.string().openapi({ example: "question,answer\nq,a\n" }) },
        "application/x-ndjson": {
          schema: z.string().openapi({ example: '{"question":"q","answer":"a"}\n' }),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(
      "How many pairs were added",
      z.object({ imported: z.int() }).openapi("KnowledgeQaImported"),
    ),
    413: {
      description: "Request body larger than 2 MiB",
      content: { "application/json": { schema: ErrorSchema } },
    },
  },
  errors: [403, 404, 409, 413, 415, 422],
});

const exportRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}/knowledge/qa/export",
  tags,
  summary: "A bot's questions and answers as a file to download (bots.read)",
  description: `Oldest first, named after the bot (\`<name>-qa.csv\`). ${formatDescription} An import of the file adds the same pairs.`,
  request: {
    params: botParams,
    query: z.object({
      format: z.enum(qaFileFormats, { error: `One of ${qaFileFormats.join(", ")}` }).default("csv"),
    }),
  },
  responses: {
    200: {
      description: "The file, as an attachment",
      content: {
        "text/csv": { schema: z.string() },
        "application/x-ndjson": { schema: z.string() },
      },
    },
  },
  errors: [403, 404, 422],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}/knowledge/qa/{qaId}",
  tags,
  summary: "A question with its answer (bots.read)",
  request: { params: qaParams },
  responses: { 200: jsonResponse("The pair", QaSchema) },
  errors: [403, 404, 422],
});

const updateRoute = protectedRoute({
  method: "patch",
  path: "/bots/{id}/knowledge/qa/{qaId}",
  tags,
  summary: "Change a question or its answer (bots.manage)",
  description: `409 STALE_VERSION after someone else's change, with the pair as it is now in \`details.current\`; ${deletedBot} ${changed}`,
  request: { params: qaParams, ...jsonBody(QaUpdateSchema) },
  responses: { 200: jsonResponse("The pair as it is now", QaSchema) },
  errors: [400, 403, 404, 409, 422],
});

const deleteRoute = protectedRoute({
  method: "delete",
  path: "/bots/{id}/knowledge/qa/{qaId}",
  tags,
  summary: "Delete a question with its answer for good (bots.manage)",
  description: `${deletedBot} ${changed}`,
  request: { params: qaParams },
  responses: { 204: { description: "Deleted" } },
  errors: [403, 404, 409, 422],
});

/** The format of an import's body by its media type; none for another. */
function formatOf(contentType: string | undefined): QaFileFormat | undefined {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  if (mediaType === "text/csv") return "csv";
  if (mediaType === "application/x-ndjson" || mediaType === "application/jsonl") return "jsonl";
  return undefined;
}

/** The actor of a change that went through: it has an organization. */
function requireActorOrganization(actor: Actor): OrganizationActor {
  requireOrganization(actor);
  return actor;
}

export function createKnowledgeQaRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const { id } = c.req.valid("param");
      const query = c.req.valid("query");
      const { items, ...counted } = await listQa(c.var.db, c.var.auth.actor, id, query);
      return c.json(
        { items: items.map(toJson), ...counted, page: query.page, pageSize: query.pageSize },
        200,
      );
    })
    .openapi(createRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const qaId = await createQa(c.var.db, actor, id, c.req.valid("json"));
      await queueQaIndexing(knowledgeServicesOf(c), requireActorOrganization(actor), id);
      return c.json(toJson(await getQa(c.var.db, actor, id, qaId)), 201);
    })
    .openapi(importRoute, async (c) => {
      const { id } = c.req.valid("param");
      const format = formatOf(c.req.header("content-type")) as QaFileFormat;
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const { actor } = c.var.auth;
      const imported = await importQa(c.var.db, actor, id, { format, bytes }, checkRow);
      await queueQaIndexing(knowledgeServicesOf(c), requireActorOrganization(actor), id);
      return c.json({ imported }, 200);
    })
    .openapi(exportRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { format } = c.req.valid("query");
      const file = await exportQa(c.var.db, c.var.auth.actor, id, format);
      return c.body(file.body, 200, {
        "Content-Type": file.contentType,
        "Content-Disposition": attachmentNamed(file.fileName),
      });
    })
    .openapi(getRoute, async (c) => {
      const { id, qaId } = c.req.valid("param");
      return c.json(toJson(await getQa(c.var.db, c.var.auth.actor, id, qaId)), 200);
    })
    .openapi(updateRoute, async (c) => {
      const { id, qaId } = c.req.valid("param");
      const { actor } = c.var.auth;
      const { version, ...changes } = c.req.valid("json");
      await updateQa(c.var.db, actor, id, qaId, version, changes);
      if (changes.question !== undefined) {
        await queueQaIndexing(knowledgeServicesOf(c), requireActorOrganization(actor), id);
      }
      return c.json(toJson(await getQa(c.var.db, actor, id, qaId)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      const { id, qaId } = c.req.valid("param");
      await deleteQa(c.var.db, c.var.auth.actor, id, qaId);
      return c.body(null, 204);
    });
}
