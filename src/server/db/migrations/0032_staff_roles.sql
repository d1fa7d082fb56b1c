CREATE TABLE "staff_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text GENERATED ALWAYS AS ('C_' || id) STORED NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_roles_name_ck" CHECK (length("staff_roles"."name") between 1 and 60)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_key_uq" ON "staff_roles" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_name_uq" ON "staff_roles" USING btree (lower("name"));