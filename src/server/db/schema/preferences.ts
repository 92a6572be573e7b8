import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { UserPreferences } from '../../../contract/preferences';
import { users } from './users';

/**
 * A teen's matching preferences (issue 15), one row per user once they save; none means the spec's
 * defaults. Kept whole as the contract's object (decision 018): read and written whole, never
 * filtered on in SQL, and off the users row every session reads.
 */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<UserPreferences>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
