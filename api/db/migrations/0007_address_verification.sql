ALTER TABLE "verification_keys" DROP CONSTRAINT "verification_keys_purpose";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_keys" ADD CONSTRAINT "verification_keys_purpose" CHECK ("verification_keys"."purpose" in ('registration', 'password_reset', 'address_change'));--> statement-breakpoint
-- Until now only the account was marked verified, by the address it signed up with, and the other
-- address could be changed freely. An address counts as proven when it is the account's only one,
-- or when a key sent to it was used; any other waits for the owner to verify it.
UPDATE "users" SET "email_verified_at" = "verified_at"
WHERE "verified_at" IS NOT NULL AND "email" IS NOT NULL AND (
  "phone" IS NULL OR EXISTS (
    SELECT 1 FROM "verification_keys" k
    WHERE k."user_id" = "users"."id" AND k."channel" = 'EMAIL' AND k."recipient" = "users"."email"
      AND k."consumed_at" IS NOT NULL
  )
);--> statement-breakpoint
UPDATE "users" SET "phone_verified_at" = "verified_at"
WHERE "verified_at" IS NOT NULL AND "phone" IS NOT NULL AND (
  "email" IS NULL OR EXISTS (
    SELECT 1 FROM "verification_keys" k
    WHERE k."user_id" = "users"."id" AND k."channel" = 'PHONE' AND k."recipient" = "users"."phone"
      AND k."consumed_at" IS NOT NULL
  )
);
