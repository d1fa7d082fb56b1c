-- Content pages edited in the back office (issue 32, docs/back-office.md "Pages", src/content/README.md): content_pages holds per slug and locale the saved and the published version (a page without a row follows its repository file); content_page_versions every version saved, so any can be restored. site_changes gains the scope `page` (key: the slug) for a publish that rebuilds that page only.
CREATE TABLE "content_page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"updated" text,
	"body" text NOT NULL,
	"in_footer" boolean DEFAULT false NOT NULL,
	"kind" text DEFAULT 'save' NOT NULL,
	"restored_from" integer,
	"saved_by_id" integer,
	"saved_by_email" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_page_versions_kind_ck" CHECK ("content_page_versions"."kind" in ('save', 'restore'))
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"saved_version_id" integer NOT NULL,
	"published_version_id" integer,
	"source_hash" text,
	"published_at" timestamp with time zone,
	CONSTRAINT "content_pages_slug_locale_pk" PRIMARY KEY("slug","locale"),
	CONSTRAINT "content_pages_locale_ck" CHECK ("content_pages"."locale" in ('en-US', 'zh-CN'))
);
--> statement-breakpoint
ALTER TABLE "site_changes" DROP CONSTRAINT "site_changes_scope_ck";--> statement-breakpoint
ALTER TABLE "content_page_versions" ADD CONSTRAINT "content_page_versions_saved_by_id_users_id_fk" FOREIGN KEY ("saved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_page_versions_page_idx" ON "content_page_versions" USING btree ("slug","locale","id");--> statement-breakpoint
ALTER TABLE "site_changes" ADD CONSTRAINT "site_changes_scope_ck" CHECK ("site_changes"."scope" in ('product', 'team', 'page', 'all'));