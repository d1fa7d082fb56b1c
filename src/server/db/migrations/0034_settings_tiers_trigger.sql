-- The quantity tiers are shown by the pages too (the banner's tier text, the product pages' tier
-- table): saving them rebuilds every page like the other page sections (domain PAGE_SETTING_SECTIONS).
-- Until now the settings module added that site_changes row itself; one rule in one place is the
-- trigger, as for the other sections.
DROP TRIGGER settings_site_saved ON settings;--> statement-breakpoint
DROP TRIGGER settings_site_removed ON settings;--> statement-breakpoint
CREATE TRIGGER settings_site_saved AFTER INSERT OR UPDATE ON settings FOR EACH ROW WHEN (NEW.section IN ('shipping', 'freeShipping', 'banner', 'exchangeRates', 'tiers')) EXECUTE FUNCTION site_all_changed();--> statement-breakpoint
CREATE TRIGGER settings_site_removed AFTER DELETE ON settings FOR EACH ROW WHEN (OLD.section IN ('shipping', 'freeShipping', 'banner', 'exchangeRates', 'tiers')) EXECUTE FUNCTION site_all_changed();
