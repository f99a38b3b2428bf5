-- A job's items (a retry keeps what was made; GET /media?jobId=), and the foreign key's own check
-- when a job's record is deleted: both read through the media of every organization before.
CREATE INDEX "media_job_idx" ON "media" USING btree ("job_id") WHERE "media"."job_id" is not null;