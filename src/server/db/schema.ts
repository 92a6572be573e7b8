import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, doublePrecision, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type ExtraConfigColumn } from 'drizzle-orm/pg-core';
import { CONSENT_REQUEST_STATUSES } from '../../contract/consent';
import { CONSENT_STATUSES, ROLES } from '../../contract/constants';
import { EMAIL_STATUSES } from '../../contract/email';
import { JOB_CATEGORIES, JOB_STATUSES, PHYSICAL_DEMANDS } from '../../contract/jobs';
import { DISPUTE_OUTCOMES, DISPUTE_STATUSES } from '../../contract/payments';
import { LEDGER_ACCOUNTS, LEDGER_MOVEMENTS } from '../../domain/ledger';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Index columns for lists ordered `created_at DESC, id DESC`. PostgreSQL's DESC means NULLS FIRST;
 * drizzle's .desc() alone writes NULLS LAST, an order the planner cannot use for that query (it sorted
 * every row instead). Call it per index: .desc() sets the order on the column object itself.
 */
const newestFirst = (t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn }) => [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;

export const roleEnum = pgEnum('role', ROLES);
export const consentStatusEnum = pgEnum('consent_status', CONSENT_STATUSES);
export const emailStatusEnum = pgEnum('email_status', EMAIL_STATUSES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    role: roleEnum('role').notNull(),
    zipCode: text('zip_code'),
    isAvailable: boolean('is_available').notNull().default(false),
    parentalConsentStatus: consentStatusEnum('parental_consent_status').notNull().default('none'),
    /** Confirmed by the parent when signing consent (design 5); private: never on the wire except to admins. */
    dateOfBirth: date('date_of_birth'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Usernames are unique regardless of case: "Maya" and "maya" are the same person to a reader.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_role_idx').on(t.role),
  ],
);

/** The ZIP codes a coordinator serves (design 5: a job's coordinator follows from its ZIP). */
export const coordinatorZipCodes = pgTable(
  'coordinator_zip_codes',
  {
    coordinatorId: uuid('coordinator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    zipCode: text('zip_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coordinatorId, t.zipCode] }), index('coordinator_zip_codes_zip_idx').on(t.zipCode)],
);

/** Only the SHA-256 of a session token is stored: a database leak does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Every email goes through here first, so none is lost when the SMTP server is down. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: emailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_emails_due_idx').on(t.status, t.nextAttemptAt), index('outbox_emails_created_idx').on(t.createdAt)],
);

/** Sliding-window counters for rate limits, in the database so every server process agrees. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_hits_lookup_idx').on(t.bucket, t.key, t.createdAt)],
);

export const jobStatusEnum = pgEnum('job_status', JOB_STATUSES);
export const jobCategoryEnum = pgEnum('job_category', JOB_CATEGORIES);
export const physicalDemandEnum = pgEnum('physical_demand', PHYSICAL_DEMANDS);

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeownerId: uuid('homeowner_id')
      .notNull()
      .references(() => users.id),
    teenId: uuid('teen_id').references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: jobCategoryEnum('category').notNull(),
    payCents: integer('pay_cents').notNull(),
    estimatedDuration: integer('estimated_duration').notNull(),
    location: text('location'),
    zipCode: text('zip_code').notNull(),
    /** The ZIP code's centroid (design 5); null when the table does not know the ZIP. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    physicalDemands: physicalDemandEnum('physical_demands').notNull(),
    equipment: text('equipment').array().notNull().default(sql`'{}'::text[]`),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    safetyNotes: text('safety_notes'),
    status: jobStatusEnum('status').notNull().default('posted'),
    lockExpiresAt: timestamp('lock_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    check('jobs_pay_range', sql`${t.payCents} between 1500 and 50000 and ${t.payCents} % 500 = 0`),
    // The explorer: open jobs newest first, paged by (created_at, id). Its query says
    // `status in ('posted', 'locked') and ...` (an expired lock counts as posted) to match this predicate.
    index('jobs_open_created_idx').on(...newestFirst(t)).where(sql`${t.status} in ('posted', 'locked')`),
    index('jobs_status_created_idx').on(t.status, ...newestFirst(t)),
    index('jobs_zip_status_created_idx').on(t.zipCode, t.status, ...newestFirst(t)),
    index('jobs_homeowner_created_idx').on(t.homeownerId, ...newestFirst(t)),
    // A teen's own jobs (Active Jobs, the dashboard), and an admin's unfiltered list, in page order.
    index('jobs_teen_created_idx').on(t.teenId, ...newestFirst(t)),
    index('jobs_created_idx').on(...newestFirst(t)),
    index('jobs_lock_expiry_idx').on(t.lockExpiresAt).where(sql`${t.status} = 'locked'`),
    // Design 5: a teen holds at most one lock; the database refuses a second, whatever the race.
    uniqueIndex('jobs_one_lock_per_teen_key').on(t.teenId).where(sql`${t.status} = 'locked'`),
  ],
);

/** Every change of a job's status: who, when, from, to (design 5). Append-only. */
export const jobEvents = pgTable(
  'job_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    transition: text('transition').notNull(),
    fromStatus: jobStatusEnum('from_status'),
    toStatus: jobStatusEnum('to_status').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    actorRole: text('actor_role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_events_job_idx').on(t.jobId, t.createdAt)],
);

/** What a person is told about (design 6, spec 3 Notification); only its owner reads or changes it. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the contract's NOTIFICATION_KINDS; text, so a new kind needs no migration. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    /** Makes a notification that may be raised again (a sweep, a retry) land once per user. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, ...newestFirst(t)),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // The sweeper forgets read notifications by the time they were read.
    index('notifications_read_at_idx').on(t.readAt).where(sql`${t.readAt} is not null`),
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
  ],
);

export const consentRequestStatusEnum = pgEnum('consent_request_status', CONSENT_REQUEST_STATUSES);

/**
 * A teen's request for a parent's consent, and the link sent for it. The link's secret is kept only
 * as a SHA-256 hash. A newer send supersedes the pending one, so at most one is live per teen.
 */
export const parentalConsents = pgTable(
  'parental_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teenId: uuid('teen_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentName: text('parent_name').notNull(),
    parentEmail: text('parent_email').notNull(),
    parentPhone: text('parent_phone').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: consentRequestStatusEnum('status').notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the parent signed or declined. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('parental_consents_teen_created_idx').on(t.teenId, t.createdAt.desc()),
    index('parental_consents_created_idx').on(t.createdAt.desc()),
    // Two sends racing cannot leave two live links, nor two signatures two approvals.
    uniqueIndex('parental_consents_one_pending_key').on(t.teenId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('parental_consents_one_approved_key').on(t.teenId).where(sql`${t.status} = 'approved'`),
  ],
);

/** The evidence of a signature (design 5), frozen at the moment of signing. Insert-only. */
export const consentSignatures = pgTable('consent_signatures', {
  consentId: uuid('consent_id')
    .primaryKey()
    .references(() => parentalConsents.id, { onDelete: 'cascade' }),
  consentTextVersion: text('consent_text_version').notNull(),
  consentTextSha256: text('consent_text_sha256').notNull(),
  signatureName: text('signature_name').notNull(),
  teenDateOfBirth: date('teen_date_of_birth').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  ipAddress: text('ip_address').notNull(),
  userAgent: text('user_agent'),
  teenName: text('teen_name').notNull(),
  teenEmail: text('teen_email').notNull(),
  parentName: text('parent_name').notNull(),
  parentEmail: text('parent_email').notNull(),
  parentPhone: text('parent_phone').notNull(),
});

/** Every change of a consent request's status: what, who, from where, when. Append-only. */
export const parentalConsentEvents = pgTable(
  'parental_consent_events',
  {
    /** A sequence, so events written in the same instant keep their order. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consentId: uuid('consent_id')
      .notNull()
      .references(() => parentalConsents.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: consentRequestStatusEnum('from_status'),
    toStatus: consentRequestStatusEnum('to_status').notNull(),
    /** 'teen' or 'parent' (the holder of the link). */
    actor: text('actor').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('parental_consent_events_consent_idx').on(t.consentId, t.id)],
);

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

/** Idempotency-Key answers, per user: a retried money-moving call gets the first answer back. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, path and body: the same key with a different request is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
