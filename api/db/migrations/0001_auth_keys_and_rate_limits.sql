CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"user_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"token_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_keys_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "verification_keys_purpose" CHECK ("verification_keys"."purpose" in ('registration', 'password_reset')),
	CONSTRAINT "verification_keys_channel" CHECK ("verification_keys"."channel" in ('EMAIL', 'PHONE'))
);
--> statement-breakpoint
ALTER TABLE "verification_keys" ADD CONSTRAINT "verification_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_keys_purpose_recipient_idx" ON "verification_keys" USING btree ("purpose","recipient");--> statement-breakpoint
CREATE INDEX "verification_keys_user_id_idx" ON "verification_keys" USING btree ("user_id");