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
    /** The payment provider's reference for a hold or refund ('builtin:...' offline). */
    providerReference: text('provider_reference'),
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
  ],
);
