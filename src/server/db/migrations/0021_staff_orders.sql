-- Staff orders (issue 30, docs/back-office.md "Manual orders") and grants (docs/back-office.md "Roles and permission codes"): codes an owner gives one staff member beyond their role, a line price set by hand with its reason, and a payment recorded offline (bank transfer, cash) with its method, reference and reason.
ALTER TABLE "users" ADD COLUMN "grants" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "offline_method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "offline_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "offline_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offline_method_ck" CHECK ("payments"."offline_method" is null or "payments"."offline_method" in ('bank-transfer', 'cash', 'other'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offline_ck" CHECK (("payments"."provider" = 'offline') = ("payments"."offline_method" is not null));