import { describe, expect, it } from 'vitest';
import type { Dispute } from '../../../contract/payments';
import { databaseKinds } from '../../test/databases';
import { jobAt } from '../../test/job-flow';
import { usePaymentsApi } from './payments.test-helpers';

describe.each(databaseKinds())('payments API on %s', (kind) => {
  const w = usePaymentsApi(kind);
  const { call, release, dispute, resolve, movementsOf, wallet } = w;

  describe('disputes', () => {
    it('opens a dispute on completed work, which keeps the pay held and blocks release', async () => {
      const job = await jobAt(w.t, w.cast, 'completed');
      const opened = await dispute(job.id, '  Half the leaves are still there.  ');
      expect(opened.statusCode, opened.body).toBe(201);
      expect(opened.json()).toMatchObject({ jobId: job.id, status: 'open', reason: 'Half the leaves are still there.', outcome: null, teenAmount: null, jobStatus: 'disputed' });
      expect((await call('GET', `/api/jobs/${job.id}`, w.cast.homeowner)).json()).toMatchObject({ status: 'disputed', payment: 'held' });
      expect((await release(job.id)).statusCode).toBe(409);
      expect((await dispute(job.id)).statusCode).toBe(409);
    });

    it.each([
      ['a blank reason', '   ', 'reason', 'Tell the coordinator what went wrong'],
      ['no reason', null, 'reason', 'Tell the coordinator what went wrong'],
      ['a reason that is not text', 42, 'reason', 'Tell the coordinator what went wrong'],
      ['a long reason', 'x'.repeat(1001), 'reason', 'Reason must be at most 1000 characters'],
    ])('refuses %s with 400', async (_label, reason, field, message) => {
      const job = await jobAt(w.t, w.cast, 'completed');
      const response = await dispute(job.id, reason);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject({ [field]: message });
    });

    it('refuses disputes on unfinished work, by other homeowners, teens and coordinators', async () => {
      const job = await jobAt(w.t, w.cast, 'accepted');
      expect((await dispute(job.id)).json().code).toBe('INVALID_TRANSITION');
      const done = await jobAt(w.t, w.cast, 'completed');
      expect((await dispute(done.id, 'x', w.otherHomeowner)).statusCode).toBe(404);
      expect((await dispute(done.id, 'x', w.cast.teen)).statusCode).toBe(403);
      expect((await dispute(done.id, 'x', w.cast.coordinator)).statusCode).toBe(403);
    });

    it('lists open disputes for the area coordinator and the people of the job, not for others', async () => {
      const job = await jobAt(w.t, w.cast, 'completed');
      const opened: Dispute = (await dispute(job.id)).json();
      const idsFor = async (cookie: string) => ((await call('GET', '/api/disputes?status=open', cookie)).json().disputes as Dispute[]).map((d) => d.id);
      expect(await idsFor(w.cast.coordinator)).toContain(opened.id);
      expect(await idsFor(w.admin)).toContain(opened.id);
      expect(await idsFor(w.cast.homeowner)).toContain(opened.id);
      expect(await idsFor(w.cast.teen)).toContain(opened.id);
      expect(await idsFor(w.otherCoordinator)).not.toContain(opened.id);
      expect(await idsFor(w.otherHomeowner)).not.toContain(opened.id);
      expect((await call('GET', '/api/disputes?status=closed', w.cast.coordinator)).statusCode).toBe(400);
      expect((await call('GET', '/api/disputes')).statusCode).toBe(401);
    });

    it('resolves in part: the released part pays the teen and the fee, the rest is refunded', async () => {
      const teenBefore = Number((await wallet(w.ids.teen, w.cast.teen)).total);
      const job = await jobAt(w.t, w.cast, 'verified', { payAmount: '40.00' });
      const opened: Dispute = (await dispute(job.id)).json();
      const resolved = await resolve(opened.id, { outcome: 'partial', teenAmount: '25.00' });
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect(resolved.json()).toMatchObject({ id: opened.id, status: 'resolved', outcome: 'partial', teenAmount: '25.00', jobStatus: 'paid' });
      expect((await movementsOf(job.id)).slice(2)).toEqual([
        ['split', 'funding', 1500],
        ['split', 'escrow', -4000],
        ['split', 'teen_wallet', 2250],
        ['split', 'platform_fees', 250],
      ]);
      expect(Number((await wallet(w.ids.teen, w.cast.teen)).total) - teenBefore).toBeCloseTo(22.5, 2);
      const again = await resolve(opened.id, { outcome: 'refund' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'CONFLICT', message: 'This dispute has already been resolved.' });
    });

    it.each([
      ['pay', 'paid', [['release', 'escrow', -4000], ['release', 'platform_fees', 400], ['release', 'teen_wallet', 3600]]],
      ['refund', 'refunded', [['refund', 'escrow', -4000], ['refund', 'funding', 4000]]],
    ] as const)('resolves with %s', async (outcome, status, settlement) => {
      const job = await jobAt(w.t, w.cast, 'completed');
      const opened: Dispute = (await dispute(job.id)).json();
      const resolved = await resolve(opened.id, { outcome }, w.admin);
      expect(resolved.json()).toMatchObject({ status: 'resolved', outcome, jobStatus: status });
      const moved = (await movementsOf(job.id)).slice(2);
      expect([...moved].sort()).toEqual([...settlement].sort());
      expect((await call('GET', `/api/jobs/${job.id}`, w.cast.homeowner)).json().status).toBe(status);
    });

    it.each([
      ['no outcome', {}, 'outcome', 'Choose pay, partial or refund'],
      ['an unknown outcome', { outcome: 'keep' }, 'outcome', 'Choose pay, partial or refund'],
      ['partial without an amount', { outcome: 'partial' }, 'teenAmount', 'Enter the amount to pay the teen'],
      ['an amount with a refund', { outcome: 'refund', teenAmount: '10.00' }, 'teenAmount', 'An amount goes only with a partial payment'],
      ['an amount without two decimals', { outcome: 'partial', teenAmount: '10' }, 'teenAmount', 'Amount must be dollars with two decimals, like 20.00'],
      ['a number amount', { outcome: 'partial', teenAmount: 10 }, 'teenAmount', 'Invalid input: expected string, received number'],
      ['a zero amount', { outcome: 'partial', teenAmount: '0.00' }, 'teenAmount', 'A partial payment must be more than $0.00 and less than the pay of $40.00'],
      ['the whole pay', { outcome: 'partial', teenAmount: '40.00' }, 'teenAmount', 'A partial payment must be more than $0.00 and less than the pay of $40.00'],
      ['more than the pay', { outcome: 'partial', teenAmount: '99.00' }, 'teenAmount', 'A partial payment must be more than $0.00 and less than the pay of $40.00'],
    ])('refuses to resolve with %s (400), moving nothing', async (_label, body, field, message) => {
      const job = await jobAt(w.t, w.cast, 'completed');
      const opened: Dispute = (await dispute(job.id)).json();
      const response = await resolve(opened.id, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toMatchObject({ [field]: message });
      expect(await movementsOf(job.id)).toHaveLength(2);
    });

    it('lets only the area coordinator or an admin resolve', async () => {
      const job = await jobAt(w.t, w.cast, 'completed');
      const opened: Dispute = (await dispute(job.id)).json();
      expect((await resolve(opened.id, { outcome: 'pay' }, w.otherCoordinator)).statusCode).toBe(404);
      expect((await resolve(opened.id, { outcome: 'pay' }, w.cast.homeowner)).statusCode).toBe(403);
      expect((await resolve(opened.id, { outcome: 'pay' }, w.cast.teen)).statusCode).toBe(403);
      expect((await call('POST', `/api/disputes/${opened.id}/resolve`, undefined, { outcome: 'pay' })).statusCode).toBe(401);
      expect((await resolve('00000000-0000-4000-8000-000000000000', { outcome: 'pay' })).statusCode).toBe(404);
      expect((await resolve('nope', { outcome: 'pay' })).statusCode).toBe(400);
      expect(await movementsOf(job.id)).toHaveLength(2);
    });
  });
});
