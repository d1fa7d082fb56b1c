-- Every API instance keeps catalogue answers (product detail, navigation, search) in memory and
-- drops them when the rows under them change. These triggers say what changed on the channel
-- "catalogue_changes", from any writer (the shop, an admin tool, psql), to every instance that
-- listens: "<table>:<key>" for one product's rows, "<table>" for a change to a whole table.
CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key_column text := TG_ARGV[0];
  old_key text;
  new_key text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' OR key_column IS NULL THEN
    PERFORM pg_notify('catalogue_changes', TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_key := to_jsonb(OLD) ->> key_column; END IF;
  IF TG_OP <> 'DELETE' THEN new_key := to_jsonb(NEW) ->> key_column; END IF;
  IF old_key IS NOT NULL THEN PERFORM pg_notify('catalogue_changes', TG_TABLE_NAME || ':' || old_key); END IF;
  IF new_key IS NOT NULL AND new_key IS DISTINCT FROM old_key THEN PERFORM pg_notify('catalogue_changes', TG_TABLE_NAME || ':' || new_key); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION catalogue_changed('id');
--> statement-breakpoint
CREATE TRIGGER product_sizes_changed AFTER INSERT OR UPDATE OR DELETE ON product_sizes FOR EACH ROW EXECUTE FUNCTION catalogue_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER teams_changed AFTER INSERT OR UPDATE OR DELETE ON teams FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER squad_players_changed AFTER INSERT OR UPDATE OR DELETE ON squad_players FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER nav_items_changed AFTER INSERT OR UPDATE OR DELETE ON nav_items FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER products_truncated AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_sizes_truncated AFTER TRUNCATE ON product_sizes FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER teams_truncated AFTER TRUNCATE ON teams FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER squad_players_truncated AFTER TRUNCATE ON squad_players FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER nav_items_truncated AFTER TRUNCATE ON nav_items FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
