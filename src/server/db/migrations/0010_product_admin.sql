CREATE TABLE "media_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"product_id" integer NOT NULL,
	"hash" text NOT NULL,
	"sort" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_product_id_hash_pk" PRIMARY KEY("product_id","hash")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "art" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_state" text DEFAULT 'out' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_sort_idx" ON "product_images" USING btree ("product_id","sort");--> statement-breakpoint
CREATE INDEX "products_admin_price_idx" ON "products" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "products_admin_updated_idx" ON "products" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "products_admin_title_idx" ON "products" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "products_admin_sport_idx" ON "products" USING btree ("sport","id");--> statement-breakpoint
CREATE INDEX "products_admin_stock_idx" ON "products" USING btree ("stock_state","id");--> statement-breakpoint
CREATE INDEX "products_admin_active_idx" ON "products" USING btree ("active","id");--> statement-breakpoint
CREATE INDEX "products_admin_filter_idx" ON "products" USING btree ("sport","stock_state","active","team_id");--> statement-breakpoint
-- The shirt art the catalogue was seeded with is each product's default picture from now on.
UPDATE "products" SET "art" = "images" WHERE "art" = '[]'::jsonb;
--> statement-breakpoint
-- products.stock_state follows its sizes' stock (domain/product-admin.model.ts stockStateOf, with
-- LOW_STOCK_AT = 5): out when no size has a unit left, low when some size has 5 or fewer, else
-- in. Once per statement, for the products the statement touched, and only when the state moves,
-- so a sale that leaves the state as it was writes nothing to products (and its trigger announces
-- nothing).
CREATE FUNCTION products_stock_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET stock_state = s.state
  FROM (
    SELECT c.product_id,
      CASE WHEN NOT coalesce(bool_or(ps.stock > 0), false) THEN 'out' WHEN bool_or(ps.stock <= 5) THEN 'low' ELSE 'in' END AS state
    FROM (SELECT DISTINCT product_id FROM changed_sizes) c
    LEFT JOIN product_sizes ps ON ps.product_id = c.product_id
    GROUP BY c.product_id
  ) s
  WHERE p.id = s.product_id AND p.stock_state IS DISTINCT FROM s.state;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_sizes_stock_state_ins AFTER INSERT ON product_sizes REFERENCING NEW TABLE AS changed_sizes FOR EACH STATEMENT EXECUTE FUNCTION products_stock_state();
--> statement-breakpoint
CREATE TRIGGER product_sizes_stock_state_upd AFTER UPDATE ON product_sizes REFERENCING NEW TABLE AS changed_sizes FOR EACH STATEMENT EXECUTE FUNCTION products_stock_state();
--> statement-breakpoint
CREATE TRIGGER product_sizes_stock_state_del AFTER DELETE ON product_sizes REFERENCING OLD TABLE AS changed_sizes FOR EACH STATEMENT EXECUTE FUNCTION products_stock_state();
--> statement-breakpoint
UPDATE products p SET stock_state = s.state
FROM (
  SELECT p2.id AS product_id,
    CASE WHEN NOT coalesce(bool_or(ps.stock > 0), false) THEN 'out' WHEN bool_or(ps.stock <= 5) THEN 'low' ELSE 'in' END AS state
  FROM products p2 LEFT JOIN product_sizes ps ON ps.product_id = p2.id
  GROUP BY p2.id
) s
WHERE p.id = s.product_id AND p.stock_state IS DISTINCT FROM s.state;
