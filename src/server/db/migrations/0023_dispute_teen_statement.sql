ALTER TABLE "disputes" ADD COLUMN "teen_statement" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "teen_statement_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_teen_statement_dated" CHECK (("disputes"."teen_statement" is null) = ("disputes"."teen_statement_at" is null));