ALTER TABLE "user_stats" ADD COLUMN "leaderboard_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "user_stats_leaderboard" ON "user_stats" USING btree ("user_id") WHERE "user_stats"."leaderboard_opt_in";--> statement-breakpoint
CREATE INDEX "xp_awards_user_created" ON "xp_awards" USING btree ("user_id","created_at");