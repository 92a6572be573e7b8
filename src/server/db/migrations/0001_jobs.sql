CREATE TYPE "public"."job_category" AS ENUM('lawn_care', 'leaf_raking', 'snow_shoveling', 'cleaning', 'outdoor_maintenance', 'seasonal', 'landscaping');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('posted', 'locked', 'accepted', 'in_progress', 'completed', 'verified', 'paid', 'cancelled', 'disputed');--> statement-breakpoint
CREATE TYPE "public"."physical_demand" AS ENUM('easy', 'medium', 'hard');--> statement-breakpoint
CREATE TABLE "job_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"transition" text NOT NULL,
	"from_status" "job_status",
	"to_status" "job_status" NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"homeowner_id" uuid NOT NULL,
	"teen_id" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" "job_category" NOT NULL,
	"pay_cents" integer NOT NULL,
	"estimated_duration" integer NOT NULL,
	"location" text,
	"zip_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"physical_demands" "physical_demand" NOT NULL,
	"equipment" text[] DEFAULT '{}'::text[] NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"safety_notes" text,
	"status" "job_status" DEFAULT 'posted' NOT NULL,
	"lock_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "jobs_pay_range" CHECK ("jobs"."pay_cents" between 1500 and 50000 and "jobs"."pay_cents" % 500 = 0)
);
--> statement-breakpoint
ALTER TABLE "job_events" ADD CONSTRAINT "job_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_events" ADD CONSTRAINT "job_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_homeowner_id_users_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_teen_id_users_id_fk" FOREIGN KEY ("teen_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_events_job_idx" ON "job_events" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_status_created_idx" ON "jobs" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_zip_status_created_idx" ON "jobs" USING btree ("zip_code","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_homeowner_created_idx" ON "jobs" USING btree ("homeowner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_teen_status_idx" ON "jobs" USING btree ("teen_id","status");--> statement-breakpoint
CREATE INDEX "jobs_lock_expiry_idx" ON "jobs" USING btree ("lock_expires_at") WHERE "jobs"."status" = 'locked';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_lock_per_teen_key" ON "jobs" USING btree ("teen_id") WHERE "jobs"."status" = 'locked';