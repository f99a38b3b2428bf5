CREATE TABLE "characters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"personality" text DEFAULT '' NOT NULL,
	"scenario" text DEFAULT '' NOT NULL,
	"first_message" text DEFAULT '' NOT NULL,
	"alternate_greetings" text[] DEFAULT '{}'::text[] NOT NULL,
	"example_messages" text DEFAULT '' NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"post_history_instructions" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"creator" text DEFAULT '' NOT NULL,
	"creator_notes" text DEFAULT '' NOT NULL,
	"character_version" text DEFAULT '' NOT NULL,
	"character_book" jsonb,
	"extensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"avatar_url" text,
	"default_model" text,
	"default_voice" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (qalam_search_vector(name || ' ' || qalam_join(tags) || ' ' || description || ' ' || creator_notes)) STORED NOT NULL,
	CONSTRAINT "characters_visibility" CHECK (visibility in ('private', 'organization'))
);
--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "characters_organization_updated_idx" ON "characters" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "characters_author_idx" ON "characters" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "characters_search_idx" ON "characters" USING gin ("search");--> statement-breakpoint
CREATE INDEX "characters_tags_idx" ON "characters" USING gin ("tags");