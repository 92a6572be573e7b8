import { timestamp, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/** The `created_at` every table has: timestamptz, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Index columns for lists ordered `created_at DESC, id DESC`. PostgreSQL's DESC means NULLS FIRST;
 * drizzle's .desc() alone writes NULLS LAST, an order the planner cannot use for that query (it sorted
 * every row instead). Call it per index: .desc() sets the order on the column object itself.
 */
export const newestFirst = (t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn }) => [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;
