import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../errors';

/** An opaque cursor for lists paged newest first by (created_at, id). */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError('VALIDATION_FAILED', 'cursor: Invalid cursor', [{ field: 'cursor', message: 'Invalid cursor' }]);
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
