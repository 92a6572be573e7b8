import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases';
import { jobAt, type Cast } from '../../test/job-flow';
import { signInAs, signUp } from '../../test/test-app';
import { usePaymentsApi } from './payments.test-helpers';

describe.each(databaseKinds())('payments API on %s', (kind) => {
  const w = usePaymentsApi(kind);
  const { call, release, wallet } = w;

  describe('GET /api/wallet/{userId}', () => {
    it("shows a homeowner's Payments: Total Spent, held, pending with both labels, and the dashboard agrees", async () => {
      const homeowner = await signUp(w.t, 'homeowner');
      const mine: Cast = { ...w.cast, homeowner: homeowner.cookie };
      const paid = await jobAt(w.t, mine, 'verified', { payAmount: '30.00' });
      await release(paid.id, homeowner.cookie);
      const completed = await jobAt(w.t, mine, 'completed', { payAmount: '20.00' });
      const verified = await jobAt(w.t, mine, 'verified', { payAmount: '15.00' });
      await jobAt(w.t, mine, 'posted', { payAmount: '50.00' });
      const payments = await wallet(homeowner.user.id, homeowner.cookie);
      expect(payments).toMatchObject({ role: 'homeowner', total: '30.00', thisMonth: '30.00', pending: '35.00', held: '85.00', platformFeePercent: 10 });
      expect(payments.pendingPayments).toEqual(
        expect.arrayContaining([
          { jobId: completed.id, title: 'Rake the front yard', payAmount: '20.00', status: 'completed', label: 'Awaiting verification' },
          { jobId: verified.id, title: 'Rake the front yard', payAmount: '15.00', status: 'verified', label: 'Awaiting payment' },
        ]),
      );
      expect(payments.recentTransactions).toEqual([expect.objectContaining({ jobId: paid.id, amount: '30.00', feeAmount: '3.00', description: 'Payment completed' })]);
      const summary = (await call('GET', `/api/users/${homeowner.user.id}/job-summary`, homeowner.cookie)).json();
      expect(summary.totalSpent).toBe('30.00');
    });

    it("counts This Month by the paid job's completion month in the service's time zone", async () => {
      const homeowner = await signUp(w.t, 'homeowner');
      const mine: Cast = { ...w.cast, homeowner: homeowner.cookie };
      // Completed at noon on May 31 in Boston, paid in June.
      w.t.clock.set(new Date('2026-05-31T16:00:00Z'));
      const job = await jobAt(w.t, mine, 'verified', { payAmount: '25.00' });
      w.t.clock.set(new Date('2026-06-01T15:00:00Z'));
      await release(job.id, homeowner.cookie);
      expect(await wallet(homeowner.user.id, homeowner.cookie)).toMatchObject({ total: '25.00', thisMonth: '0.00' });
      w.t.clock.set(new Date('2026-05-31T20:00:00Z'));
      expect(await wallet(homeowner.user.id, homeowner.cookie)).toMatchObject({ thisMonth: '25.00' });
    });

    it('shows an empty wallet to a new teen, and at most 10 recent transactions, newest first', async () => {
      const teen = await signInAs(w.t, 'teen', { consent: 'approved' });
      expect(await wallet(teen.user.id, teen.cookie)).toMatchObject({ role: 'teen', total: '0.00', thisMonth: '0.00', pending: '0.00', pendingPayments: [], recentTransactions: [] });
      const mine: Cast = { ...w.cast, teen: teen.cookie };
      const jobs = [];
      for (let i = 0; i < 11; i++) {
        const job = await jobAt(w.t, mine, 'verified', { payAmount: '15.00' });
        w.t.clock.advance(60_000);
        await release(job.id);
        jobs.push(job.id);
      }
      const shown = await wallet(teen.user.id, teen.cookie);
      expect(shown.total).toBe('148.50');
      expect(shown.recentTransactions.map((r) => r.jobId)).toEqual(jobs.slice(1).reverse());
      expect(shown.recentTransactions[0]).toMatchObject({ payAmount: '15.00', amount: '13.50', feeAmount: '1.50' });
    });

    it("is only for the person themself or an admin, and only teens and homeowners have one", async () => {
      expect((await call('GET', `/api/wallet/${w.ids.teen}`, w.cast.homeowner)).statusCode).toBe(403);
      expect((await call('GET', `/api/wallet/${w.ids.homeowner}`, w.cast.coordinator)).statusCode).toBe(403);
      expect((await call('GET', `/api/wallet/${w.ids.teen}`)).statusCode).toBe(401);
      expect((await call('GET', `/api/wallet/${w.ids.teen}`, w.admin)).statusCode).toBe(200);
      const coordinator = await signInAs(w.t, 'coordinator');
      expect((await call('GET', `/api/wallet/${coordinator.user.id}`, coordinator.cookie)).statusCode).toBe(404);
      expect((await call('GET', '/api/wallet/not-a-uuid', w.admin)).statusCode).toBe(400);
    });

    it('tells the web the fee policy', async () => {
      expect((await call('GET', '/api/payments/policy', w.cast.homeowner)).json()).toEqual({ platformFeePercent: 10, autoReleaseHours: 48 });
      expect((await call('GET', '/api/payments/policy')).statusCode).toBe(401);
    });
  });
});
