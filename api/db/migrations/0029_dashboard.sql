CREATE TABLE "checklist_dismissals" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_dismissals_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "daily_counts" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_counts_organization_id_day_metric_pk" PRIMARY KEY("organization_id","day","metric"),
	CONSTRAINT "daily_counts_count" CHECK ("daily_counts"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"actor_id" uuid,
	"user_id" uuid,
	"type" text NOT NULL,
	"subject_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checklist_dismissals" ADD CONSTRAINT "checklist_dismissals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_dismissals" ADD CONSTRAINT "checklist_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_counts" ADD CONSTRAINT "daily_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_organization_at_idx" ON "activity" USING btree ("organization_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The dashboard's daily counts are kept by the tables themselves: whichever path inserts a row
-- (a route, a job, an import), its organization's count of that day (UTC) goes up by one.
CREATE FUNCTION count_daily(organization uuid, made timestamptz, counted text) RETURNS void AS $$
BEGIN
  INSERT INTO daily_counts (organization_id, day, metric, count)
  VALUES (organization, (made AT TIME ZONE 'UTC')::date, counted, 1)
  ON CONFLICT (organization_id, day, metric) DO UPDATE SET count = daily_counts.count + 1;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION count_daily_row() RETURNS trigger AS $$
BEGIN
  PERFORM count_daily(NEW.organization_id, NEW.created_at, TG_ARGV[0]);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION count_daily_media() RETURNS trigger AS $$
BEGIN
  PERFORM count_daily(NEW.organization_id, NEW.created_at, 'media.' || NEW.kind);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER media_count_daily AFTER INSERT ON media
  FOR EACH ROW EXECUTE FUNCTION count_daily_media();
--> statement-breakpoint
-- Each table, and the metric its rows count in.
DO $$
DECLARE
  counted text[];
BEGIN
  FOREACH counted SLICE 1 IN ARRAY ARRAY[
    ['threads', 'threads'], ['thread_messages', 'messages'], ['documents', 'documents'],
    ['clients', 'clients'], ['projects', 'projects'], ['characters', 'characters']
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I FOR EACH ROW EXECUTE FUNCTION count_daily_row(%L)',
      counted[1] || '_count_daily', counted[1], counted[2]
    );
  END LOOP;
END;
$$;
--> statement-breakpoint
-- What was made before the counts existed.
INSERT INTO daily_counts (organization_id, day, metric, count)
SELECT organization_id, day, metric, count(*) FROM (
  SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date AS day, 'media.' || kind AS metric FROM media
  UNION ALL SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, 'threads' FROM threads
  UNION ALL SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, 'messages' FROM thread_messages
  UNION ALL SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, 'documents' FROM documents
  UNION ALL SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, 'clients' FROM clients
  UNION ALL SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, 'projects' FROM projects
  UNION ALL SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, 'characters' FROM characters
) made
GROUP BY organization_id, day, metric;
