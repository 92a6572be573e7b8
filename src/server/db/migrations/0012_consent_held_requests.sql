ALTER TYPE "public"."consent_request_status" ADD VALUE 'held';--> statement-breakpoint
ALTER TYPE "public"."consent_request_status" ADD VALUE 'refused';--> statement-breakpoint
ALTER TABLE "parental_consents" ADD COLUMN "previous_consent_id" uuid;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD CONSTRAINT "parental_consents_previous_consent_id_parental_consents_id_fk" FOREIGN KEY ("previous_consent_id") REFERENCES "public"."parental_consents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD CONSTRAINT "parental_consents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parental_consents_status_created_idx" ON "parental_consents" USING btree ("status","created_at");