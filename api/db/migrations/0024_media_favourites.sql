-- The library's favourites, newest first: a few items in a hundred, which the list read past by the
-- thousand through media_organization_created_idx.
CREATE INDEX "media_organization_favourite_idx" ON "media" USING btree ("organization_id","created_at","id") WHERE "media"."favourite" and "media"."deleted_at" is null;