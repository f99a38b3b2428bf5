ALTER TABLE "bot_messages" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "unanswered" boolean DEFAULT false NOT NULL;