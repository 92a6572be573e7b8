import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../errors';

/** An opaque cursor for lists paged newest first by (created_at, id). */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Times PostgreSQL's timestamptz holds and toISOString writes plainly (years 1970-9999). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(10_000, 0, 1);

/** A cursor this server wrote, or 400: a made-up one must not reach the database's casts. */
export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  const time = createdAt.getTime();
  if (!id || !UUID.test(id) || !(time >= EARLIEST && time < LATEST)) {
    throw new AppError('VALIDATION_FAILED', 'cursor: Invalid cursor', { cursor: 'Invalid cursor' });
  }
  return { createdAt, id };
}

/**
 * The rows after the cursor, for an `order by created_at desc, id desc` list. A row comparison is one
 * index condition on (created_at, id); the equivalent OR of two comparisons was only a filter.
 */
export function olderThan(cursor: string, columns: { createdAt: PgColumn; id: PgColumn }): SQL {
  const c = decodeCursor(cursor);
  return sql`(${columns.createdAt}, ${columns.id}) < (${c.createdAt.toISOString()}::timestamptz, ${c.id}::uuid)`;
}
