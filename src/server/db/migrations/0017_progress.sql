CREATE TABLE "challenge_participants" (
	"challenge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"jobs_completed" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "challenge_participants_challenge_id_user_id_pk" PRIMARY KEY("challenge_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "seasonal_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"season" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"max_participants" integer,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"jobs_count" integer NOT NULL,
	"categories" "job_category"[] NOT NULL,
	"reward_points" integer NOT NULL,
	"reward_title" text NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasonal_challenges_season" CHECK ("seasonal_challenges"."season" in ('spring', 'summer', 'fall', 'winter')),
	CONSTRAINT "seasonal_challenges_dates" CHECK ("seasonal_challenges"."start_date" <= "seasonal_challenges"."end_date"),
	CONSTRAINT "seasonal_challenges_jobs_count" CHECK ("seasonal_challenges"."jobs_count" >= 1),
	CONSTRAINT "seasonal_challenges_reward_points" CHECK ("seasonal_challenges"."reward_points" >= 0),
	CONSTRAINT "seasonal_challenges_full" CHECK ("seasonal_challenges"."max_participants" is null or "seasonal_challenges"."participant_count" <= "seasonal_challenges"."max_participants")
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"achievement_id" text NOT NULL,
	"points" integer NOT NULL,
	"earned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"experience_points" integer DEFAULT 0 NOT NULL,
	"paid_jobs" integer DEFAULT 0 NOT NULL,
	"earnings_cents" integer DEFAULT 0 NOT NULL,
	"early_starts" integer DEFAULT 0 NOT NULL,
	"challenges_completed" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"five_star_reviews" integer DEFAULT 0 NOT NULL,
	"last_paid_week" date,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"longest_streak" integer DEFAULT 0 NOT NULL,
	"achievement_points" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xp_awards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"event" text NOT NULL,
	"points" integer NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_awards_points" CHECK ("xp_awards"."points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_challenge_id_seasonal_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."seasonal_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stats" ADD CONSTRAINT "user_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_awards" ADD CONSTRAINT "xp_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_awards" ADD CONSTRAINT "xp_awards_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_participants_user" ON "challenge_participants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasonal_challenges_seed_key" ON "seasonal_challenges" USING btree ("seed_key");--> statement-breakpoint
CREATE UNIQUE INDEX "user_achievements_user_achievement" ON "user_achievements" USING btree ("user_id","achievement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xp_awards_user_source" ON "xp_awards" USING btree ("user_id","source");