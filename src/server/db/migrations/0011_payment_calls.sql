CREATE TYPE "public"."payment_call_kind" AS ENUM('hold', 'refund');--> statement-breakpoint
CREATE TYPE "public"."payment_call_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "payment_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"kind" "payment_call_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" "payment_call_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_reference" text,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_calls_amount_positive" CHECK ("payment_calls"."amount_cents" > 0),
	CONSTRAINT "payment_calls_reference_when_succeeded" CHECK (("payment_calls"."status" = 'succeeded') = ("payment_calls"."provider_reference" is not null)),
	CONSTRAINT "payment_calls_completed_when_done" CHECK (("payment_calls"."status" = 'pending') = ("payment_calls"."completed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "payment_calls" ADD CONSTRAINT "payment_calls_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_calls" ADD CONSTRAINT "payment_calls_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_calls_idempotency_key" ON "payment_calls" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_calls_job_idx" ON "payment_calls" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "payment_calls_due_idx" ON "payment_calls" USING btree ("next_attempt_at") WHERE "payment_calls"."status" = 'pending';--> statement-breakpoint
-- The provider references of movements made before the outbox: calls that already succeeded, so a
-- later refund finds its hold's reference. The funding entry is what the card gave or got back.
INSERT INTO "payment_calls" ("job_id", "kind", "amount_cents", "ledger_transaction_id", "idempotency_key", "status", "attempts", "provider_reference", "next_attempt_at", "created_at", "completed_at")
SELECT t."job_id", k."kind"::payment_call_kind, abs(e."amount_cents"), t."id", t."job_id" || ':' || k."kind", 'succeeded', 1, t."provider_reference", t."created_at", t."created_at", t."created_at"
FROM "ledger_transactions" t
CROSS JOIN LATERAL (SELECT CASE WHEN t."movement" = 'hold' THEN 'hold' ELSE 'refund' END AS "kind") k
JOIN "ledger_entries" e ON e."transaction_id" = t."id" AND e."account" = 'funding'
WHERE t."provider_reference" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP COLUMN "provider_reference";