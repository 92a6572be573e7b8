import { and, eq } from 'drizzle-orm';
import { holdPostings, isBalanced, refundPostings, releasePostings, splitPostings, type LedgerMovement, type Posting } from '../../../domain/ledger';
import type { Executor } from '../../db/client';
import { disputes, ledgerEntries, ledgerTransactions, paymentCalls, type PaymentCallKind } from '../../db/schema';
import { firstRow } from '../../errors';
import type { JobChange, JobEffect } from '../jobs/job-change';

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

async function recordSucceededCall(tx: Executor, call: { jobId: string; kind: PaymentCallKind; amountCents: number; ledgerTransactionId: string; reference: string; at: Date }): Promise<void> {
  const { reference, at, ...rest } = call;
  await tx
    .insert(paymentCalls)
    .values({ ...rest, idempotencyKey: `${call.jobId}:${call.kind}`, status: 'succeeded', attempts: 1, providerReference: reference, nextAttemptAt: at, createdAt: at, completedAt: at });
}

async function findHoldReference(tx: Executor, jobId: string): Promise<{ reference: string | null } | null> {
  const [hold] = await tx
    .select({ reference: paymentCalls.providerReference })
    .from(paymentCalls)
    .where(and(eq(paymentCalls.jobId, jobId), eq(paymentCalls.kind, 'hold')));
  return hold ?? null;
}

/**
 * The ledger's half of a job's change of status (design 5, Escrow): posting holds the pay,
 * cancelling refunds it, paying releases it, and a resolved dispute pays, splits or refunds it.
 * It runs inside the job's conditional UPDATE transaction, so the money moves exactly when the
 * status does; the unique settlement index makes a second settlement impossible anyway.
 */
export const ledgerEffect: JobEffect = async (tx, ctx, change) => {
  const job = change.after;
  const feePercent = ctx.config.platformFeePercent;
  const teenOf = () => {
    if (!job.teenId) throw new Error(`job ${job.id} is paid without a teen`);
    return job.teenId;
  };
  const refund = async (movement: LedgerMovement, postings: Posting[], amountCents: number) => {
    const hold = await findHoldReference(tx, job.id);
    const { reference } = await ctx.payments.refund({ jobId: job.id, holdReference: hold?.reference ?? null, amountCents });
    const ledgerTransactionId = await recordMovement(tx, { jobId: job.id, movement, postings, change });
    await recordSucceededCall(tx, { jobId: job.id, kind: 'refund', amountCents, ledgerTransactionId, reference, at: change.at });
  };

  switch (change.transition) {
    case 'post': {
      const { reference } = await ctx.payments.hold({ jobId: job.id, homeownerId: job.homeownerId, amountCents: job.payCents });
      const ledgerTransactionId = await recordMovement(tx, { jobId: job.id, movement: 'hold', postings: holdPostings(job.payCents, job.homeownerId), change });
      await recordSucceededCall(tx, { jobId: job.id, kind: 'hold', amountCents: job.payCents, ledgerTransactionId, reference, at: change.at });
      return;
    }
    case 'cancel':
    case 'refund':
      return refund('refund', refundPostings(job.payCents, job.homeownerId), job.payCents);
    case 'pay':
      await recordMovement(tx, { jobId: job.id, movement: 'release', postings: releasePostings(job.payCents, teenOf(), feePercent), change });
      return;
    case 'award': {
      // The resolving call records the outcome on the dispute first, in this same transaction.
      const [dispute] = await tx.select().from(disputes).where(eq(disputes.jobId, job.id));
      if (dispute?.outcome === 'partial' && dispute.teenAmountCents !== null) {
        const postings = splitPostings(job.payCents, dispute.teenAmountCents, { teenId: teenOf(), homeownerId: job.homeownerId }, feePercent);
        return refund('split', postings, job.payCents - dispute.teenAmountCents);
      }
      await recordMovement(tx, { jobId: job.id, movement: 'release', postings: releasePostings(job.payCents, teenOf(), feePercent), change });
      return;
    }
    default:
      return;
  }
};
