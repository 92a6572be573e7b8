import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { jobs, ledgerEntries, ledgerTransactions, xpAwards } from '../../db/schema';
import { awardPaidJob } from './progress-awards';

/**
 * Counts, once, every job whose teen was paid without a progress award: jobs paid before progress
 * existed (an installation upgraded to issue 16) and the demo's seeded history, which is written
 * straight into the books. Each is awarded as the release would have done it, at the time it was
 * paid and in that order (streaks read weeks in order), in a transaction of its own. A start-up step
 * (decision 019): the unique award key makes a second run, or another process's, a no-op.
 * Returns how many it awarded.
 */
export async function awardPastPaidJobs(ctx: AppContext): Promise<number> {
  const source = sql`'job:' || ${ledgerTransactions.jobId} || ':paid'`;
  const due = await ctx.db
    .select({
      jobId: ledgerTransactions.jobId,
      paidAt: ledgerTransactions.createdAt,
      teenId: ledgerEntries.userId,
      earnedCents: ledgerEntries.amountCents,
      category: jobs.category,
      startedAt: jobs.startedAt,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.transactionId, ledgerTransactions.id), eq(ledgerEntries.account, 'teen_wallet')))
    .innerJoin(jobs, eq(jobs.id, ledgerTransactions.jobId))
    .where(
      and(
        inArray(ledgerTransactions.movement, ['release', 'split']),
        notExists(ctx.db.select({ one: sql`1` }).from(xpAwards).where(and(eq(xpAwards.userId, ledgerEntries.userId), eq(xpAwards.source, source)))),
      ),
    )
    .orderBy(asc(ledgerTransactions.createdAt));
  let awarded = 0;
  for (const paid of due) {
    if (!paid.teenId) continue;
    const teenId = paid.teenId;
    await ctx.db.transaction((tx) => awardPaidJob(tx, ctx, { id: paid.jobId, teenId, category: paid.category, startedAt: paid.startedAt, earnedCents: paid.earnedCents }, paid.paidAt));
    awarded++;
  }
  return awarded;
}
