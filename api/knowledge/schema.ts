import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bots } from "../bots/schema";
import { documents } from "../crm/schema";
import {
  belongsTo,
  createdAt,
  oneOf,
  tsvector,
  updatedAt,
  uuidPrimaryKey,
  version,
} from "../db/columns";
import { organizations, users } from "../identity/schema";

/** Where a bot's knowledge comes from (docs/knowledge.md). */
export const knowledgeSourceKinds = [
  "text",
  "file",
  "url",
  "sitemap",
  "crawl",
  "document",
] as const;
export type KnowledgeSourceKind = (typeof knowledgeSourceKinds)[number];

/** A source's way through ingestion: queued, then processing, then ready or failed. */
export const knowledgeSourceStatuses = ["queued", "processing", "ready", "failed"] as const;
export type KnowledgeSourceStatus = (typeof knowledgeSourceStatuses)[number];

/** How a website source is crawled; the crawl's own fields are used by `crawl` only. */
export type KnowledgeCrawlOptions = {
  depth?: number;
  pageLimit?: number;
  include?: string[];
  exclude?: string[];
};

/**
 * One thing a bot was taught: a text written on the page, a file, a website or a document. Its
 * text is cut into chunks (below) by a job, which keeps `status`, `progress` and the figures.
 * `content` holds the text as it was given (a text source's body, a file's extracted text).
 */
export const knowledgeSources = pgTable(
  "knowledge_sources",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    botId: belongsTo("bot_id", () => bots.id),
    kind: text("kind").$type<KnowledgeSourceKind>().notNull(),
    title: text("title").notNull(),
    status: text("status").$type<KnowledgeSourceStatus>().notNull().default("queued"),
    progress: real("progress").notNull().default(0),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    content: text("content").notNull().default(""),
    url: text("url"),
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "set null" }),
    fileName: text("file_name"),
    fileType: text("file_type"),
    fileSize: integer("file_size"),
    options: jsonb("options").$type<KnowledgeCrawlOptions>().notNull().default({}),
    characters: integer("characters").notNull().default(0),
    chunkCount: integer("chunk_count").notNull().default(0),
    chunkSize: integer("chunk_size").notNull().default(1000),
    chunkOverlap: integer("chunk_overlap").notNull().default(150),
    syncedAt: timestamp("synced_at", { withTimezone: true, mode: "date" }),
    jobId: uuid("job_id"),
    version: version(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("knowledge_sources_bot_created_idx").on(t.botId, t.createdAt),
    index("knowledge_sources_document_idx").on(t.documentId),
    oneOf("knowledge_sources_kind", "kind", knowledgeSourceKinds),
    oneOf("knowledge_sources_status", "status", knowledgeSourceStatuses),
  ],
);

/**
 * A piece of a source's text, found by full-text search (`search`) and, where pgvector is
 * installed, by its vector: the `embedding` column is added by migration 0040 only then, and is
 * read and written in SQL of its own (knowledge/vectors.ts), so it is not declared here.
 * `embeddingModel` names the model that made the vector and `embeddingDimensions` its size; vectors
 * of another model or size are not compared.
 */
export const knowledgeChunks = pgTable(
  "knowledge_chunks",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    botId: belongsTo("bot_id", () => bots.id),
    sourceId: belongsTo("source_id", () => knowledgeSources.id),
    position: integer("position").notNull(),
    heading: text("heading").notNull().default(""),
    text: text("text").notNull(),
    /** The page a crawled chunk came from; null for the others. */
    url: text("url"),
    embeddingModel: text("embedding_model"),
    /** How many numbers the vector holds: only vectors of the same model and size are compared. */
    embeddingDimensions: integer("embedding_dimensions"),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(sql`qalam_search_vector(heading || ' ' || text)`),
  },
  (t) => [
    index("knowledge_chunks_source_position_idx").on(t.sourceId, t.position),
    index("knowledge_chunks_bot_idx").on(t.botId),
    index("knowledge_chunks_search_idx").using("gin", t.search),
  ],
);

/** A question with its answer, written by the bot's owners: a close match answers first. */
export const knowledgeQa = pgTable(
  "knowledge_qa",
  {
    id: uuidPrimaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    botId: belongsTo("bot_id", () => bots.id),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    embeddingModel: text("embedding_model"),
    embeddingDimensions: integer("embedding_dimensions"),
    version: version(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector("search").notNull().generatedAlwaysAs(sql`qalam_search_vector(question)`),
  },
  (t) => [
    index("knowledge_qa_bot_created_idx").on(t.botId, t.createdAt),
    index("knowledge_qa_search_idx").using("gin", t.search),
  ],
);

export type KnowledgeSource = typeof knowledgeSources.$inferSelect;
export type KnowledgeChunk = typeof knowledgeChunks.$inferSelect;
export type KnowledgeQa = typeof knowledgeQa.$inferSelect;
