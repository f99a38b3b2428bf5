-- What the AI calls under way hold of their month's quota: a counter beside the month's use, and one
-- row per call, which expires should the call never give it back.
CREATE TABLE "ai_quota_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"capability" text NOT NULL,
	"month" date NOT NULL,
	"units" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_usage_months" ADD COLUMN "reserved" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_quota_reservations" ADD CONSTRAINT "ai_quota_reservations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_quota_reservations_month_idx" ON "ai_quota_reservations" USING btree ("organization_id","capability","month","expires_at");