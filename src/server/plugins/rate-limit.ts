import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { AppError, firstRow } from '../errors';

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;

/**
 * Every limit of the app, in one place; each limited call names its rule. Keys say what a rule
 * protects: an address, an account, or an address and an account together.
 */
export const LIMITS = {
  /** Stops one address guessing across many accounts (issue 2). */
  signInPerAddress: { bucket: 'sign-in-address', limit: 30, windowMs: 15 * MINUTE_MS },
  /**
   * Stops one address guessing one account, while the owner signing in from elsewhere is never
   * refused because of it (issue 20: guessing never locks the owner out).
   */
  signInPerAddressAndAccount: { bucket: 'sign-in-address-account', limit: 10, windowMs: 15 * MINUTE_MS },
  signUpPerAddress: { bucket: 'sign-up-address', limit: 20, windowMs: 60 * MINUTE_MS },
  resetRequestsPerAddress: { bucket: 'reset-request-address', limit: 20, windowMs: 60 * MINUTE_MS },
  /** Silent: answering differently would reveal that the account exists. */
  resetRequestsPerAccount: { bucket: 'reset-request-account', limit: 3, windowMs: 60 * MINUTE_MS },
  /** Issue 20: guessing reset tokens from one address is stopped long before it could find one. */
  resetAttemptsPerAddress: { bucket: 'reset-attempt-address', limit: 20, windowMs: 15 * MINUTE_MS },
  /**
   * Issue 20: a teen may send, resend or correct a request three times a day (a held request counts
   * too: it mails the parent who answered before): enough for a typo, too few to spam a stranger.
   */
  consentEmailsPerTeen: { bucket: 'consent-email-teen-day', limit: 3, windowMs: 24 * 60 * MINUTE_MS },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Not a limit but a brake: sign-in failures on one account from every address together. Beyond
 * `freeFailures` in a window each attempt on the account waits before its password is checked, the
 * wait doubling up to `maxDelayMs`. Many addresses guessing one account are slowed; the owner's
 * right password still gets in, after the wait (issue 20: guessing never locks the owner out).
 */
export const SIGN_IN_ACCOUNT_BRAKE = { bucket: 'sign-in-account', windowMs: 15 * MINUTE_MS, freeFailures: 10, firstDelayMs: 250, maxDelayMs: 5_000 };

/** How long the attempt numbered `attempt` in its window waits (0 while attempts are free). */
export function brakeDelayMs(brake: typeof SIGN_IN_ACCOUNT_BRAKE, attempt: number): number {
  const over = attempt - brake.freeFailures;
  return over <= 0 ? 0 : Math.min(brake.firstDelayMs * 2 ** (over - 1), brake.maxDelayMs);
}

/**
 * Each window is counted in this many slices, and an attempt counts the slices of the whole window
 * before it: a sliding window, so no edge lets twice the limit through (3 consent emails a day mean
 * 3 in any 24 hours, not 3 before midnight and 3 after).
 */
const SLICES_PER_WINDOW = 24;

/** How far back counters still decide something: the longest window and one slice of it. */
export const LONGEST_WINDOW_MS = (Math.max(SIGN_IN_ACCOUNT_BRAKE.windowMs, ...Object.values(LIMITS).map((rule) => rule.windowMs)) * (SLICES_PER_WINDOW + 1)) / SLICES_PER_WINDOW;

/** How long after an attempt it no longer counts: its window and the slice it was counted in. */
export function countsUntilMs(rule: Pick<RateLimitRule, 'windowMs'>): number {
  return (rule.windowMs * (SLICES_PER_WINDOW + 1)) / SLICES_PER_WINDOW;
}

function sliceStartOf(rule: Pick<RateLimitRule, 'windowMs'>, now: Date): Date {
  const sliceMs = rule.windowMs / SLICES_PER_WINDOW;
  return new Date(Math.floor(now.getTime() / sliceMs) * sliceMs);
}

/**
 * Counts one attempt and returns how many its window now holds, itself included. The attempt's own
 * slice is bumped by one atomic upsert, so concurrent attempts each get their own number; the
 * earlier slices of the window no longer grow and are summed beside it. In the database, so every
 * server process agrees.
 */
export async function countAttempt(db: Executor, rule: Pick<RateLimitRule, 'bucket' | 'windowMs'>, key: string, now: Date): Promise<number> {
  const slice = sliceStartOf(rule, now);
  const rows = await db
    .insert(rateLimitCounters)
    .values({ bucket: rule.bucket, key, windowStart: slice, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  const inThisSlice = firstRow(rows, `the ${rule.bucket} rate-limit counter`).hits;
  const [earlier] = await db
    .select({ hits: sql<number>`coalesce(sum(${rateLimitCounters.hits}), 0)::int` })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.bucket, rule.bucket),
        eq(rateLimitCounters.key, key),
        gte(rateLimitCounters.windowStart, new Date(slice.getTime() - rule.windowMs)),
        lt(rateLimitCounters.windowStart, slice),
      ),
    );
  return inThisSlice + (earlier?.hits ?? 0);
}

/**
 * Counts one attempt and answers whether it may go ahead, BEFORE the work: a burst gets no more
 * through than the same attempts one by one.
 */
export async function takeToken(db: Executor, rule: RateLimitRule, key: string, now: Date): Promise<boolean> {
  if ((await countAttempt(db, rule, key, now)) <= rule.limit) return true;
  // A refused attempt does no work, so it does not count: hammering does not stretch the wait. Its
  // brief extra count only ever stands while the limit is already reached, so it refuses no one.
  await refundToken(db, rule, key, now);
  return false;
}

/** takeToken that answers a refusal with 429 RATE_LIMITED. */
export async function takeTokenOrThrow(db: Executor, rule: RateLimitRule, key: string, now: Date): Promise<void> {
  if (!(await takeToken(db, rule, key, now))) {
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.');
  }
}

/**
 * Gives back a token taken at `now` (same slice) for an attempt that turned out not to count,
 * e.g. a successful sign-in: the sign-in limits count failures, yet must count before the check.
 */
export async function refundToken(db: Executor, rule: Pick<RateLimitRule, 'bucket' | 'windowMs'>, key: string, now: Date): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
    .where(and(eq(rateLimitCounters.bucket, rule.bucket), eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, sliceStartOf(rule, now))));
}

/** Counters of windows that started before `olderThan` are useless; the sweeper drops them. */
export async function pruneRateLimitCounters(db: Executor, olderThan: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, olderThan));
}
