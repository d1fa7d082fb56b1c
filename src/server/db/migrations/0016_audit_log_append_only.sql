-- The audit log is append-only in the database, not by convention (docs/accounts-and-security.md
-- "The audit log"): UPDATE, DELETE and TRUNCATE are refused whichever code or connection sends
-- them. One narrow way through, for a customer's erasure only: its transaction turns
-- `app.audit_erasure` on for itself (set_config(..., true), gone at commit or rollback) and may then
-- rewrite the personal columns (actor_email, entity_id, before, after; actor_id only to null, as
-- the account's foreign key does when the account row goes). The row, its time, action and
-- entity stay; no row is ever deleted.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('app.audit_erasure', true) = 'on' THEN
    IF NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.action = OLD.action AND NEW.entity = OLD.entity
       AND (NEW.actor_id IS NULL OR NEW.actor_id = OLD.actor_id) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
