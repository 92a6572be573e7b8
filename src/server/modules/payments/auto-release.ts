import { and, eq, lte } from 'drizzle-orm';
import { AUTO_RELEASE_HOURS } from '../../../contract/payments';
import type { AppContext } from '../../context';
import { jobs } from '../../db/schema';
import { AppError } from '../../errors';
import { transitionJob } from '../jobs/job-transitions';

/**
 * Design 5: a verified job's payment is released by the system 48 hours after verification if the
 * homeowner has neither released nor disputed it. Each job is its own transaction; a job that
 * changed meanwhile (released or disputed by hand) is simply skipped.
 */
export async function releaseDuePayments(ctx: AppContext, batch = 200): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - AUTO_RELEASE_HOURS * 3600_000);
  const due = await ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'verified'), lte(jobs.verifiedAt, cutoff)))
    .limit(batch);
  let released = 0;
  for (const { id } of due) {
    try {
      await ctx.db.transaction((tx) => transitionJob(ctx, tx, 'system', id, 'pay'));
      released++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return released;
}
