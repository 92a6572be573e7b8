import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, newestFirst } from './columns';
import { jobs } from './jobs';
import { users } from './users';

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
