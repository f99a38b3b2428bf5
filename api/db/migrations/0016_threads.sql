CREATE TABLE "thread_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thread_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"thread_id" bigint NOT NULL,
	"organization_id" uuid NOT NULL,
	"parent_id" bigint,
	"role" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'complete' NOT NULL,
	"error_code" text,
	"error_message" text,
	"model" text,
	"author_id" uuid,
	"context_omitted" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer,
	"output_tokens" integer,
	"feedback_rating" text,
	"feedback_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (qalam_search_vector(content)) STORED NOT NULL,
	CONSTRAINT "thread_messages_role" CHECK (role in ('user', 'assistant')),
	CONSTRAINT "thread_messages_status" CHECK (status in ('complete', 'streaming', 'stopped', 'failed')),
	CONSTRAINT "thread_messages_feedback" CHECK (feedback_rating is null or feedback_rating in ('up', 'down'))
);
--> statement-breakpoint
CREATE TABLE "threads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"model" text,
	"temperature" real,
	"system_prompt" text DEFAULT '' NOT NULL,
	"current_message_id" bigint,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (qalam_search_vector(title)) STORED NOT NULL,
	CONSTRAINT "threads_visibility" CHECK (visibility in ('private', 'organization')),
	CONSTRAINT "threads_temperature" CHECK ("threads"."temperature" is null or ("threads"."temperature" >= 0 and "threads"."temperature" <= 2))
);
--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_parent_id_thread_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."thread_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_current_message_id_thread_messages_id_fk" FOREIGN KEY ("current_message_id") REFERENCES "public"."thread_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_messages_thread_idx" ON "thread_messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "thread_messages_parent_idx" ON "thread_messages" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "thread_messages_search_idx" ON "thread_messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "threads_organization_activity_idx" ON "threads" USING btree ("organization_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "threads_author_idx" ON "threads" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "threads_search_idx" ON "threads" USING gin ("search");