-- Service areas signal their changes like the tables of migration 0008 (decision 009), so a process
-- may keep the active areas' ZIP codes and read them again only when an admin adds, pauses or resumes
-- one (the recommendations read them on every request, decision 018).
CREATE TRIGGER service_areas_signal_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_areas FOR EACH STATEMENT EXECUTE FUNCTION signal_table_change();
