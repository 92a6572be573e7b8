DROP INDEX "jobs_open_search_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || ' ' || description)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_location" text GENERATED ALWAYS AS (lower(location)) STORED;--> statement-breakpoint
CREATE INDEX "jobs_open_search_idx" ON "jobs" USING gin ("search_text" gin_trgm_ops,"search_location" gin_trgm_ops) WITH (fastupdate=false) WHERE "jobs"."status" in ('posted', 'locked');