import type { AppContext } from './context';
import { deleteExpiredSessions } from './modules/auth/sessions';
import { pruneDeliveredEmails } from './modules/email/mailer';
import { pruneLapsedSlots } from './modules/events/stream-slots';
import { expireLocks } from './modules/jobs/job-transitions';
import { warnExpiringLocks } from './modules/notifications/job-notifications';
import { pruneReadNotifications } from './modules/notifications/notifications.service';
import { releaseDuePayments } from './modules/payments/auto-release';
import { makeDuePaymentCalls } from './modules/payments/payment-calls';
import { ensureSeasonChallenge } from './modules/progress/challenges.service';
import { publishDueReviews } from './modules/progress/reviews.service';
import { pruneIdempotencyKeys } from './plugins/idempotency';
import { LONGEST_WINDOW_MS, pruneRateLimitCounters } from './plugins/rate-limit';

const DAY_MS = 24 * 3600 * 1000;
/** How long a notification stays in the list after it was read. */
export const READ_NOTIFICATION_RETENTION_DAYS = 90;
/** How long a delivered email stays in the outbox (its links expire within 7 days anyway). */
export const DELIVERED_EMAIL_RETENTION_DAYS = 30;

/**
 * Housekeeping that must happen even when nobody asks: lock warnings, run-out job locks, payments
 * due for automatic release, expired sessions, rate-limit counters of past windows, live-stream slots nobody keeps and idempotency keys, the
 * personal data nobody needs any more (read notifications, delivered emails), the season's challenge, reviews out of their blind days, and last, since the
 * provider may be slow, the payment calls left by a crash or due for a retry.
 */
export async function sweep(ctx: AppContext): Promise<void> {
  await warnExpiringLocks(ctx);
  await expireLocks(ctx);
  await releaseDuePayments(ctx);
  const now = ctx.clock.now();
  await deleteExpiredSessions(ctx.db, now);
  await pruneRateLimitCounters(ctx.db, new Date(now.getTime() - LONGEST_WINDOW_MS));
  await pruneLapsedSlots(ctx.db);
  await pruneIdempotencyKeys(ctx.db, new Date(now.getTime() - DAY_MS));
  await pruneReadNotifications(ctx.db, new Date(now.getTime() - READ_NOTIFICATION_RETENTION_DAYS * DAY_MS));
  await pruneDeliveredEmails(ctx.db, new Date(now.getTime() - DELIVERED_EMAIL_RETENTION_DAYS * DAY_MS));
  // A new season's challenge on the day it starts, in a server that has been running since the last one.
  await ensureSeasonChallenge(ctx.db, now, ctx.config.timezone);
  // Double-blind reviews whose 7 days are up become visible, and count.
  await publishDueReviews(ctx);
  await makeDuePaymentCalls(ctx);
}

export function startSweeper(ctx: AppContext, intervalMs = 15_000): () => void {
  const timer = setInterval(() => {
    sweep(ctx).catch((err: unknown) => ctx.log.error({ err }, 'sweeper failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
