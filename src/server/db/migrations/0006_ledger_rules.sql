-- The ledger's rules, kept by the database itself (docs/decisions/006-ledger-and-escrow.md).
-- 1. Append-only: entries and transactions are never updated or deleted; corrections are new movements.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- 2. Balanced: at commit, every movement has at least two entries and they sum to zero.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  movement_id uuid;
  total bigint;
  entries integer;
BEGIN
  IF TG_TABLE_NAME = 'ledger_entries' THEN
    movement_id := NEW.transaction_id;
  ELSE
    movement_id := NEW.id;
  END IF;
  SELECT coalesce(sum(amount_cents), 0), count(*) INTO total, entries FROM ledger_entries WHERE transaction_id = movement_id;
  IF total <> 0 OR entries < 2 THEN
    RAISE EXCEPTION 'ledger movement % does not balance: % cents over % entries', movement_id, total, entries USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint
-- 3. Jobs posted before the ledger existed: their pay is held now, as posting holds it today.
WITH held AS (
  INSERT INTO ledger_transactions (job_id, movement, provider_reference, actor_role, created_at)
  SELECT id, 'hold', 'builtin:backfill', 'system', created_at FROM jobs WHERE status <> 'cancelled'
  RETURNING id, job_id, created_at
)
INSERT INTO ledger_entries (transaction_id, job_id, account, user_id, amount_cents, created_at)
SELECT held.id, held.job_id, entry.account::ledger_account, entry.user_id, entry.amount_cents, held.created_at
FROM held
JOIN jobs ON jobs.id = held.job_id
CROSS JOIN LATERAL (VALUES ('funding', jobs.homeowner_id, -jobs.pay_cents), ('escrow', NULL::uuid, jobs.pay_cents)) AS entry(account, user_id, amount_cents);
