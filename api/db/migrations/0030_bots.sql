CREATE TABLE "bot_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"image_media_id" uuid,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"when_to_show" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"workspace_id" uuid,
	"project_id" uuid,
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"avatar_media_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"language" text DEFAULT 'visitor' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"character_id" uuid,
	"chat_model" text,
	"temperature" real DEFAULT 0.7 NOT NULL,
	"answer_length" text DEFAULT 'medium' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"knowledge_only" boolean DEFAULT false NOT NULL,
	"fallback_message" text DEFAULT '' NOT NULL,
	"rate_limit_messages" integer DEFAULT 20 NOT NULL,
	"rate_limit_seconds" integer DEFAULT 60 NOT NULL,
	"daily_message_cap" integer DEFAULT 1000 NOT NULL,
	"max_message_length" integer DEFAULT 2000 NOT NULL,
	"retention_days" integer DEFAULT 90 NOT NULL,
	"appearance" jsonb NOT NULL,
	"allowed_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"identity_secret_sealed" text,
	"identity_secret_rotated_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (qalam_search_vector(name || ' ' || description || ' ' || qalam_join(tags))) STORED NOT NULL,
	CONSTRAINT "bots_status" CHECK (status in ('draft', 'live')),
	CONSTRAINT "bots_language" CHECK (language in ('en', 'ar', 'visitor')),
	CONSTRAINT "bots_answer_length" CHECK (answer_length in ('short', 'medium', 'long')),
	CONSTRAINT "bots_temperature" CHECK ("bots"."temperature" >= 0 and "bots"."temperature" <= 2),
	CONSTRAINT "bots_limits" CHECK ("bots"."rate_limit_messages" > 0 and "bots"."rate_limit_seconds" > 0 and "bots"."daily_message_cap" > 0 and "bots"."max_message_length" > 0 and "bots"."retention_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "current_bots" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "current_bots_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "bot_cards" ADD CONSTRAINT "bot_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_cards" ADD CONSTRAINT "bot_cards_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_cards" ADD CONSTRAINT "bot_cards_image_media_id_media_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_avatar_media_id_media_id_fk" FOREIGN KEY ("avatar_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "current_bots" ADD CONSTRAINT "current_bots_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "current_bots" ADD CONSTRAINT "current_bots_membership_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_cards_bot_position_idx" ON "bot_cards" USING btree ("bot_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "bots_public_id_idx" ON "bots" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "bots_organization_updated_idx" ON "bots" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "bots_organization_name_idx" ON "bots" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "bots_search_idx" ON "bots" USING gin ("search");--> statement-breakpoint
CREATE INDEX "current_bots_bot_idx" ON "current_bots" USING btree ("bot_id");