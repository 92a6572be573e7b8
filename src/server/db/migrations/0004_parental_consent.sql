CREATE TYPE "public"."consent_request_status" AS ENUM('pending', 'approved', 'declined', 'revoked', 'superseded');--> statement-breakpoint
CREATE TABLE "consent_signatures" (
	"consent_id" uuid PRIMARY KEY NOT NULL,
	"consent_text_version" text NOT NULL,
	"consent_text_sha256" text NOT NULL,
	"signature_name" text NOT NULL,
	"teen_date_of_birth" date NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text,
	"teen_name" text NOT NULL,
	"teen_email" text NOT NULL,
	"parent_name" text NOT NULL,
	"parent_email" text NOT NULL,
	"parent_phone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parental_consent_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consent_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" "consent_request_status",
	"to_status" "consent_request_status" NOT NULL,
	"actor" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parental_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teen_id" uuid NOT NULL,
	"parent_name" text NOT NULL,
	"parent_email" text NOT NULL,
	"parent_phone" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" "consent_request_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "consent_signatures" ADD CONSTRAINT "consent_signatures_consent_id_parental_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."parental_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_consent_events" ADD CONSTRAINT "parental_consent_events_consent_id_parental_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."parental_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD CONSTRAINT "parental_consents_teen_id_users_id_fk" FOREIGN KEY ("teen_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parental_consent_events_consent_idx" ON "parental_consent_events" USING btree ("consent_id","id");--> statement-breakpoint
CREATE INDEX "parental_consents_teen_created_idx" ON "parental_consents" USING btree ("teen_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "parental_consents_created_idx" ON "parental_consents" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "parental_consents_one_pending_key" ON "parental_consents" USING btree ("teen_id") WHERE "parental_consents"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "parental_consents_one_approved_key" ON "parental_consents" USING btree ("teen_id") WHERE "parental_consents"."status" = 'approved';