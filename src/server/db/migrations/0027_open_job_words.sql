CREATE TABLE "open_job_words" (
	"word" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"job_id" uuid NOT NULL,
	CONSTRAINT "open_job_words_word_created_at_job_id_pk" PRIMARY KEY("word","created_at","job_id")
);
--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_vocabulary_word_idx" ON "search_vocabulary" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The words search keeps of an open job (decision 022): each run of 3 or more of a-z and 0-9 in its
-- lower-case searched text and location. Every search word of 3 letters or digits that a job holds
-- lies inside one such run, so the runs that contain it name every job that can match.
CREATE FUNCTION search_words_of(search_text text, search_location text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT word FROM regexp_split_to_table(search_text || ' ' || coalesce(search_location, ''), '[^a-z0-9]+') AS word
  WHERE length(word) >= 3 ORDER BY word
$$;
--> statement-breakpoint
-- Keeps open_job_words and search_vocabulary with the jobs (decision 022), in the transaction that
-- changes the job. Words are added in order, so two postings adding the same new words wait for each
-- other instead of deadlocking.
CREATE FUNCTION open_job_words_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('posted', 'locked') THEN
    DELETE FROM open_job_words w USING search_words_of(OLD.search_text, OLD.search_location) AS word
    WHERE w.word = word.word AND w.created_at = OLD.created_at AND w.job_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('posted', 'locked') THEN
    INSERT INTO search_vocabulary (word) SELECT word FROM search_words_of(NEW.search_text, NEW.search_location) AS word ON CONFLICT DO NOTHING;
    INSERT INTO open_job_words (word, created_at, job_id) SELECT word, NEW.created_at, NEW.id FROM search_words_of(NEW.search_text, NEW.search_location) AS word;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_open_words_insert AFTER INSERT ON jobs FOR EACH ROW WHEN (NEW.status IN ('posted', 'locked')) EXECUTE FUNCTION open_job_words_follow();
--> statement-breakpoint
-- A lock taken or let go leaves a job open with the same text: nothing to do, and no call.
CREATE TRIGGER jobs_open_words_update AFTER UPDATE ON jobs FOR EACH ROW
WHEN ((OLD.status IN ('posted', 'locked')) <> (NEW.status IN ('posted', 'locked'))
  OR OLD.search_text <> NEW.search_text OR OLD.search_location IS DISTINCT FROM NEW.search_location OR OLD.created_at <> NEW.created_at)
EXECUTE FUNCTION open_job_words_follow();
--> statement-breakpoint
CREATE TRIGGER jobs_open_words_delete AFTER DELETE ON jobs FOR EACH ROW WHEN (OLD.status IN ('posted', 'locked')) EXECUTE FUNCTION open_job_words_follow();
--> statement-breakpoint
CREATE FUNCTION open_job_words_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE open_job_words;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_open_words_truncate AFTER TRUNCATE ON jobs FOR EACH STATEMENT EXECUTE FUNCTION open_job_words_clear();
--> statement-breakpoint
INSERT INTO search_vocabulary (word) SELECT DISTINCT word FROM jobs, search_words_of(search_text, search_location) AS word WHERE status IN ('posted', 'locked') ORDER BY word;
--> statement-breakpoint
INSERT INTO open_job_words (word, created_at, job_id) SELECT word, created_at, id FROM jobs, search_words_of(search_text, search_location) AS word WHERE status IN ('posted', 'locked');
