-- Change signals for the caches each server process derives from these tables (docs/decisions/009-derived-caches-and-lock-turns.md).
-- The database raises them itself, so no write path (a service, the CLI, an operator's UPDATE) can
-- forget one. pg_notify is delivered to every listening process when, and only if, the transaction
-- commits, and identical payloads in one transaction are sent once: one signal per table, not per row.
CREATE FUNCTION signal_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('yardly_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The explorer's cached pages: any job, and which ZIP codes a coordinator serves (coordinatorSupervised).
CREATE TRIGGER jobs_signal_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON jobs FOR EACH STATEMENT EXECUTE FUNCTION signal_table_change();
--> statement-breakpoint
CREATE TRIGGER coordinator_zip_codes_signal_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON coordinator_zip_codes FOR EACH STATEMENT EXECUTE FUNCTION signal_table_change();
--> statement-breakpoint
-- Cached sessions: a session signed out or expired, or its user changed (role, consent, ZIP code...).
-- A new session or a new user changes no cached one.
CREATE TRIGGER sessions_signal_change AFTER UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION signal_table_change();
--> statement-breakpoint
CREATE TRIGGER users_signal_change AFTER UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION signal_table_change();
