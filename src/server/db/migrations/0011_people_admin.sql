ALTER TABLE "product_comments" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_email_prefix_idx" ON "newsletter_subscriptions" USING btree (lower("email") text_pattern_ops);
