-- After payment (issue 30, docs/back-office.md "After payment"): split parcels (shipment_items, the
-- partially_shipped state), order changes and their history (order_changes, orders.revision), payment
-- requests for what a change or a staff order asks of the buyer, returns and misprint claims with
-- their photos, and where an order came from (orders.source, replaces_order_id).
CREATE TABLE "order_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"by_id" integer,
	"by_email" text NOT NULL,
	"reason" text,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"total_delta" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_changes_kind_ck" CHECK ("order_changes"."kind" in ('line', 'address', 'shipping')),
	CONSTRAINT "order_changes_actor_ck" CHECK ("order_changes"."actor" in ('staff', 'shopper'))
);
--> statement-breakpoint
CREATE TABLE "shipment_items" (
	"shipment_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_items_shipment_id_order_item_id_pk" PRIMARY KEY("shipment_id","order_item_id"),
	CONSTRAINT "shipment_items_quantity_ck" CHECK ("shipment_items"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"change_id" integer,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paypal_order_id" text,
	"capture_id" text,
	"paid_at" timestamp with time zone,
	"closed_by_id" integer,
	"closed_by_email" text,
	"close_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_requests_amount_ck" CHECK ("payment_requests"."amount" > 0),
	CONSTRAINT "payment_requests_status_ck" CHECK ("payment_requests"."status" in ('open', 'paid', 'expired', 'waived', 'cancelled')),
	CONSTRAINT "payment_requests_purpose_ck" CHECK ("payment_requests"."purpose" in ('order-change', 'manual-order'))
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"hash" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" smallint NOT NULL,
	"height" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_request_lines" (
	"request_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"restock" boolean,
	CONSTRAINT "return_request_lines_request_id_order_item_id_pk" PRIMARY KEY("request_id","order_item_id"),
	CONSTRAINT "return_request_lines_quantity_ck" CHECK ("return_request_lines"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"description" text NOT NULL,
	"requested_by" text NOT NULL,
	"decision_note" text,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"resolution" text,
	"refund_id" integer,
	"replacement_order_id" integer,
	"resolved_by_id" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_kind_ck" CHECK ("return_requests"."kind" in ('return', 'claim')),
	CONSTRAINT "return_requests_status_ck" CHECK ("return_requests"."status" in ('requested', 'approved', 'declined', 'received', 'resolved')),
	CONSTRAINT "return_requests_resolution_ck" CHECK ("return_requests"."resolution" is null or "return_requests"."resolution" in ('refund', 'replacement')),
	CONSTRAINT "return_requests_resolved_ck" CHECK (("return_requests"."status" = 'resolved') = ("return_requests"."resolution" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_ck";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replaces_order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "capture_id" text;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_change_id_order_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."order_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_replacement_order_id_orders_id_fk" FOREIGN KEY ("replacement_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_changes_revision_uq" ON "order_changes" USING btree ("order_id","revision");--> statement-breakpoint
CREATE INDEX "shipment_items_item_idx" ON "shipment_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "payment_requests_order_idx" ON "payment_requests" USING btree ("order_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_token_uq" ON "payment_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_paypal_order_uq" ON "payment_requests" USING btree ("paypal_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_capture_uq" ON "payment_requests" USING btree ("capture_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_one_open_uq" ON "payment_requests" USING btree ("order_id") WHERE "payment_requests"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "return_photos_request_hash_uq" ON "return_photos" USING btree ("request_id","hash");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_no_uq" ON "return_requests" USING btree ("return_no");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_replaces_order_id_orders_id_fk" FOREIGN KEY ("replaces_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_replaces_idx" ON "orders" USING btree ("replaces_order_id") WHERE "orders"."replaces_order_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_ck" CHECK ("orders"."source" in ('checkout', 'staff', 'replacement'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('pending_payment', 'paid', 'processing', 'partially_shipped', 'shipped', 'delivered', 'cancelled', 'refunded'));