CREATE TABLE "thread_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thread_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"thread_id" bigint NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"document_id" uuid,
	"name" text NOT NULL,
	"media_type" text,
	"size" integer,
	"text" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_attachments_kind" CHECK (kind in ('document', 'file'))
);
--> statement-breakpoint
ALTER TABLE "thread_messages" ADD COLUMN "context_attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "thread_attachments" ADD CONSTRAINT "thread_attachments_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_attachments" ADD CONSTRAINT "thread_attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_attachments" ADD CONSTRAINT "thread_attachments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_attachments" ADD CONSTRAINT "thread_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_attachments_thread_idx" ON "thread_attachments" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "thread_attachments_document_idx" ON "thread_attachments" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "thread_attachments_thread_document_idx" ON "thread_attachments" USING btree ("thread_id","document_id") WHERE "thread_attachments"."document_id" is not null;