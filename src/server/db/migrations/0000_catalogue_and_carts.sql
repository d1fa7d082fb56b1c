CREATE TABLE "addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"price" integer NOT NULL,
	"image" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "addons_price_ck" CHECK ("addons"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"visitor_id" text,
	"product_id" integer NOT NULL,
	"size" text NOT NULL,
	"patch_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"addon_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"custom_type" smallint NOT NULL,
	"squad_player_id" integer,
	"custom_name" text,
	"custom_number" text,
	"premium_name_option" text DEFAULT 'Standard' NOT NULL,
	"premium_number_option" text DEFAULT 'Standard' NOT NULL,
	"quantity" integer NOT NULL,
	"line_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_owner_ck" CHECK (("cart_items"."user_id" is null) <> ("cart_items"."visitor_id" is null)),
	CONSTRAINT "cart_items_quantity_ck" CHECK ("cart_items"."quantity" between 1 and 99),
	CONSTRAINT "cart_items_custom_type_ck" CHECK ("cart_items"."custom_type" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"phone_code" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "countries_code_uq" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "nav_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"tag_name" jsonb NOT NULL,
	"icon" text,
	"parent_id" integer,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "nav_items_level_ck" CHECK ("nav_items"."level" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "patches" (
	"id" serial PRIMARY KEY NOT NULL,
	"patch_name" jsonb NOT NULL,
	"patch_price" integer NOT NULL,
	"image" text NOT NULL,
	"fits_tags" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "patches_price_ck" CHECK ("patches"."patch_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer,
	"author_name" text NOT NULL,
	"rating" smallint NOT NULL,
	"content" text NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_comments_rating_ck" CHECK ("product_comments"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "product_sizes" (
	"product_id" integer NOT NULL,
	"size" text NOT NULL,
	"stock" integer NOT NULL,
	"sort" smallint NOT NULL,
	CONSTRAINT "product_sizes_stock_ck" CHECK ("product_sizes"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"zh" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" integer NOT NULL,
	"compare_at_price" integer,
	"images" jsonb NOT NULL,
	"tags" text[] NOT NULL,
	"sport" text NOT NULL,
	"team_id" integer,
	"printable" boolean DEFAULT true NOT NULL,
	"customisation_fee" integer DEFAULT 0 NOT NULL,
	"size_guide" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"faq" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_ck" CHECK ("products"."price" >= 0 and ("products"."compare_at_price" is null or "products"."compare_at_price" >= 0) and "products"."customisation_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "squad_players" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"name" jsonb NOT NULL,
	"sport" text NOT NULL,
	"league_tag" text NOT NULL,
	"colours" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addons" ADD CONSTRAINT "addons_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_squad_player_id_squad_players_id_fk" FOREIGN KEY ("squad_player_id") REFERENCES "public"."squad_players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nav_items" ADD CONSTRAINT "nav_items_parent_id_nav_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."nav_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_comments" ADD CONSTRAINT "product_comments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squad_players" ADD CONSTRAINT "squad_players_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addons_team_idx" ON "addons" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_visitor_line_uq" ON "cart_items" USING btree ("visitor_id","line_key") WHERE "cart_items"."visitor_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_line_uq" ON "cart_items" USING btree ("user_id","line_key") WHERE "cart_items"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "nav_items_tag_uq" ON "nav_items" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "nav_items_parent_idx" ON "nav_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "patches_fits_gin" ON "patches" USING gin ("fits_tags");--> statement-breakpoint
CREATE INDEX "product_comments_product_idx" ON "product_comments" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sizes_pk" ON "product_sizes" USING btree ("product_id","size");--> statement-breakpoint
CREATE INDEX "products_tags_gin" ON "products" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_team_idx" ON "products" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "squad_players_team_idx" ON "squad_players" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "squad_players_team_number_uq" ON "squad_players" USING btree ("team_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "states_country_code_uq" ON "states" USING btree ("country_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_tag_uq" ON "teams" USING btree ("tag");