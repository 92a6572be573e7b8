CREATE TYPE "public"."route_status" AS ENUM('planned', 'in_progress', 'completed');--> statement-breakpoint
CREATE TABLE "route_stops" (
	"route_id" uuid NOT NULL,
	"stop_order" integer NOT NULL,
	"job_id" uuid NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"estimated_arrival" timestamp with time zone NOT NULL,
	"distance_from_previous" double precision NOT NULL,
	"travel_time_from_previous" integer NOT NULL,
	"visited_at" timestamp with time zone,
	CONSTRAINT "route_stops_route_id_stop_order_pk" PRIMARY KEY("route_id","stop_order"),
	CONSTRAINT "route_stops_order" CHECK ("route_stops"."stop_order" >= 1)
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coordinator_id" uuid NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"notes" text,
	"status" "route_status" DEFAULT 'planned' NOT NULL,
	"start_latitude" double precision NOT NULL,
	"start_longitude" double precision NOT NULL,
	"start_minutes" integer NOT NULL,
	"total_distance" double precision NOT NULL,
	"chosen_order_distance" double precision NOT NULL,
	"lower_bound" double precision NOT NULL,
	"bound_method" text NOT NULL,
	"estimated_duration" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "routes_bound_method" CHECK ("routes"."bound_method" in ('exact', 'heuristic')),
	CONSTRAINT "routes_start_minutes" CHECK ("routes"."start_minutes" between 0 and 1439),
	CONSTRAINT "routes_status_times" CHECK (("routes"."status" = 'planned' and "routes"."started_at" is null and "routes"."completed_at" is null)
        or ("routes"."status" = 'in_progress' and "routes"."started_at" is not null and "routes"."completed_at" is null)
        or ("routes"."status" = 'completed' and "routes"."started_at" is not null and "routes"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "base_latitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "base_longitude" double precision;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_coordinator_id_users_id_fk" FOREIGN KEY ("coordinator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "route_stops_route_job_key" ON "route_stops" USING btree ("route_id","job_id");--> statement-breakpoint
CREATE INDEX "route_stops_job_idx" ON "route_stops" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "routes_coordinator_created_idx" ON "routes" USING btree ("coordinator_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_base_both_or_neither" CHECK (("users"."base_latitude" is null) = ("users"."base_longitude" is null));