import { OpenAPIHono, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { getBot } from "../bots/bots";
import { knowledgeSourceKinds, knowledgeSourceStatuses } from "../db/schema";
import { AppError, errorOnFields, validationFailed } from "../errors";
import { bodyLimit } from "../http/body-limit";
import type { AppEnv } from "../http/env";
import { validationHook } from "../http/errors";
import { chosenFile } from "../http/multipart";
import {
  jsonBody,
  jsonResponse,
  multipartFile,
  pagedQuery,
  pageOf,
  protectedRoute,
  requiredString,
  text,
} from "../http/schemas";
import {
  extractKnowledgeText,
  KnowledgeFileError,
  knowledgeFileMaxBytes,
  knowledgeFileTypes,
} from "./extract";
import { retrieveKnowledge } from "./retrieval";
import {
  createSource,
  deleteSource,
  getSource,
  knowledgeLimits,
  knowledgeServicesOf,
  listSources,
  type SourceInput,
  type SourceView,
  syncSource,
} from "./sources";
import { crawlDefaults, websiteLimits } from "./websites";

const tags = ["Knowledge"];

const SourceSchema = z
  .object({
    id: z.uuid(),
    botId: z.uuid(),
    kind: z.enum(knowledgeSourceKinds),
    title: z.string(),
    status: z.enum(knowledgeSourceStatuses),
    progress: z.number().openapi({ description: "0 to 1 while it is being read" }),
    errorCode: z.string().nullable(),
    errorMessage: z.string().nullable().openapi({ description: "Why it failed, in English" }),
    url: z.string().nullable(),
    documentId: z.uuid().nullable(),
    fileName: z.string().nullable(),
    fileType: z.string().nullable(),
    fileSize: z.int().nullable(),
    characters: z.int(),
    chunkCount: z.int(),
    chunkSize: z.int(),
    chunkOverlap: z.int(),
    syncedAt: z.iso.datetime().nullable(),
    version: z.int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi("KnowledgeSource");

const ChunkSchema = z
  .object({
    id: z.uuid(),
    position: z.int(),
    heading: z.string().openapi({ description: "The headings it stands under, joined by ›" }),
    text: z.string(),
    url: z.string().nullable(),
  })
  .openapi("KnowledgeChunk");

const SourceWithChunksSchema = SourceSchema.extend({
  chunks: z.array(ChunkSchema).openapi({
    description: `Its chunks in their order, the first ${knowledgeLimits.chunksShown}`,
  }),
}).openapi("KnowledgeSourceWithChunks");

const toJson = (source: SourceView) => ({
  id: source.id,
  botId: source.botId,
  kind: source.kind,
  title: source.title,
  status: source.status,
  progress: source.progress,
  errorCode: source.errorCode,
  errorMessage: source.errorMessage,
  url: source.url,
  documentId: source.documentId,
  fileName: source.fileName,
  fileType: source.fileType,
  fileSize: source.fileSize,
  characters: source.characters,
  chunkCount: source.chunkCount,
  chunkSize: source.chunkSize,
  chunkOverlap: source.chunkOverlap,
  syncedAt: source.syncedAt?.toISOString() ?? null,
  version: source.version,
  createdAt: source.createdAt.toISOString(),
  updatedAt: source.updatedAt.toISOString(),
});

const { chunkSize, chunkOverlap } = knowledgeLimits;
const chunking = {
  chunkSize: z
    .int("A whole number")
    .min(chunkSize.min, `At least ${chunkSize.min}`)
    .max(chunkSize.max, `At most ${chunkSize.max}`)
    .optional()
    .openapi({ description: `Characters a chunk holds at most (${chunkSize.default})` }),
  chunkOverlap: z
    .int("A whole number")
    .min(chunkOverlap.min, `At least ${chunkOverlap.min}`)
    .max(chunkOverlap.max, `At most ${chunkOverlap.max}`)
    .optional()
    .openapi({
      description: `Characters a long paragraph's pieces repeat of the one before (${chunkOverlap.default})`,
    }),
};

const websiteUrl = z
  .url({ protocol: /^https?$/, error: "An http or https address" })
  .max(2_000, "At most 2000 characters")
  .openapi({ example: "https://shop.example/help" });
const optionalTitle = requiredString({ max: knowledgeLimits.title }).optional().openapi({
  description: "Its address when left out",
});
const pathPatterns = z
  .array(
    text()
      .trim()
      .regex(/^\/[^\s]*$/, "A path that starts with /")
      .max(websiteLimits.pattern, `At most ${websiteLimits.pattern} characters`),
  )
  .max(websiteLimits.patterns, `At most ${websiteLimits.patterns}`)
  .optional();

const SourceCreateSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.object({
        kind: z.literal("text"),
        title: requiredString({ max: knowledgeLimits.title }),
        text: text({ multiline: true })
          .trim()
          .min(1, "Required")
          .max(knowledgeLimits.text, `At most ${knowledgeLimits.text} characters`)
          .openapi({ description: "Markdown: headings and paragraphs guide the chunks" }),
        ...chunking,
      }),
      z.object({
        kind: z.literal("document"),
        documentId: z.uuid("Not a document id"),
        ...chunking,
      }),
      z.object({
        kind: z.enum(["url", "sitemap"]),
        url: websiteUrl,
        title: optionalTitle,
        ...chunking,
      }),
      z.object({
        kind: z.literal("crawl"),
        url: websiteUrl,
        title: optionalTitle,
        depth: z
          .int("A whole number")
          .min(0, "At least 0")
          .max(websiteLimits.depth, `At most ${websiteLimits.depth}`)
          .optional()
          .openapi({ description: `Links followed from the first page (${crawlDefaults.depth})` }),
        pageLimit: z
          .int("A whole number")
          .min(1, "At least 1")
          .max(websiteLimits.pages, `At most ${websiteLimits.pages}`)
          .optional()
          .openapi({ description: `Pages read at most (${crawlDefaults.pageLimit})` }),
        include: pathPatterns.openapi({
          description: "Paths a page must match, one of them: a prefix (`/help`) or `*` patterns",
        }),
        exclude: pathPatterns.openapi({ description: "Paths left out, as `include`" }),
        ...chunking,
      }),
    ],
    { error: "One of text, document, url, sitemap, crawl" },
  )
  .openapi("KnowledgeSourceCreate");

/** A file's fields, as a form sends them: the numbers as text. */
const SourceFileSchema = z
  .object({
    kind: z.literal("file", { error: "file" }),
    file: multipartFile(
      `The file: ${knowledgeFileTypes.map((type) => `.${type}`).join(", ")}; at most ${knowledgeFileMaxBytes / 1024 / 1024} MB`,
    ),
    chunkSize: z.coerce.number().pipe(chunking.chunkSize.unwrap()).optional(),
    chunkOverlap: z.coerce.number().pipe(chunking.chunkOverlap.unwrap()).optional(),
  })
  .openapi("KnowledgeSourceFile");

/** A source given as JSON, a crawl's own fields gathered as its options. */
function jsonSource(body: z.infer<typeof SourceCreateSchema>): SourceInput {
  if (body.kind !== "crawl") return body;
  const { depth, pageLimit, include, exclude, ...rest } = body;
  return { ...rest, options: { depth, pageLimit, include, exclude } };
}

/** The multipart form's limit: the file and its few fields. */
const fileBodyLimit = knowledgeFileMaxBytes + 64 * 1024;

/** A file's upload may be as large as the file; JSON keeps the default limit. */
const uploadLimit = createMiddleware<AppEnv>(async (c, next) => {
  const mediaType = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType === "multipart/form-data") return bodyLimit(fileBodyLimit)(c, next);
  await next();
});

const SearchSchema = z
  .object({
    query: requiredString({ max: 2000 }),
    limit: z.int("A whole number").min(1, "At least 1").max(20, "At most 20").default(5),
  })
  .openapi("KnowledgeSearch");

const FoundBySchema = z.array(z.enum(["text", "vector"]));

const SearchResultSchema = z
  .object({
    vectors: z.boolean().openapi({
      description: "Whether vectors took part (pgvector installed and an embedding model set up)",
    }),
    rerankModel: z.string().nullable().openapi({
      description: "The rerank model that reordered the passages; null without one",
    }),
    chunks: z.array(
      z.object({
        id: z.uuid(),
        sourceId: z.uuid(),
        sourceTitle: z.string(),
        sourceKind: z.enum(knowledgeSourceKinds),
        url: z.string().nullable(),
        fileName: z.string().nullable(),
        heading: z.string(),
        text: z.string(),
        score: z.number().openapi({ description: "Reciprocal rank fusion's score" }),
        similarity: z.number().nullable(),
        relevance: z.number().nullable().openapi({
          description: "The rerank model's score, where one reordered the passages",
        }),
        foundBy: FoundBySchema,
      }),
    ),
    qa: z.array(
      z.object({
        id: z.uuid(),
        question: z.string(),
        answer: z.string(),
        score: z.number(),
        similarity: z.number().nullable(),
        foundBy: FoundBySchema,
        close: z.boolean().openapi({ description: "Close enough to answer first" }),
      }),
    ),
  })
  .openapi("KnowledgeSearchResult");

const botParams = z.object({ id: z.uuid("Not a bot id") });
const sourceParams = botParams.extend({ sourceId: z.uuid("Not a source id") });

const listRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}/knowledge/sources",
  tags,
  summary: "A bot's knowledge sources, newest first (bots.read)",
  request: { params: botParams, query: pagedQuery() },
  responses: {
    200: jsonResponse("A page of sources", pageOf(SourceSchema, "KnowledgeSourcePage")),
  },
  errors: [403, 404, 422],
});

const createRoute = protectedRoute({
  method: "post",
  path: "/bots/{id}/knowledge/sources",
  tags,
  summary: "Teach a bot: a text, a file, or a document of Documents (bots.manage)",
  description:
    "A text or a document as JSON; a file as multipart/form-data, its text read at once (422 " +
    "with the reason on `file`: UNSUPPORTED_FILE_TYPE, ENCRYPTED_FILE, UNREADABLE_FILE, " +
    "EMPTY_FILE, FILE_TOO_LARGE_UNPACKED; 413 past 20 MB, refused while it streams). " +
    "The source is queued and read by a job: `status` goes from queued to processing to ready " +
    "(or failed, with the reason), followed live by `knowledge.source.updated` events. A " +
    "document's source reads it again whenever it is saved. 422 TOO_MANY_SOURCES past " +
    `${knowledgeLimits.sources} a bot; 404 for a document the caller may not read; 409 ` +
    "BOT_DELETED for a deleted bot; 429 TOO_MANY_WAITING_JOBS while the organization has too " +
    "much work waiting.",
  middleware: [uploadLimit] as const,
  request: {
    params: botParams,
    // Either body: each is validated when it is the one sent (415 for any other).
    body: {
      required: false,
      content: {
        "application/json": { schema: SourceCreateSchema },
        "multipart/form-data": { schema: SourceFileSchema },
      },
    },
  },
  responses: { 201: jsonResponse("The new source, queued", SourceSchema) },
  errors: [400, 403, 404, 409, 413, 415, 422, 429],
});

const getRoute = protectedRoute({
  method: "get",
  path: "/bots/{id}/knowledge/sources/{sourceId}",
  tags,
  summary: "A source with its chunks (bots.read)",
  request: { params: sourceParams },
  responses: { 200: jsonResponse("The source", SourceWithChunksSchema) },
  errors: [403, 404, 422],
});

const syncRoute = protectedRoute({
  method: "post",
  path: "/bots/{id}/knowledge/sources/{sourceId}/sync",
  tags,
  summary: "Read a source again, or retry a failed one (bots.manage)",
  description: "A source already queued or being read is left to finish.",
  request: { params: sourceParams },
  responses: { 202: jsonResponse("The source as it is now", SourceSchema) },
  errors: [403, 404, 409, 422, 429],
});

const deleteRoute = protectedRoute({
  method: "delete",
  path: "/bots/{id}/knowledge/sources/{sourceId}",
  tags,
  summary: "Delete a source and its chunks for good (bots.manage)",
  request: { params: sourceParams },
  responses: { 204: { description: "Deleted: answers no longer draw on it" } },
  errors: [403, 404, 409, 422],
});

const searchRoute = protectedRoute({
  method: "post",
  path: "/bots/{id}/knowledge/search",
  tags,
  summary: "What the bot would draw on for a question: the test box (bots.read)",
  description:
    "Full-text search (any of the question's words, English and Arabic) and, where vectors are " +
    "kept, the nearest of the organization's embedding model, fused by reciprocal rank; the " +
    "question-and-answer pairs beside them. The question's embedding counts in the usage.",
  request: { params: botParams, ...jsonBody(SearchSchema) },
  responses: { 200: jsonResponse("The ranked passages", SearchResultSchema) },
  errors: [400, 403, 404, 422, 429],
});

/** A file's text, read now: what cannot be read is refused on `file` with the reason. */
async function fileSource(form: z.infer<typeof SourceFileSchema>): Promise<SourceInput> {
  const upload = chosenFile(form.file);
  if (!upload) {
    throw validationFailed({ file: { code: "REQUIRED", message: "Choose a file" } });
  }
  const bytes = new Uint8Array(await upload.arrayBuffer());
  try {
    const { title, text } = await extractKnowledgeText({
      name: upload.name,
      type: upload.type,
      bytes,
    });
    return {
      kind: "file",
      title: title.slice(0, knowledgeLimits.title),
      text: text.slice(0, knowledgeLimits.fileText),
      fileName: upload.name.slice(0, 255),
      fileType: upload.type.slice(0, 255),
      fileSize: bytes.byteLength,
      chunkSize: form.chunkSize,
      chunkOverlap: form.chunkOverlap,
    };
  } catch (error) {
    if (error instanceof KnowledgeFileError) {
      throw errorOnFields("invalid", error.code, error.message, { file: error.message });
    }
    throw error;
  }
}

export function createKnowledgeSourceRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const { id } = c.req.valid("param");
      const query = c.req.valid("query");
      const page = await listSources(c.var.db, c.var.auth.actor, id, query);
      return c.json({ items: page.items.map(toJson), total: page.total, ...query }, 200);
    })
    .openapi(createRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { actor } = c.var.auth;
      const mediaType = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
      if (mediaType !== "multipart/form-data" && mediaType !== "application/json") {
        throw new AppError(
          "unsupported_media_type",
          "UNSUPPORTED_MEDIA_TYPE",
          "Send JSON for a text or a document, multipart/form-data for a file.",
        );
      }
      const input =
        mediaType === "multipart/form-data"
          ? await fileSource(c.req.valid("form") as z.infer<typeof SourceFileSchema>)
          : jsonSource(c.req.valid("json") as z.infer<typeof SourceCreateSchema>);
      const sourceId = await createSource(knowledgeServicesOf(c), actor, id, input);
      const { chunks: _chunks, ...source } = await getSource(c.var.db, actor, id, sourceId);
      return c.json(toJson(source), 201);
    })
    .openapi(getRoute, async (c) => {
      const { id, sourceId } = c.req.valid("param");
      const { chunks, ...source } = await getSource(c.var.db, c.var.auth.actor, id, sourceId);
      return c.json({ ...toJson(source), chunks }, 200);
    })
    .openapi(syncRoute, async (c) => {
      const { id, sourceId } = c.req.valid("param");
      const { actor } = c.var.auth;
      const source = await syncSource(knowledgeServicesOf(c), actor, id, sourceId);
      return c.json(toJson(source), 202);
    })
    .openapi(deleteRoute, async (c) => {
      const { id, sourceId } = c.req.valid("param");
      await deleteSource(c.var.db, c.var.auth.actor, id, sourceId);
      return c.body(null, 204);
    })
    .openapi(searchRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { query, limit } = c.req.valid("json");
      const { actor } = c.var.auth;
      const bot = await getBot(c.var.db, actor, id);
      const found = await retrieveKnowledge(
        c.var.db,
        c.var.ai,
        { id: bot.id, organizationId: actor.organizationId as string },
        query,
        { limit, userId: actor.userId },
      );
      return c.json(found, 200);
    });
}
