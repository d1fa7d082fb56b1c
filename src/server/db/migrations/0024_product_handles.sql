-- A stable key for every product (issue 32, docs/back-office.md "Catalogue file"): products.handle, unique, lower-case
-- letters, digits and dashes, 1-80 characters, the key the catalogue file's import creates and updates by. Added
-- nullable, filled for the rows there are, then made required: a product's handle is its title made a slug ("Arsenal
-- Home 2024/25" -> "arsenal-home-2024-25"); a title that gives no letters or digits, or a slug an older product already
-- took, gets the product's id after it ("product-17", "arsenal-home-2024-25-17").
ALTER TABLE "products" ADD COLUMN "handle" text;--> statement-breakpoint
WITH slugs AS (
	SELECT "id", rtrim(left(trim(both '-' from regexp_replace(lower("title"), '[^a-z0-9]+', '-', 'g')), 80), '-') AS slug FROM "products"
), ranked AS (
	SELECT "id", slug, row_number() OVER (PARTITION BY slug ORDER BY "id") AS n FROM slugs
)
UPDATE "products" p SET "handle" = CASE
	WHEN r.slug = '' THEN 'product-' || r."id"
	WHEN r.n = 1 THEN r.slug
	ELSE rtrim(left(r.slug, 79 - length(r."id"::text)), '-') || '-' || r."id"
END
FROM ranked r WHERE r."id" = p."id";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "handle" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_handle_uq" ON "products" USING btree ("handle");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_handle_ck" CHECK ("products"."handle" ~ '^[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?$');
