-- The trigram indexes keep a 64 kB pending list (src/server/db/like.ts trigramIndex): set in place,
-- not rebuilt, and each list merged now so the first search after the upgrade reads the index.
ALTER INDEX "products_title_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_handle_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "users_email_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "users_name_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "coupons_code_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "orders_order_no_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "orders_email_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
SELECT gin_clean_pending_list('"products_title_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"products_handle_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"users_email_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"users_name_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"coupons_code_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"orders_order_no_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"orders_email_trgm_idx"'::regclass);
