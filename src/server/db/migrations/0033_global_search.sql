-- The back office's global search (backoffice/search.ts): any part of an account's email or name, a product's title or handle, a coupon's code.
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_handle_trgm_idx" ON "products" USING gin ("handle" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupons_code_trgm_idx" ON "coupons" USING gin ("code" gin_trgm_ops);