CREATE TABLE "knowledge_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"url" text,
	"embedding_model" text,
	"search" "tsvector" GENERATED ALWAYS AS (qalam_search_vector(heading || ' ' || text)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_qa" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"embedding_model" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (qalam_search_vector(question)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"content" text DEFAULT '' NOT NULL,
	"url" text,
	"document_id" uuid,
	"file_name" text,
	"file_type" text,
	"file_size" integer,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"characters" integer DEFAULT 0 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"chunk_size" integer DEFAULT 1000 NOT NULL,
	"chunk_overlap" integer DEFAULT 150 NOT NULL,
	"synced_at" timestamp with time zone,
	"job_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_sources_kind" CHECK (kind in ('text', 'file', 'url', 'sitemap', 'crawl', 'document')),
	CONSTRAINT "knowledge_sources_status" CHECK (status in ('queued', 'processing', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_qa" ADD CONSTRAINT "knowledge_qa_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_qa" ADD CONSTRAINT "knowledge_qa_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_qa" ADD CONSTRAINT "knowledge_qa_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_chunks_source_position_idx" ON "knowledge_chunks" USING btree ("source_id","position");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_bot_idx" ON "knowledge_chunks" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_search_idx" ON "knowledge_chunks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_qa_bot_created_idx" ON "knowledge_qa" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_qa_search_idx" ON "knowledge_qa" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_sources_bot_created_idx" ON "knowledge_sources" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_sources_document_idx" ON "knowledge_sources" USING btree ("document_id");--> statement-breakpoint
-- Vectors where pgvector is installed (PGlite's extension, or the server's); without it the
-- knowledge is found by full-text search alone (docs/knowledge.md).
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS vector;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pgvector is not installed: knowledge is searched by full text only';
END $$;--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    ALTER TABLE "knowledge_chunks" ADD COLUMN "embedding" vector;
    ALTER TABLE "knowledge_qa" ADD COLUMN "embedding" vector;
  END IF;
END $$;
--> statement-breakpoint
-- A visitor's question as any of its words (English stems without English's stop words, Arabic
-- stems of its normalised Arabic words), for knowledge, where a chunk that holds some of the
-- words is still worth ranking.
CREATE FUNCTION qalam_any_words_query(value text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN coalesce(nullif(replace(plainto_tsquery('english', value)::text, ' & ', ' | '), '')::tsquery, ''::tsquery)
    || coalesce(nullif(replace(plainto_tsquery('arabic', regexp_replace(qalam_normalize(value), '[^\u0621-\u064A\s]', ' ', 'g'))::text, ' & ', ' | '), '')::tsquery, ''::tsquery);
