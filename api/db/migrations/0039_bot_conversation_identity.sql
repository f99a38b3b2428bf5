ALTER TABLE "bot_conversations" ADD COLUMN "identity_user_id" text;--> statement-breakpoint
ALTER TABLE "bot_conversations" ADD COLUMN "identity_name" text;--> statement-breakpoint
ALTER TABLE "bot_conversations" ADD COLUMN "identity_email" text;