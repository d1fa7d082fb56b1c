ALTER TABLE "orders" ADD COLUMN "total_eur" integer GENERATED ALWAYS AS (round(total::numeric * base_rate_x100 / rate_x100)::int) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_currency_created_idx" ON "orders" USING btree ("currency","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_country_created_idx" ON "orders" USING btree (("shipping_address"->>'country'),"created_at","id");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "orders_total_eur_idx" ON "orders" USING btree ("total_eur","id");--> statement-breakpoint
CREATE INDEX "orders_order_no_c_idx" ON "orders" USING btree ("order_no" collate "C","id");--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_name_prefix_idx" ON "orders" USING btree (lower(("shipping_address"->>'firstName') || ' ' || ("shipping_address"->>'lastName')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_last_name_prefix_idx" ON "orders" USING btree (lower("shipping_address"->>'lastName') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","order_id");