CREATE TABLE "ai_usage_months" (
	"organization_id" uuid NOT NULL,
	"capability" text NOT NULL,
	"month" date NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_months_organization_id_capability_month_pk" PRIMARY KEY("organization_id","capability","month")
);
--> statement-breakpoint
ALTER TABLE "ai_usage_months" ADD CONSTRAINT "ai_usage_months_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The calls recorded before this table existed, counted into their months.
INSERT INTO "ai_usage_months" ("organization_id", "capability", "month", "units", "calls", "failures")
SELECT "organization_id", "capability", (date_trunc('month', "created_at" AT TIME ZONE 'UTC'))::date,
       sum("units"), count(*), count(*) FILTER (WHERE "outcome" <> 'ok')
FROM "ai_usage"
GROUP BY 1, 2, 3;
