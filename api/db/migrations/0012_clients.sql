-- Search in English and Arabic (docs/search.md). Arabic is normalised first: no diacritics or
-- tatweel, one alef, hamza on waw and yaa as the bare letters, taa marbuta as haa, alef maqsura as
-- yaa, and the article (with a leading waw) taken off words of three letters or more, so that
-- "المدرسة", "مدرسة" and "مدرسه" are one word.
CREATE FUNCTION qalam_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN regexp_replace(
    translate(regexp_replace(lower(value), '[\u064B-\u065F\u0670\u0640]', '', 'g'), 'أإآٱؤئةى', 'ااااويهي'),
    '(^|[^\u0621-\u064A])(و?)ال(?=[\u0621-\u064A]{2})', '\1\2', 'g');
--> statement-breakpoint
-- What a row is found by: English stems, Arabic stems of the normalised text, and its words as
-- they are (names, codes, other languages).
CREATE FUNCTION qalam_search_vector(value text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN to_tsvector('english', value)
    || to_tsvector('arabic', qalam_normalize(value))
    || to_tsvector('simple', qalam_normalize(value));
--> statement-breakpoint
-- Tags as words. array_to_string is only stable in general; for text[] it is immutable.
CREATE FUNCTION qalam_join(value text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN array_to_string(value, ' ');
--> statement-breakpoint
-- What people type, read the same three ways (web search syntax: "quotes", or, -not).
CREATE FUNCTION qalam_search_query(value text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN websearch_to_tsquery('english', value)
    || websearch_to_tsquery('arabic', qalam_normalize(value))
    || websearch_to_tsquery('simple', qalam_normalize(value));
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"workspace_id" uuid,
	"name" text NOT NULL,
	"kind" text DEFAULT 'company' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"website" text,
	"address" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'lead' NOT NULL,
	"owner_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (qalam_search_vector(name || ' ' || contact_name || ' ' || coalesce(email, '') || ' ' || qalam_join(tags) || ' ' || notes)) STORED NOT NULL,
	CONSTRAINT "clients_kind" CHECK (kind in ('company', 'person')),
	CONSTRAINT "clients_status" CHECK (status in ('lead', 'active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_organization_name_idx" ON "clients" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "clients_organization_updated_idx" ON "clients" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search");--> statement-breakpoint
CREATE INDEX "clients_tags_idx" ON "clients" USING gin ("tags");