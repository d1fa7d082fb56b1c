-- Only the settings the pages show rebuild them (docs/site-builds.md): shipping rates, the
-- free-shipping threshold, the banner and the exchange rates (domain PAGE_SETTING_SECTIONS).
-- The merchant's mail address, taxes and seller change no page: saving them rebuilt every page
-- of both locales for nothing (each about 16 CPU-seconds).
DROP TRIGGER settings_site ON settings;--> statement-breakpoint
CREATE TRIGGER settings_site_saved AFTER INSERT OR UPDATE ON settings FOR EACH ROW WHEN (NEW.section IN ('shipping', 'freeShipping', 'banner', 'exchangeRates')) EXECUTE FUNCTION site_all_changed();--> statement-breakpoint
CREATE TRIGGER settings_site_removed AFTER DELETE ON settings FOR EACH ROW WHEN (OLD.section IN ('shipping', 'freeShipping', 'banner', 'exchangeRates')) EXECUTE FUNCTION site_all_changed();--> statement-breakpoint
CREATE TRIGGER settings_site_truncated AFTER TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION site_all_changed();
