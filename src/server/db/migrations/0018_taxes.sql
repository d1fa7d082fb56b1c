-- Taxes (docs/taxes.md): the product's tax class, the order's frozen tax (its totals on orders,
-- its lines in order_tax_lines, the total check counting the tax added on top of prices), the
-- invoices and credit notes with their gap-free counters and stored PDFs, and the outbox's
-- attachments (resolved when a message is sent).
CREATE TABLE "order_tax_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_index" smallint NOT NULL,
	"shipping" boolean NOT NULL,
	"jurisdiction" text NOT NULL,
	"tax" text NOT NULL,
	"declared_under" text NOT NULL,
	"tax_class" text NOT NULL,
	"rate" integer NOT NULL,
	"base" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "order_tax_lines_amounts_ck" CHECK ("order_tax_lines"."base" >= 0 and "order_tax_lines"."amount" >= 0 and "order_tax_lines"."rate" between 0 and 100000 and "order_tax_lines"."line_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year"),
	CONSTRAINT "document_counters_last_ck" CHECK ("document_counters"."last" >= 1)
);
--> statement-breakpoint
CREATE TABLE "tax_document_files" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_document_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"line_index" smallint NOT NULL,
	"shipping" boolean NOT NULL,
	"jurisdiction" text NOT NULL,
	"tax" text NOT NULL,
	"declared_under" text NOT NULL,
	"tax_class" text NOT NULL,
	"rate" integer NOT NULL,
	"base" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "tax_document_lines_amounts_ck" CHECK ("tax_document_lines"."base" >= 0 and "tax_document_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"year" smallint NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"corrects_id" integer,
	"refund_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"locale" text NOT NULL,
	"currency" text NOT NULL,
	"rate_x100" integer NOT NULL,
	"base_rate_x100" integer NOT NULL,
	"net" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind_ck" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_amounts_ck" CHECK ("tax_documents"."net" >= 0 and "tax_documents"."tax" >= 0 and "tax_documents"."total" = "tax_documents"."net" + "tax_documents"."tax"),
	CONSTRAINT "tax_documents_credit_ck" CHECK (("tax_documents"."kind" = 'credit_note') = ("tax_documents"."corrects_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_ck";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_added" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_display" text DEFAULT 'exclusive' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_market" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_reason" text DEFAULT 'no-tax' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "import_taxes_on_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_files" ADD CONSTRAINT "tax_document_files_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_corrects_id_tax_documents_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tax_lines_order_idx" ON "order_tax_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tax_document_lines_document_idx" ON "tax_document_lines" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_uq" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_seq_uq" ON "tax_documents" USING btree ("series","year","seq");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at","kind");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_ck" CHECK ("products"."tax_class" in ('standard', 'children', 'exempt'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_ck" CHECK ("orders"."tax_total" >= 0 and "orders"."tax_added" = case when "orders"."tax_display" = 'exclusive' then "orders"."tax_total" else 0 end);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_display_ck" CHECK ("orders"."tax_display" in ('inclusive', 'exclusive'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_ck" CHECK ("orders"."items_total" >= 0 and "orders"."tier_discount" >= 0 and "orders"."coupon_discount" >= 0 and "orders"."shipping_amount" >= 0 and "orders"."total" >= 0 and "orders"."total" = "orders"."items_total" - "orders"."tier_discount" - "orders"."coupon_discount" + "orders"."shipping_amount" + "orders"."tax_added");--> statement-breakpoint
-- An issued document is never changed or removed (corrections are credit notes): UPDATE, DELETE and
-- TRUNCATE are refused on documents, their lines and their PDFs, whatever code sends them.
CREATE FUNCTION tax_documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP;
END
$$;--> statement-breakpoint
CREATE TRIGGER tax_documents_immutable BEFORE UPDATE OR DELETE ON tax_documents FOR EACH ROW EXECUTE FUNCTION tax_documents_immutable();--> statement-breakpoint
CREATE TRIGGER tax_documents_no_truncate BEFORE TRUNCATE ON tax_documents FOR EACH STATEMENT EXECUTE FUNCTION tax_documents_immutable();--> statement-breakpoint
CREATE TRIGGER tax_document_lines_immutable BEFORE UPDATE OR DELETE ON tax_document_lines FOR EACH ROW EXECUTE FUNCTION tax_documents_immutable();--> statement-breakpoint
CREATE TRIGGER tax_document_lines_no_truncate BEFORE TRUNCATE ON tax_document_lines FOR EACH STATEMENT EXECUTE FUNCTION tax_documents_immutable();--> statement-breakpoint
CREATE TRIGGER tax_document_files_immutable BEFORE UPDATE OR DELETE ON tax_document_files FOR EACH ROW EXECUTE FUNCTION tax_documents_immutable();--> statement-breakpoint
CREATE TRIGGER tax_document_files_no_truncate BEFORE TRUNCATE ON tax_document_files FOR EACH STATEMENT EXECUTE FUNCTION tax_documents_immutable();
