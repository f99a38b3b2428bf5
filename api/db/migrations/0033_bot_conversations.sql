CREATE TABLE "bot_conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bot_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"address_hash" text,
	"language" text DEFAULT 'en' NOT NULL,
	"preview" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bot_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"organization_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"role" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'complete' NOT NULL,
	"client_message_id" text,
	"question_id" bigint,
	"fallback" boolean DEFAULT false NOT NULL,
	"model" text,
	"input_tokens" integer,
	"output_tokens" integer,
	"first_token_ms" integer,
	"error_code" text,
	"rating" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_messages_role" CHECK (role in ('user', 'assistant')),
	CONSTRAINT "bot_messages_status" CHECK (status in ('streaming', 'complete', 'stopped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "bot_conversations" ADD CONSTRAINT "bot_conversations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_conversations" ADD CONSTRAINT "bot_conversations_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD CONSTRAINT "bot_messages_conversation_id_bot_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."bot_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD CONSTRAINT "bot_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD CONSTRAINT "bot_messages_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_conversations_bot_created_idx" ON "bot_conversations" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE INDEX "bot_conversations_address_idx" ON "bot_conversations" USING btree ("address_hash","created_at");--> statement-breakpoint
CREATE INDEX "bot_messages_conversation_idx" ON "bot_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "bot_messages_bot_created_idx" ON "bot_messages" USING btree ("bot_id","role","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_messages_client_id_idx" ON "bot_messages" USING btree ("conversation_id","client_message_id");