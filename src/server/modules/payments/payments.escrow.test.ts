import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobEvents, ledgerEntries, ledgerTransactions, paymentCalls } from '../../db/schema';
import { firstRow } from '../../errors';
import { sweep } from '../../sweeper';
import { databaseKinds } from '../../test/databases';
import { jobAt } from '../../test/job-flow';
import { makeDuePaymentCalls } from './payment-calls';
import { HOUR, NOON_BOSTON, usePaymentsApi } from './payments.test-helpers';

describe.each(databaseKinds())('payments API on %s', (kind) => {
  const w = usePaymentsApi(kind);
  const { call, release, dispute, movementsOf, wallet } = w;
  /** The database's own message: drizzle wraps it as the cause of 'Failed query'. */
  const failure = async (work: Promise<unknown>): Promise<string> =>
    work.then(
      () => 'no error',
      (err: Error & { cause?: Error }) => `${err.message} ${err.cause?.message ?? ''}`,
    );

  describe('holding and releasing', () => {
    it('holds the pay in escrow when a job is posted', async () => {
      const job = await jobAt(w.t, w.cast, 'posted', { payAmount: '40.00' });
      expect(job.payment).toBe('held');
      expect(await movementsOf(job.id)).toEqual([
        ['hold', 'funding', -4000],
        ['hold', 'escrow', 4000],
      ]);
      // The card is charged after the posting commits (decision 016).
      const holdCall = async () => firstRow(await w.t.database.db.select().from(paymentCalls).where(eq(paymentCalls.jobId, job.id)), 'the hold call');
      expect(await holdCall()).toMatchObject({ kind: 'hold', amountCents: 4000, status: 'pending', providerReference: null });
      await makeDuePaymentCalls(w.t.ctx);
      expect(await holdCall()).toMatchObject({ kind: 'hold', status: 'succeeded', providerReference: expect.stringMatching(/^builtin:hold:/) });
    });

    it('keeps Release Payment closed until the coordinator verifies, then pays the teen minus the 10% fee', async () => {
      const before = await wallet(w.ids.teen, w.cast.teen);
      const job = await jobAt(w.t, w.cast, 'completed', { payAmount: '45.00' });
      expect(job.actions).not.toContain('pay');
      const early = await release(job.id);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ code: 'INVALID_TRANSITION', message: 'Payment can be released once a coordinator has verified the work.' });

      await call('POST', `/api/jobs/${job.id}/verify`, w.cast.coordinator, {});
      const seen = (await call('GET', `/api/jobs/${job.id}`, w.cast.homeowner)).json();
      expect(seen.actions).toEqual(['pay', 'dispute']);
      const paid = await release(job.id);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'paid', payment: 'released', actions: [] });
      expect(await movementsOf(job.id)).toEqual([
        ['hold', 'funding', -4500],
        ['hold', 'escrow', 4500],
        ['release', 'escrow', -4500],
        ['release', 'teen_wallet', 4050],
        ['release', 'platform_fees', 450],
      ]);
      const events = await w.t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, job.id));
      expect(events.at(-1)).toMatchObject({ transition: 'pay', fromStatus: 'verified', toStatus: 'paid', actorId: w.ids.homeowner });

      const after = await wallet(w.ids.teen, w.cast.teen);
      expect(Number(after.total) - Number(before.total)).toBeCloseTo(40.5, 2);
      expect(after.recentTransactions[0]).toEqual({
        jobId: job.id,
        title: 'Rake the front yard',
        payAmount: '45.00',
        amount: '40.50',
        feeAmount: '4.50',
        refundedAmount: '0.00',
        paidAt: NOON_BOSTON.toISOString(),
        description: 'Payment completed',
      });
      expect((await release(job.id)).json().code).toBe('INVALID_TRANSITION');
    });

    it('answers refusals: other homeowners, teens, coordinators, visitors and bad ids', async () => {
      const job = await jobAt(w.t, w.cast, 'verified');
      expect((await release(job.id, w.otherHomeowner)).statusCode).toBe(404);
      expect((await release(job.id, w.cast.teen)).statusCode).toBe(403);
      expect((await release(job.id, w.cast.coordinator)).statusCode).toBe(403);
      expect((await call('POST', `/api/jobs/${job.id}/release-payment`, undefined, {})).statusCode).toBe(401);
      const badId = await release('not-a-uuid');
      expect(badId.statusCode).toBe(400);
      expect(badId.json().code).toBe('VALIDATION_FAILED');
      expect((await release('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect(await movementsOf(job.id)).toHaveLength(2);
    });

    it('releases automatically 48 hours after verification, and not a moment before', async () => {
      const job = await jobAt(w.t, w.cast, 'verified');
      w.t.clock.advance(48 * HOUR - 1000);
      await sweep(w.t.ctx);
      expect((await call('GET', `/api/jobs/${job.id}`, w.cast.homeowner)).json().status).toBe('verified');
      w.t.clock.advance(1000);
      await sweep(w.t.ctx);
      expect((await call('GET', `/api/jobs/${job.id}`, w.cast.homeowner)).json()).toMatchObject({ status: 'paid', payment: 'released' });
      const [event] = await w.t.database.db.select().from(jobEvents).where(sql`${jobEvents.jobId} = ${job.id} and ${jobEvents.transition} = 'pay'`);
      expect(event).toMatchObject({ actorRole: 'system', actorId: null });
    });

    it('never auto-releases a disputed job', async () => {
      const job = await jobAt(w.t, w.cast, 'verified');
      expect((await dispute(job.id)).statusCode).toBe(201);
      w.t.clock.advance(72 * HOUR);
      await sweep(w.t.ctx);
      expect((await call('GET', `/api/jobs/${job.id}`, w.cast.homeowner)).json().status).toBe('disputed');
    });
  });

  describe('cancelling', () => {
    it.each(['posted', 'accepted'] as const)('refunds the whole hold when a %s job is cancelled', async (stage) => {
      const job = await jobAt(w.t, w.cast, stage);
      const cancelled = await call('POST', `/api/jobs/${job.id}/cancel`, w.cast.homeowner, {});
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', payment: 'refunded' });
      expect(await movementsOf(job.id)).toEqual([
        ['hold', 'funding', -4000],
        ['hold', 'escrow', 4000],
        ['refund', 'funding', 4000],
        ['refund', 'escrow', -4000],
      ]);
      expect((await call('POST', `/api/jobs/${job.id}/cancel`, w.cast.homeowner, {})).statusCode).toBe(409);
      expect(await movementsOf(job.id)).toHaveLength(4);
    });

    it('moves no money when a teen withdraws: the pay stays held for the next teen', async () => {
      const job = await jobAt(w.t, w.cast, 'accepted');
      expect((await call('POST', `/api/jobs/${job.id}/withdraw`, w.cast.teen, {})).json()).toMatchObject({ status: 'posted', payment: 'held' });
      expect(await movementsOf(job.id)).toHaveLength(2);
    });
  });

  describe('the ledger itself', () => {
    it('refuses to update, delete or truncate entries and movements', async () => {
      const job = await jobAt(w.t, w.cast, 'posted');
      const db = w.t.database.db;
      expect(await failure(db.execute(sql`update ledger_entries set amount_cents = 1 where job_id = ${job.id}`))).toMatch(/append-only: UPDATE on ledger_entries/);
      expect(await failure(db.execute(sql`delete from ledger_entries where job_id = ${job.id}`))).toMatch(/append-only: DELETE on ledger_entries/);
      expect(await failure(db.execute(sql`delete from ledger_transactions where job_id = ${job.id}`))).toMatch(/append-only: DELETE on ledger_transactions/);
      expect(await failure(db.execute(sql`truncate ledger_entries cascade`))).toMatch(/append-only: TRUNCATE/);
      expect(await movementsOf(job.id)).toHaveLength(2);
    });

    it('refuses at commit a movement whose entries do not sum to zero', async () => {
      const job = await jobAt(w.t, w.cast, 'posted');
      const lopsided = w.t.database.db.transaction(async (tx) => {
        const movement = firstRow(await tx.insert(ledgerTransactions).values({ jobId: job.id, movement: 'refund', actorRole: 'system' }).returning(), 'the movement');
        await tx.insert(ledgerEntries).values({ transactionId: movement.id, jobId: job.id, account: 'platform_fees', amountCents: 100 });
      });
      expect(await failure(lopsided)).toMatch(/does not balance: 100 cents over 1 entries/);
      const empty = w.t.database.db.transaction(async (tx) => {
        await tx.insert(ledgerTransactions).values({ jobId: job.id, movement: 'release', actorRole: 'system' });
      });
      expect(await failure(empty)).toMatch(/does not balance: 0 cents over 0 entries/);
      expect(await movementsOf(job.id)).toHaveLength(2);
    });

    it('refuses a second settlement of one job, whatever the code path', async () => {
      const job = await jobAt(w.t, w.cast, 'posted');
      await call('POST', `/api/jobs/${job.id}/cancel`, w.cast.homeowner, {});
      const twice = w.t.database.db.transaction(async (tx) => {
        const movement = firstRow(await tx.insert(ledgerTransactions).values({ jobId: job.id, movement: 'refund', actorRole: 'system' }).returning(), 'the movement');
        await tx.insert(ledgerEntries).values([
          { transactionId: movement.id, jobId: job.id, account: 'escrow', amountCents: -4000 },
          { transactionId: movement.id, jobId: job.id, account: 'funding', userId: w.ids.homeowner, amountCents: 4000 },
        ]);
      });
      expect(await failure(twice)).toMatch(/ledger_one_settlement_per_job_key/);
      expect(await movementsOf(job.id)).toHaveLength(4);
    });
  });
});
