import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DISPUTE_OUTCOMES, DISPUTE_STATUSES } from '../../../contract/payments';
import { LEDGER_ACCOUNTS, LEDGER_MOVEMENTS } from '../../../domain/ledger';
import { createdAt } from './columns';
import { jobs } from './jobs';
import { users } from './users';

export const ledgerMovementEnum = pgEnum('ledger_movement', LEDGER_MOVEMENTS);
export const ledgerAccountEnum = pgEnum('ledger_account', LEDGER_ACCOUNTS);

/**
 * One movement of a job's money (design 5, Escrow), written in the same database transaction as
 * the job's change of status that causes it. Append-only: a trigger refuses UPDATE and DELETE
 * (migration 0006), and another checks at commit that its entries sum to zero.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    movement: ledgerMovementEnum('movement').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    actorRole: text('actor_role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A job's money is held once and settled (released, refunded or split) once, whatever the race.
    uniqueIndex('ledger_one_hold_per_job_key').on(t.jobId).where(sql`${t.movement} = 'hold'`),
    uniqueIndex('ledger_one_settlement_per_job_key').on(t.jobId).where(sql`${t.movement} <> 'hold'`),
  ],
);

/** The movements that take money from or give it back to a homeowner's card. */
export const PAYMENT_CALL_KINDS = ['hold', 'refund'] as const;
export type PaymentCallKind = (typeof PAYMENT_CALL_KINDS)[number];
export const PAYMENT_CALL_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const paymentCallKindEnum = pgEnum('payment_call_kind', PAYMENT_CALL_KINDS);
export const paymentCallStatusEnum = pgEnum('payment_call_status', PAYMENT_CALL_STATUSES);

/**
 * The payment provider's outbox (decision 016): a hold or refund the provider owes us, written in
 * the transaction of the ledger movement it belongs to and made after commit, so no provider call
 * ever holds a transaction open. A retry sends the same idempotency key, so the provider charges or
 * refunds once however often it is asked.
 */
export const paymentCalls = pgTable(
  'payment_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    kind: paymentCallKindEnum('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    /** What the provider deduplicates on: a job is held once and refunded at most once. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: paymentCallStatusEnum('status').notNull().default('pending'),
    /** Calls claimed so far, the one in flight included. */
    attempts: integer('attempts').notNull().default(0),
    /** The provider's reference ('builtin:...' offline), once it succeeded. */
    providerReference: text('provider_reference'),
    lastError: text('last_error'),
    /** When a worker may claim it next: claiming pushes it out, so a crashed worker's call is retried. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_calls_idempotency_key').on(t.idempotencyKey),
    index('payment_calls_job_idx').on(t.jobId),
    index('payment_calls_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('payment_calls_amount_positive', sql`${t.amountCents} > 0`),
    check('payment_calls_reference_when_succeeded', sql`(${t.status} = 'succeeded') = (${t.providerReference} is not null)`),
    check('payment_calls_completed_when_done', sql`(${t.status} = 'pending') = (${t.completedAt} is null)`),
  ],
);

/** The entries of a movement; balances are their sums, never stored. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    account: ledgerAccountEnum('account').notNull(),
    /** The homeowner of a funding entry, the teen of a wallet entry; null for escrow and fees. */
    userId: uuid('user_id').references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_nonzero', sql`${t.amountCents} <> 0`),
    check('ledger_entries_owner', sql`(${t.account} in ('funding', 'teen_wallet')) = (${t.userId} is not null)`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_job_idx').on(t.jobId),
    index('ledger_entries_user_idx').on(t.userId, t.account),
  ],
);

export const disputeStatusEnum = pgEnum('dispute_status', DISPUTE_STATUSES);
export const disputeOutcomeEnum = pgEnum('dispute_outcome', DISPUTE_OUTCOMES);

/** A homeowner's dispute of completed or verified work; the area's coordinator resolves it. One per job. */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    /** The teen's side (issue 18), written once while the dispute is open; null until then. */
    teenStatement: text('teen_statement'),
    teenStatementAt: timestamp('teen_statement_at', { withTimezone: true }),
    status: disputeStatusEnum('status').notNull().default('open'),
    outcome: disputeOutcomeEnum('outcome'),
    /** Partial outcomes: the part of the pay released for the teen's work. */
    teenAmountCents: integer('teen_amount_cents'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('disputes_job_key').on(t.jobId),
    index('disputes_status_created_idx').on(t.status, t.createdAt),
    check('disputes_outcome_when_resolved', sql`(${t.status} = 'resolved') = (${t.outcome} is not null)`),
    check('disputes_amount_only_partial', sql`(${t.outcome} = 'partial') = (${t.teenAmountCents} is not null)`),
    check('disputes_teen_statement_dated', sql`(${t.teenStatement} is null) = (${t.teenStatementAt} is null)`),
  ],
);
