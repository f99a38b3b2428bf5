-- The library lists newest first (`order by created_at desc, id desc`, nulls first): an index read
-- backwards gives that order; one built `desc nulls last` did not, and every page sorted the
-- organization's items.
DROP INDEX "media_organization_created_idx";--> statement-breakpoint
CREATE INDEX "media_organization_created_idx" ON "media" USING btree ("organization_id","created_at","id") WHERE "media"."deleted_at" is null;