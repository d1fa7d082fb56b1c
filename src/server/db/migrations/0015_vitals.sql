-- Real-user vitals (src/server/modules/vitals/schema.ts): per day, page type, locale and vital, a count and a bounded sample.
CREATE TABLE "vitals_counts" (
	"day" date NOT NULL,
	"page_type" text NOT NULL,
	"locale" text NOT NULL,
	"metric" text NOT NULL,
	"seen" integer NOT NULL,
	CONSTRAINT "vitals_counts_day_page_type_locale_metric_pk" PRIMARY KEY("day","page_type","locale","metric")
);
--> statement-breakpoint
CREATE TABLE "vitals_samples" (
	"day" date NOT NULL,
	"page_type" text NOT NULL,
	"locale" text NOT NULL,
	"metric" text NOT NULL,
	"slot" smallint NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "vitals_samples_day_page_type_locale_metric_slot_pk" PRIMARY KEY("day","page_type","locale","metric","slot"),
	CONSTRAINT "vitals_samples_slot_ck" CHECK ("vitals_samples"."slot" >= 0)
);
