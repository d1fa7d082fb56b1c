CREATE TABLE "settings" (
	"section" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "amounts" jsonb;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "includes_personalised" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Every API instance keeps the settings in memory (the settings module) and drops them when a row
-- changes, whoever wrote it: the same LISTEN/NOTIFY path as migration 0003's catalogue triggers,
-- on its own channel, saying which section changed.
CREATE FUNCTION settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('settings_changes', '');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('settings_changes', OLD.section);
  ELSE
    PERFORM pg_notify('settings_changes', NEW.section);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER settings_rows_changed AFTER INSERT OR UPDATE OR DELETE ON settings FOR EACH ROW EXECUTE FUNCTION settings_changed();
--> statement-breakpoint
CREATE TRIGGER settings_truncated AFTER TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();--> statement-breakpoint
-- The pages show the settings (banner, free-shipping threshold, rates): a save rebuilds them all (docs/site-builds.md).
CREATE TRIGGER settings_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION site_all_changed();
