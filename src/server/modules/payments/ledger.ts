import { eq } from 'drizzle-orm';
import { holdPostings, isBalanced, refundPostings, releasePostings, splitPay, splitPostings, type LedgerMovement, type Posting } from '../../../domain/ledger';
import type { Executor } from '../../db/client';
import { disputes, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { firstRow } from '../../errors';
import type { JobChange, JobEffect } from '../jobs/job-change';
import { awardPaidJob } from '../progress/progress-awards';
import { recordPaymentIntent } from './payment-calls';

interface Movement {
  jobId: string;
  movement: LedgerMovement;
  postings: Posting[];
  change: Pick<JobChange, 'actor' | 'at'>;
}

/** Writes one balanced movement; the database checks the balance again at commit. Returns its id. */
export async function recordMovement(tx: Executor, m: Movement): Promise<string> {
  if (!isBalanced(m.postings)) throw new Error(`unbalanced ${m.movement} for job ${m.jobId}`);
  const { actor, at } = m.change;
  const inserted = await tx
    .insert(ledgerTransactions)
    .values({
      jobId: m.jobId,
      movement: m.movement,
      actorId: actor.role === 'system' ? null : actor.id,
      actorRole: actor.role,
      createdAt: at,
    })
    .returning({ id: ledgerTransactions.id });
  const created = firstRow(inserted, `the ledger transaction of ${m.movement} for job ${m.jobId}`);
  await tx.insert(ledgerEntries).values(m.postings.map((p) => ({ transactionId: created.id, jobId: m.jobId, account: p.account, userId: p.userId, amountCents: p.amountCents, createdAt: at })));
  return created.id;
}

/**
 * The ledger's half of a job's change of status (design 5, Escrow): posting holds the pay,
 * cancelling refunds it, paying releases it, and a resolved dispute pays, splits or refunds it.
 * It runs inside the job's conditional UPDATE transaction, so the money moves in our books exactly
 * when the status does; the unique settlement index makes a second settlement impossible anyway.
 * What the card must give or get back is only recorded here, as an intent: the provider is called
 * after commit (payment-calls.ts, decision 016), never while this transaction is open.
 */
export const ledgerEffect: JobEffect = async (tx, ctx, change) => {
  const job = change.after;
  const feePercent = ctx.config.platformFeePercent;
  const teenOf = () => {
    if (!job.teenId) throw new Error(`job ${job.id} is paid without a teen`);
    return job.teenId;
  };
  // The teen's progress counts a paid job once, in this transaction (issue 16): what they were paid, after the fee.
  const awardProgress = (releasedCents: number) =>
    awardPaidJob(tx, ctx, { id: job.id, teenId: teenOf(), category: job.category, startedAt: job.startedAt, earnedCents: splitPay(releasedCents, feePercent).teenCents }, change.at);
  const refund = async (movement: LedgerMovement, postings: Posting[], amountCents: number) => {
    const ledgerTransactionId = await recordMovement(tx, { jobId: job.id, movement, postings, change });
    await recordPaymentIntent(tx, { jobId: job.id, kind: 'refund', amountCents, ledgerTransactionId, at: change.at });
  };

  switch (change.transition) {
    case 'post': {
      const ledgerTransactionId = await recordMovement(tx, { jobId: job.id, movement: 'hold', postings: holdPostings(job.payCents, job.homeownerId), change });
      await recordPaymentIntent(tx, { jobId: job.id, kind: 'hold', amountCents: job.payCents, ledgerTransactionId, at: change.at });
      return;
    }
    case 'cancel':
    case 'refund':
      return refund('refund', refundPostings(job.payCents, job.homeownerId), job.payCents);
    case 'pay':
      await recordMovement(tx, { jobId: job.id, movement: 'release', postings: releasePostings(job.payCents, teenOf(), feePercent), change });
      return awardProgress(job.payCents);
    case 'award': {
      // The resolving call records the outcome on the dispute first, in this same transaction.
      const [dispute] = await tx.select().from(disputes).where(eq(disputes.jobId, job.id));
      if (dispute?.outcome === 'partial' && dispute.teenAmountCents !== null) {
        const postings = splitPostings(job.payCents, dispute.teenAmountCents, { teenId: teenOf(), homeownerId: job.homeownerId }, feePercent);
        await refund('split', postings, job.payCents - dispute.teenAmountCents);
        return awardProgress(dispute.teenAmountCents);
      }
      await recordMovement(tx, { jobId: job.id, movement: 'release', postings: releasePostings(job.payCents, teenOf(), feePercent), change });
      return awardProgress(job.payCents);
    }
    default:
      return;
  }
};
