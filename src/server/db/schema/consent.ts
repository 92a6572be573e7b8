import { sql } from 'drizzle-orm';
import { bigserial, date, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONSENT_REQUEST_STATUSES } from '../../../contract/consent';
import { createdAt } from './columns';
import { users } from './users';

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
    /** A held request: the request whose parent had decided (signed, declined or revoked), told of this one. */
    previousConsentId: uuid('previous_consent_id').references((): AnyPgColumn => parentalConsents.id, { onDelete: 'set null' }),
    /** Who approved or refused a held request (the area's coordinator or an admin), and when. */
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('parental_consents_teen_created_idx').on(t.teenId, t.createdAt.desc()),
    index('parental_consents_created_idx').on(t.createdAt.desc()),
    // The consoles list the held requests, oldest first.
    index('parental_consents_status_created_idx').on(t.status, t.createdAt),
    // Two sends racing cannot leave two live links, nor two signatures two approvals. (A held request
    // is live too, yet has no index of its own: a migration cannot name an enum value it adds in the
    // same transaction. Sends lock the teen's row, so they cannot race to leave two.)
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
