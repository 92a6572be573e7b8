import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { USER_STATUSES } from '../../../contract/admin';
import { CONSENT_STATUSES, ROLES } from '../../../contract/constants';
import type { ParentLimits } from '../../../contract/safety';
import { createdAt } from './columns';

export const roleEnum = pgEnum('role', ROLES);
export const consentStatusEnum = pgEnum('consent_status', CONSENT_STATUSES);
export const userStatusEnum = pgEnum('user_status', USER_STATUSES);

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
    /**
     * A teen's parent's own limits, set through the consent link (issue 21); null when none. Here, not in
     * a table of its own, so the session already holds everything a lock's age check reads.
     */
    parentLimits: jsonb('parent_limits').$type<ParentLimits>(),
    /** Suspended by an admin (issue 18): no session of theirs is honoured and sign-in is refused. */
    status: userStatusEnum('status').notNull().default('active'),
    /** A coordinator's base (issue 17): where their routes start and end; their first ZIP's centre while null. */
    baseLatitude: doublePrecision('base_latitude'),
    baseLongitude: doublePrecision('base_longitude'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Usernames are unique regardless of case: "Maya" and "maya" are the same person to a reader.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_role_idx').on(t.role),
    check('users_base_both_or_neither', sql`(${t.baseLatitude} is null) = (${t.baseLongitude} is null)`),
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
