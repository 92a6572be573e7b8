import { and, eq, getTableColumns, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Database, Executor } from '../../db/client';
import { jobs, paymentCalls, type PaymentCallKind } from '../../db/schema';
import { firstRow } from '../../errors';
import { PaymentRefusedError } from './payment-provider';

type PaymentCall = typeof paymentCalls.$inferSelect;

/** Raised after commit by every transaction that records a call, so each server process wakes its worker. */
const PAYMENT_CALLS_CHANNEL = 'yardly_payment_calls';
/** A claimed call is not claimed again for this long: longer than any provider call may take. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** After this many attempts (about three hours of backoff) a call is marked failed for an admin to settle. */
export const MAX_PAYMENT_ATTEMPTS = 10;

/** 30 s, 1 min, 2 min ... capped at an hour between attempts. */
export function paymentRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3600_000);
}

interface PaymentIntent {
  jobId: string;
  kind: PaymentCallKind;
  amountCents: number;
  ledgerTransactionId: string;
  at: Date;
}

/**
 * Records, in the ledger movement's own transaction, the call the provider owes for it. The call is
 * made after commit by a worker (a rolled-back movement calls nobody), and retried by the sweeper.
 */
export async function recordPaymentIntent(tx: Executor, intent: PaymentIntent): Promise<void> {
  await tx.insert(paymentCalls).values({
    jobId: intent.jobId,
    kind: intent.kind,
    amountCents: intent.amountCents,
    ledgerTransactionId: intent.ledgerTransactionId,
    // A job is held once and refunded at most once (the ledger's unique indexes), so this names the call.
    idempotencyKey: `${intent.jobId}:${intent.kind}`,
    nextAttemptAt: intent.at,
    createdAt: intent.at,
  });
  // Delivered only when the transaction commits.
  await tx.execute(sql`select pg_notify(${PAYMENT_CALLS_CHANNEL}, '')`);
}

/**
 * Claims the next due call in one statement: it locks the row (skipping rows other workers hold),
 * counts the attempt and pushes the next one out by the lease, so two workers never make the same
 * call at once, and a worker that dies mid-call leaves it to be retried when the lease runs out.
 * The row is picked in a CTE, which runs once: as a subquery of the UPDATE it may run again per row
 * and claim several.
 */
async function claimDueCall(ctx: AppContext): Promise<PaymentCall | null> {
  const now = ctx.clock.now();
  const hold = alias(paymentCalls, 'hold');
  const holdInFlight = ctx.db
    .select({ id: hold.id })
    .from(hold)
    .where(and(eq(hold.jobId, paymentCalls.jobId), eq(hold.kind, 'hold'), eq(hold.status, 'pending')));
  const next = ctx.db.$with('next').as(
    ctx.db
      .select({ id: paymentCalls.id })
      .from(paymentCalls)
      // A refund gives back what its hold took, by the hold's reference: it waits for the hold.
      .where(and(eq(paymentCalls.status, 'pending'), lte(paymentCalls.nextAttemptAt, now), or(eq(paymentCalls.kind, 'hold'), notExists(holdInFlight))))
      .orderBy(paymentCalls.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true }),
  );
  const [claimed] = await ctx.db
    .with(next)
    .update(paymentCalls)
    .set({ attempts: sql`${paymentCalls.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .from(next)
    .where(eq(paymentCalls.id, next.id))
    .returning(getTableColumns(paymentCalls));
  return claimed ?? null;
}

async function callProvider(ctx: AppContext, call: PaymentCall): Promise<string> {
  const { jobId, amountCents, idempotencyKey } = call;
  if (call.kind === 'hold') {
    const job = firstRow(await ctx.db.select({ homeownerId: jobs.homeownerId }).from(jobs).where(eq(jobs.id, jobId)), `the job of payment call ${call.id}`);
    return (await ctx.payments.hold({ jobId, homeownerId: job.homeownerId, amountCents, idempotencyKey })).reference;
  }
  const [hold] = await ctx.db
    .select({ status: paymentCalls.status, reference: paymentCalls.providerReference })
    .from(paymentCalls)
    .where(and(eq(paymentCalls.jobId, jobId), eq(paymentCalls.kind, 'hold')));
  if (hold?.status === 'failed') throw new PaymentRefusedError('its hold failed, so the card has nothing to get back');
  return (await ctx.payments.refund({ jobId, holdReference: hold?.reference ?? null, amountCents, idempotencyKey })).reference;
}

/** Makes one claimed call and records its outcome, each outcome in its own short statement. */
async function makeCall(ctx: AppContext, call: PaymentCall): Promise<void> {
  const stillPending = and(eq(paymentCalls.id, call.id), eq(paymentCalls.status, 'pending'));
  const about = { paymentCallId: call.id, jobId: call.jobId, kind: call.kind, attempts: call.attempts };
  let reference: string;
  try {
    reference = await callProvider(ctx, call);
  } catch (err) {
    const final = err instanceof PaymentRefusedError || call.attempts >= MAX_PAYMENT_ATTEMPTS;
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const now = ctx.clock.now();
    await ctx.db
      .update(paymentCalls)
      .set({ status: final ? 'failed' : 'pending', lastError: error, nextAttemptAt: new Date(now.getTime() + paymentRetryDelayMs(call.attempts)), completedAt: final ? now : null })
      .where(stillPending);
    if (final) ctx.log.error({ ...about, error }, 'payment call failed for good: settle it with the provider by hand (payment_calls.status = failed)');
    else ctx.log.warn({ ...about, error }, 'payment call failed; will retry');
    return;
  }
  // Only a pending call: a worker whose lease ran out may answer second, with the same reference.
  await ctx.db.update(paymentCalls).set({ status: 'succeeded', providerReference: reference, lastError: null, completedAt: ctx.clock.now() }).where(stillPending);
  ctx.log.info({ ...about, reference }, 'payment call made');
}

/** Makes every due call, one claim at a time, until none is left; returns how many were made. The sweeper and tests call it. */
export async function makeDuePaymentCalls(ctx: AppContext): Promise<number> {
  let made = 0;
  for (let call = await claimDueCall(ctx); call; call = await claimDueCall(ctx)) {
    await makeCall(ctx, call);
    made++;
  }
  return made;
}

/**
 * Makes payment calls as soon as the transactions that record them commit, in every server process
 * (they all hear the channel; claims keep them from making a call twice). Resolves to the function
 * that stops it. Calls missed while not listening are made by the sweeper.
 */
export async function startPaymentCalls(ctx: AppContext, database: Database): Promise<() => Promise<void>> {
  let running: Promise<void> | null = null;
  let kickedWhileRunning = false;
  const kick = (): void => {
    if (running) {
      // The running pass may already have looked for calls and found none: look again after it.
      kickedWhileRunning = true;
      return;
    }
    running = makeDuePaymentCalls(ctx)
      .then(() => undefined, (err: unknown) => ctx.log.error({ err }, 'making payment calls failed'))
      .finally(() => {
        running = null;
        if (kickedWhileRunning) {
          kickedWhileRunning = false;
          kick();
        }
      });
  };
  const unlisten = await database.listen(PAYMENT_CALLS_CHANNEL, kick, kick);
  kick();
  return async () => {
    await unlisten();
    kickedWhileRunning = false;
    await running;
  };
}
