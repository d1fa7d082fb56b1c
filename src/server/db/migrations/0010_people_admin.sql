CREATE TABLE "catalogue_edits" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_edits_one_row_ck" CHECK ("catalogue_edits"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "product_comments" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
INSERT INTO "catalogue_edits" ("id") VALUES (1);
