import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { type ExportShape, exportHeaders, exportStream } from "../http/export-stream";
import { queryFlag, searchWords } from "../http/record-routes";
import {
  countedPageOf,
  jsonResponse,
  numericId,
  pagedQuery,
  protectedRoute,
} from "../http/schemas";
import {
  exportHistory,
  getTranscript,
  type HistoryExportRow,
  listConversations,
  transcriptLimit,
} from "./history";
import { botMessageStatuses } from "./schema";

const tags = ["Bots"];

const day = z.iso.date("A day as YYYY-MM-DD");

const filters = {
  q: searchWords().openapi({
    description: "Words of the conversation's messages, in full text (Arabic normalised)",
  }),
  from: day.optional().openapi({ description: "Begun on or after this day (UTC)" }),
  to: day.optional().openapi({ description: "Begun on or before this day (UTC)" }),
  rating: z.enum(["up", "down"]).optional().openapi({
    description: "With an answer the visitor rated so",
  }),
  unanswered: queryFlag().openapi({
    description: "`true`: with a question the bot's knowledge did not cover",
  }),
  language: z.enum(["en", "ar"]).optional().openapi({ description: "The widget's language" }),
  lead: queryFlag().openapi({ description: "`true`: where the visitor left their details" }),
  preview: queryFlag().openapi({
    description: "`true`: the members' own tries in the preview instead of the visitors'",
  }),
};

const listQuery = pagedQuery().extend(filters);
const exportQuery = z.object({
  ...filters,
  format: z.enum(["csv", "json"], { error: "csv or json" }).default("csv"),
});

const exportColumns = [
  "conversation_id",
  "conversation_started_at",
  "site",
  "language",
  "visitor_name",
  "visitor_email",
  "message_id",
  "at",
  "role",
  "text",
  "status",
  "model",
  "input_tokens",
  "output_tokens",
  "first_token_ms",
  "rating",
  "unanswered",
  "fallback",
  "sources",
] as const;

const cell = (value: number | string | null) => (value === null ? "" : String(value));

/** How the history's export writes a message. */
const historyExport: ExportShape<HistoryExportRow> = {
  columns: exportColumns,
  cells: (row) => [
    String(row.conversationId),
    row.conversationStartedAt.toISOString(),
    cell(row.site),
    row.language,
    cell(row.visitorName),
    cell(row.visitorEmail),
    String(row.messageId),
    row.at.toISOString(),
    row.role,
    row.text,
    row.status,
    cell(row.model),
    cell(row.inputTokens),
    cell(row.outputTokens),
    cell(row.firstTokenMs),
    cell(row.rating),
    String(row.unanswered),
    String(row.fallback),
    row.sources.map((source) => source.url ?? source.title).join(" | "),
  ],
  json: (row) => ({
    ...row,
    conversationStartedAt: row.conversationStartedAt.toISOString(),
    at: row.at.toISOString(),
  }),
};

const SummarySchema = z
  .object({
    id: z.int(),
    language: z.string(),
    preview: z.boolean(),
    originHost: z.string().nullable().openapi({ description: "The site it was held on" }),
    identityName: z.string().nullable().openapi({ description: "A verified visitor's name" }),
    identityEmail: z.string().nullable(),
    createdAt: z.iso.datetime(),
    lastMessageAt: z.iso.datetime(),
    questions: z.int().openapi({ description: "The visitor's messages" }),
    firstQuestion: z.string().nullable().openapi({ description: "Cut at 200 characters" }),
    ratedUp: z.int(),
    ratedDown: z.int(),
    unanswered: z.int().openapi({ description: "Questions the knowledge did not cover" }),
    leadId: z.uuid().nullable().openapi({ description: "The lead the visitor left" }),
  })
  .openapi("BotConversationSummary");

const SourceSchema = z.object({ title: z.string(), url: z.string().nullable() });

const TranscriptSchema = z
  .object({
    conversation: z.object({
      id: z.int(),
      botId: z.uuid(),
      botName: z.string(),
      language: z.string(),
      preview: z.boolean(),
      originHost: z.string().nullable(),
      identityName: z.string().nullable(),
      identityEmail: z.string().nullable(),
      createdAt: z.iso.datetime(),
      lastMessageAt: z.iso.datetime(),
    }),
    messages: z.array(
      z.object({
        id: z.int(),
        role: z.enum(["user", "assistant"]),
        text: z.string(),
        status: z.enum(botMessageStatuses),
        fallback: z.boolean().openapi({ description: "The owner's fallback message" }),
        unanswered: z.boolean(),
        model: z.string().nullable(),
        inputTokens: z.int().nullable(),
        outputTokens: z.int().nullable(),
        firstTokenMs: z.int().nullable().openapi({ description: "Time to the first token" }),
        rating: z.enum(["up", "down"]).nullable(),
        sources: z.array(SourceSchema).openapi({ description: "The knowledge the answer cites" }),
        errorCode: z.string().nullable(),
        createdAt: z.iso.datetime(),
      }),
    ),
  })
  .openapi("BotTranscript");

const listRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}/conversations",
  tags,
  summary: "A bot's conversations, the latest first, with what each held (bots.read)",
  description:
    "The visitors' by default; `preview=true` for the members' own tries. `q` searches the " +
    "messages in full text; the filters combine.",
  request: { params: z.object({ id: z.uuid("Not a bot id") }), query: listQuery },
  responses: {
    200: jsonResponse(
      "One page of conversations",
      countedPageOf(SummarySchema, "BotConversationList"),
    ),
  },
  errors: [403, 404, 422],
});

const exportRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}/conversations/export",
  tags,
  summary: "A bot's conversations as CSV or JSON, a message a row, streamed (bots.read)",
  description:
    "The list's filters; conversations oldest first, each message in order, read and sent a " +
    "batch at a time. CSV: UTF-8 with a byte order mark, columns " +
    `${exportColumns.join(", ")} (sources: each one's address, else its title, joined by " | "); ` +
    "a cell that begins with =, +, -, @, a tab or a carriage return is prefixed with '. JSON: an " +
    "array of messages, `sources` as the transcript gives them.",
  request: { params: z.object({ id: z.uuid("Not a bot id") }), query: exportQuery },
  responses: {
    200: {
      description: "The file",
      content: {
        "text/csv": { schema: z.string() },
        "application/json": { schema: z.array(z.record(z.string(), z.unknown())) },
      },
    },
  },
  errors: [403, 404, 422],
});

const transcriptRoute = protectedRoute({
  method: "get",
  path: "/conversations/{id}",
  tags,
  summary: "A bot's conversation with its messages, oldest first (bots.read)",
  description:
    "Each answer with its model, tokens, time to first token, rating and the sources it cites; " +
    `at most ${transcriptLimit.toLocaleString("en")} messages. 404 for another organization's.`,
  request: { params: z.object({ id: numericId("Not a conversation id") }) },
  responses: { 200: jsonResponse("The transcript", TranscriptSchema) },
  errors: [403, 404, 422],
});

export function createBotHistoryRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { items, total, totalCapped } = await listConversations(
        c.var.db,
        c.var.auth.actor,
        c.req.valid("param").id,
        query,
      );
      return c.json(
        {
          items: items.map((item) => ({
            ...item,
            createdAt: item.createdAt.toISOString(),
            lastMessageAt: item.lastMessageAt.toISOString(),
          })),
          total,
          totalCapped,
          page: query.page,
          pageSize: query.pageSize,
        },
        200,
      );
    })
    .openapi(exportRoute, async (c) => {
      const { format, ...query } = c.req.valid("query");
      const { id } = c.req.valid("param");
      const batches = await exportHistory(c.var.db, c.var.auth.actor, id, query);
      return new Response(exportStream(batches, format, historyExport), {
        status: 200,
        headers: exportHeaders("conversations", format),
      }) as never;
    })
    .openapi(transcriptRoute, async (c) => {
      const { conversation, messages } = await getTranscript(
        c.var.db,
        c.var.auth.actor,
        Number(c.req.valid("param").id),
      );
      return c.json(
        {
          conversation: {
            ...conversation,
            createdAt: conversation.createdAt.toISOString(),
            lastMessageAt: conversation.lastMessageAt.toISOString(),
          },
          messages: messages.map((message) => ({
            ...message,
            createdAt: message.createdAt.toISOString(),
          })),
        },
        200,
      );
    });
}
