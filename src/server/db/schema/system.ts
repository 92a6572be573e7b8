import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EMAIL_STATUSES } from '../../../contract/email';
import { createdAt } from './columns';
import { sessions, users } from './users';

export const emailStatusEnum = pgEnum('email_status', EMAIL_STATUSES);

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

/**
 * Fixed-window rate-limit counters, one row per rule, key and window, in the database so every
 * server process agrees; one upsert per attempt counts it before the work (plugins/rate-limit.ts).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] }), index('rate_limit_counters_window_idx').on(t.windowStart)],
);

/**
 * The live-event streams open now (GET /api/events), one row per stream: a user's slots, shared by
 * every server process. A stream claims its row before it opens (under a per-user lock, counting the
 * user's rows first), deletes it when it closes, and its process pushes `expires_at` on at every
 * heartbeat; a row past it belongs to a stream nobody keeps (a crashed process) and no longer counts.
 * Signing out, a reset or a suspension deletes the session and, with it, its streams' rows.
 * modules/events/stream-slots.ts; decision 014.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionTokenHash: text('session_token_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    /** The server process holding the stream: its heartbeat refreshes all of its rows in one UPDATE. */
    instanceId: uuid('instance_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('live_streams_user_idx').on(t.userId),
    index('live_streams_session_idx').on(t.sessionTokenHash),
    index('live_streams_instance_idx').on(t.instanceId),
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
