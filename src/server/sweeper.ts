import type { AppContext } from './context';
import { deleteExpiredSessions } from './modules/auth/sessions';
import { expireLocks } from './modules/jobs/jobs.service';
import { warnExpiringLocks } from './modules/notifications/job-notifications';
import { releaseDuePayments } from './modules/payments/auto-release';
import { pruneIdempotencyKeys } from './plugins/idempotency';
import { pruneRateLimitHits } from './plugins/rate-limit';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Housekeeping that must happen even when nobody asks: lock warnings, run-out job locks, payments
 * due for automatic release, expired sessions, old rate-limit hits and idempotency keys.
 */
export async function sweep(ctx: AppContext): Promise<void> {
  await warnExpiringLocks(ctx);
  await expireLocks(ctx);
  await releaseDuePayments(ctx);
  const now = ctx.clock.now();
  await deleteExpiredSessions(ctx.db, now);
  await pruneRateLimitHits(ctx.db, new Date(now.getTime() - DAY_MS));
  await pruneIdempotencyKeys(ctx.db, new Date(now.getTime() - DAY_MS));
}

export function startSweeper(ctx: AppContext, intervalMs = 15_000): () => void {
  const timer = setInterval(() => {
    sweep(ctx).catch((err: unknown) => ctx.log.error({ err }, 'sweeper failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
