CREATE TABLE "ai_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"capability" text NOT NULL,
	"purpose" text NOT NULL,
	"source" text NOT NULL,
	"provider" text,
	"model" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer,
	"output_tokens" integer,
	"latency_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_ai_quotas" (
	"organization_id" uuid NOT NULL,
	"capability" text NOT NULL,
	"monthly_limit" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_ai_quotas_organization_id_capability_pk" PRIMARY KEY("organization_id","capability"),
	CONSTRAINT "organization_ai_quotas_limit" CHECK ("organization_ai_quotas"."monthly_limit" is null or "organization_ai_quotas"."monthly_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_ai_quotas" ADD CONSTRAINT "organization_ai_quotas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_usage_organization_created_idx" ON "ai_usage" USING btree ("organization_id","created_at");