-- Trigrams for the orders table's any-part search (any piece of an order number or an email).
-- pg_trgm is a trusted contrib extension: the database owner may create it; PGlite loads it in client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "order_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"name" text NOT NULL,
	"view" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_views_name_ck" CHECK (length("order_views"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "order_views" ADD CONSTRAINT "order_views_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_views_staff_name_uq" ON "order_views" USING btree ("staff_id",lower("name"));--> statement-breakpoint
CREATE INDEX "orders_order_no_trgm_idx" ON "orders" USING gin (replace("order_no", '-', '') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin (lower("email") gin_trgm_ops);