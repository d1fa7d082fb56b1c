CREATE TABLE "site_builder_lease" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"holder" text,
	"until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_builds" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"builder" text NOT NULL,
	"upto_change" bigint NOT NULL,
	"reason" jsonb NOT NULL,
	"pages_total" integer,
	"pages_done" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	"deploy" text
);
--> statement-breakpoint
CREATE TABLE "site_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"scope" text NOT NULL,
	"key" text,
	CONSTRAINT "site_changes_scope_ck" CHECK ("site_changes"."scope" in ('product', 'team', 'all'))
);
--> statement-breakpoint
CREATE INDEX "site_builds_started_idx" ON "site_builds" USING btree ("started_at");--> statement-breakpoint
INSERT INTO "site_builder_lease" ("id") VALUES (1);--> statement-breakpoint
-- What the pre-rendered pages show changed: one site_changes row per changed product or team,
-- or an `all` row, in the transaction of the write, whoever makes it (docs/site-builds.md).
-- Statement triggers over transition tables, so a seed of 10,000 rows adds rows in one statement.
CREATE FUNCTION site_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scope text := TG_ARGV[0];
  key_column text := TG_ARGV[1];
BEGIN
  -- An update names a row twice (before and after); its key is usually the same.
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO site_changes (scope, key) SELECT DISTINCT %L, (%I)::text FROM new_rows', scope, key_column);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO site_changes (scope, key) SELECT DISTINCT %L, (%I)::text FROM old_rows', scope, key_column);
  ELSE
    EXECUTE format('INSERT INTO site_changes (scope, key) SELECT %L, k FROM (SELECT (%I)::text AS k FROM new_rows UNION SELECT (%I)::text FROM old_rows) keys', scope, key_column, key_column);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION site_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_changes (scope) VALUES ('all');
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A page shows whether a size is in stock, not how many are left (the configurator loads the
-- count live): a sale that leaves stock above zero changes no page.
CREATE FUNCTION site_sizes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_changes (scope, key)
    SELECT DISTINCT 'product', n.product_id::text FROM new_rows n JOIN old_rows o ON o.product_id = n.product_id AND o.size = n.size
    WHERE (o.stock > 0) <> (n.stock > 0) OR o.sort <> n.sort;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_site_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_rows_changed('product', 'id');--> statement-breakpoint
CREATE TRIGGER products_site_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_rows_changed('product', 'id');--> statement-breakpoint
CREATE TRIGGER products_site_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION site_rows_changed('product', 'id');--> statement-breakpoint
CREATE TRIGGER product_sizes_site_ins AFTER INSERT ON product_sizes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_rows_changed('product', 'product_id');--> statement-breakpoint
CREATE TRIGGER product_sizes_site_upd AFTER UPDATE ON product_sizes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_sizes_changed();--> statement-breakpoint
CREATE TRIGGER product_sizes_site_del AFTER DELETE ON product_sizes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION site_rows_changed('product', 'product_id');--> statement-breakpoint
CREATE TRIGGER product_comments_site_ins AFTER INSERT ON product_comments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_rows_changed('product', 'product_id');--> statement-breakpoint
CREATE TRIGGER product_comments_site_upd AFTER UPDATE ON product_comments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_rows_changed('product', 'product_id');--> statement-breakpoint
CREATE TRIGGER product_comments_site_del AFTER DELETE ON product_comments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION site_rows_changed('product', 'product_id');--> statement-breakpoint
CREATE TRIGGER teams_site_upd AFTER UPDATE ON teams REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_rows_changed('team', 'id');--> statement-breakpoint
CREATE TRIGGER squad_players_site_ins AFTER INSERT ON squad_players REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_rows_changed('team', 'team_id');--> statement-breakpoint
CREATE TRIGGER squad_players_site_upd AFTER UPDATE ON squad_players REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_rows_changed('team', 'team_id');--> statement-breakpoint
CREATE TRIGGER squad_players_site_del AFTER DELETE ON squad_players REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION site_rows_changed('team', 'team_id');--> statement-breakpoint
-- The navigation tree is in every page's header; patches and add-ons in every configurator.
CREATE TRIGGER nav_items_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON nav_items FOR EACH STATEMENT EXECUTE FUNCTION site_all_changed();--> statement-breakpoint
CREATE TRIGGER patches_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON patches FOR EACH STATEMENT EXECUTE FUNCTION site_all_changed();--> statement-breakpoint
CREATE TRIGGER addons_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON addons FOR EACH STATEMENT EXECUTE FUNCTION site_all_changed();--> statement-breakpoint
CREATE TRIGGER teams_site_other AFTER INSERT OR DELETE OR TRUNCATE ON teams FOR EACH STATEMENT EXECUTE FUNCTION site_all_changed();--> statement-breakpoint
CREATE TRIGGER products_site_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION site_all_changed();
