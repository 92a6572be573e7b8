import type { AppContext } from './context';
import { deleteExpiredSessions } from './modules/auth/sessions';
import { pruneRateLimitHits } from './plugins/rate-limit';

const DAY_MS = 24 * 3600 * 1000;

/** Housekeeping that must happen even when nobody asks: expired sessions, old rate-limit hits. */
export async function sweep(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await deleteExpiredSessions(ctx.db, now);
  await pruneRateLimitHits(ctx.db, new Date(now.getTime() - DAY_MS));
}

export function startSweeper(ctx: AppContext, intervalMs = 60_000): () => void {
  const timer = setInterval(() => {
    sweep(ctx).catch((err: unknown) => ctx.log.error({ err }, 'sweeper failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
