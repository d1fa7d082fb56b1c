-- The guests under Customers (docs/back-office.md "Guests"): the orders of no account by email,
-- then time; an email's first order and the count of guest emails read it alone (index-only).
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower("email"),"created_at","id","email") WHERE "orders"."user_id" is null;