DROP INDEX "jobs_teen_status_idx";--> statement-breakpoint
CREATE INDEX "jobs_teen_created_idx" ON "jobs" USING btree ("teen_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);