DROP INDEX "payments_status_idx";--> statement-breakpoint
DROP INDEX "order_items_order_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_currency_created_idx";--> statement-breakpoint
DROP INDEX "orders_country_created_idx";--> statement-breakpoint
DROP INDEX "orders_paid_at_idx";--> statement-breakpoint
DROP INDEX "orders_total_eur_idx";--> statement-breakpoint
DROP INDEX "orders_order_no_c_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_country" text GENERATED ALWAYS AS (shipping_address->>'country') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_state" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
-- The payment's state, kept on the order row so the back office filters it without a join
-- (docs/back-office.md "Payment state"): captured is paid, partially_refunded and refunded stay,
-- anything else is unpaid. This trigger is the one place that mapping lives: it runs in the
-- transaction of every insert or status change of a payments row, whichever code makes it.
CREATE FUNCTION payment_state_of(payment_status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN payment_status = 'captured' THEN 'paid'
              WHEN payment_status IN ('partially_refunded', 'refunded') THEN payment_status
              ELSE 'unpaid' END
$$;--> statement-breakpoint
CREATE FUNCTION payments_state_to_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a change of state touches the order row (a new PayPal order id or attempt does not).
  UPDATE orders SET payment_state = payment_state_of(NEW.status)
    WHERE id = NEW.order_id AND payment_state IS DISTINCT FROM payment_state_of(NEW.status);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER payments_state_to_order AFTER INSERT OR UPDATE OF status ON payments FOR EACH ROW EXECUTE FUNCTION payments_state_to_order();--> statement-breakpoint
UPDATE orders SET payment_state = payment_state_of(p.status) FROM payments p WHERE p.order_id = orders.id AND payment_state_of(p.status) <> 'unpaid';--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "close_as" text DEFAULT 'refunded' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_payment_state_created_idx" ON "orders" USING btree ("payment_state","created_at","id","status","currency","ship_country","personalised");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_paypal_refund_uq" ON "refunds" USING btree ("paypal_refund_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","product_id","quantity","line_total","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id","status","currency","ship_country","personalised","payment_state");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id","currency","ship_country","personalised","payment_state");--> statement-breakpoint
CREATE INDEX "orders_currency_created_idx" ON "orders" USING btree ("currency","created_at","id","status","ship_country","personalised","payment_state");--> statement-breakpoint
CREATE INDEX "orders_country_created_idx" ON "orders" USING btree ("ship_country","created_at","id","status","currency","personalised","payment_state");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","status","currency","total","rate_x100","base_rate_x100","id");--> statement-breakpoint
CREATE INDEX "orders_total_eur_idx" ON "orders" USING btree ("total_eur","id","created_at","status","currency","ship_country","personalised","payment_state");--> statement-breakpoint
CREATE INDEX "orders_order_no_c_idx" ON "orders" USING btree ("order_no" collate "C","id","created_at","status","currency","ship_country","personalised","payment_state");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_state_ck" CHECK ("orders"."payment_state" in ('unpaid', 'paid', 'partially_refunded', 'refunded'));--> statement-breakpoint
-- Finer statistics for the prefix-search indexes: with the default, a prefix matching a hundred
-- orders could be estimated at a thousand, and the planner then walked every order newest first
-- looking for 20 matches instead of reading the hundred (npm run bench, "search by email prefix").
ALTER INDEX "orders_email_prefix_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "orders_name_prefix_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "orders_last_name_prefix_idx" ALTER COLUMN 1 SET STATISTICS 1000;
