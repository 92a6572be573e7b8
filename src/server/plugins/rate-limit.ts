import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { AppError } from '../errors';

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

/**
 * Database-backed sliding windows, so every server process sees the same counts
 * (design 8: no state in one process's memory that another needs).
 */
export async function isRateLimited(db: Executor, rule: RateLimitRule, key: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .select({ hits: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.key, key), gte(rateLimitHits.createdAt, since)));
  return (row?.hits ?? 0) >= rule.limit;
}

export async function recordHit(db: Executor, rule: RateLimitRule, key: string, now: Date): Promise<void> {
  await db.insert(rateLimitHits).values({ bucket: rule.bucket, key, createdAt: now });
}

export async function assertNotRateLimited(db: Executor, rule: RateLimitRule, keys: string[], now: Date): Promise<void> {
  for (const key of keys) {
    if (await isRateLimited(db, rule, key, now)) {
      throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.');
    }
  }
}

/** Hits older than the longest window are useless; the sweeper drops them. */
export async function pruneRateLimitHits(db: Executor, olderThan: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, olderThan));
}
