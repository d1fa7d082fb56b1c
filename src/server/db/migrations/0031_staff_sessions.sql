ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "browser" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "os" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- Accounts that signed in before: their next sign-in from a new device is told, not taken for a first one.
UPDATE "users" SET "last_sign_in_at" = s.latest FROM (SELECT "user_id", max("created_at") AS latest FROM "sessions" GROUP BY "user_id") s WHERE s."user_id" = "users"."id";--> statement-breakpoint
UPDATE "sessions" SET "last_used_at" = "refreshed_at";
