-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it. PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "jobs_open_search_idx" ON "jobs" USING gin ("title" gin_trgm_ops,"description" gin_trgm_ops,"location" gin_trgm_ops) WHERE "jobs"."status" in ('posted', 'locked');