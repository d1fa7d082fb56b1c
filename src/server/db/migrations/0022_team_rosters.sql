-- Team and club orders (issue 31, docs/storefront.md "Team orders"): a roster's rows in the cart keep their group (id, team name, place in the roster) and order lines keep the group, replaced as a whole; saved rosters of signed-in shoppers under a team name (team_rosters).
CREATE TABLE "team_rosters" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"product_id" integer NOT NULL,
	"roster" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_rosters_name_ck" CHECK (length("team_rosters"."name") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "group_name" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "group_row" smallint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "group_name" text;--> statement-breakpoint
ALTER TABLE "team_rosters" ADD CONSTRAINT "team_rosters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_rosters_user_name_uq" ON "team_rosters" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cart_items_group_idx" ON "cart_items" USING btree ("group_id") WHERE "cart_items"."group_id" is not null;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_group_ck" CHECK (("cart_items"."group_id" is null) = ("cart_items"."group_name" is null) and ("cart_items"."group_id" is null) = ("cart_items"."group_row" is null));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_group_ck" CHECK (("order_items"."group_id" is null) = ("order_items"."group_name" is null));