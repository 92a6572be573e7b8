import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Dispute, Wallet } from '../../../contract/payments';
import { jobEvents, ledgerEntries, ledgerTransactions, notifications } from '../../db/schema';
import { sweep } from '../../sweeper';
import { databaseKinds } from '../../test/databases';
import { caller, jobAt, type Cast } from '../../test/job-flow';
import { expectLedgerConsistent } from '../../test/ledger-invariants';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';

const NOON_BOSTON = new Date('2026-06-15T16:00:00Z');
const HOUR = 3600_000;

describe.each(databaseKinds())('payments API on %s', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let ids: { homeowner: string; teen: string };
  let otherHomeowner: string;
  let otherCoordinator: string;
  let admin: string;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(NOON_BOSTON);
    call = caller(t);
    const homeowner = await signUp(t, 'homeowner');
    const teen = await signInAs(t, 'teen', { consent: 'approved' });
    const coordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    cast = { homeowner: homeowner.cookie, teen: teen.cookie, coordinator: coordinator.cookie };
    ids = { homeowner: homeowner.user.id, teen: teen.user.id };
    otherHomeowner = (await signUp(t, 'homeowner')).cookie;
    otherCoordinator = (await signInAs(t, 'coordinator', { coordinatorZips: ['02141'] })).cookie;
    admin = (await signInAs(t, 'admin')).cookie;
  });
  beforeEach(() => t.clock.set(NOON_BOSTON));
  afterAll(async () => {
    await expectLedgerConsistent(t.database.db);
    await t.close();
  });

  const movementsOf = async (jobId: string) => {
    const rows = await t.database.db
      .select({ movement: ledgerTransactions.movement, account: ledgerEntries.account, userId: ledgerEntries.userId, amount: ledgerEntries.amountCents })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .where(eq(ledgerTransactions.jobId, jobId))
      .orderBy(ledgerTransactions.createdAt, sql`${ledgerTransactions.movement} = 'hold' desc`, ledgerEntries.account);
    return rows.map((r) => [r.movement, r.account, r.amount] as const);
  };
  const wallet = async (userId: string, cookie: string): Promise<Wallet> => {
    const response = await call('GET', `/api/wallet/${userId}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const release = (jobId: string, cookie = cast.homeowner, key?: string) =>
    call('POST', `/api/jobs/${jobId}/release-payment`, cookie, {}, key ? { 'idempotency-key': key } : {});
  const dispute = (jobId: string, reason: unknown = 'The back half was not raked.', cookie = cast.homeowner) =>
    call('POST', `/api/jobs/${jobId}/dispute`, cookie, reason === null ? {} : { reason });
  /** The database's own message: drizzle wraps it as the cause of 'Failed query'. */
  const failure = async (work: Promise<unknown>): Promise<string> =>
    work.then(
      () => 'no error',
      (err: Error & { cause?: Error }) => `${err.message} ${err.cause?.message ?? ''}`,
    );
  const resolve = (disputeId: string, body: unknown, cookie = cast.coordinator) => call('POST', `/api/disputes/${disputeId}/resolve`, cookie, body);

  describe('holding and releasing', () => {
    it('holds the pay in escrow when a job is posted', async () => {
      const job = await jobAt(t, cast, 'posted', { payAmount: '40.00' });
      expect(job.payment).toBe('held');
      expect(await movementsOf(job.id)).toEqual([
        ['hold', 'funding', -4000],
        ['hold', 'escrow', 4000],
      ]);
      const [hold] = await t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.jobId, job.id));
      expect(hold!.providerReference).toMatch(/^builtin:hold:/);
    });

    it('keeps Release Payment closed until the coordinator verifies, then pays the teen minus the 10% fee', async () => {
      const before = await wallet(ids.teen, cast.teen);
      const job = await jobAt(t, cast, 'completed', { payAmount: '45.00' });
      expect(job.actions).not.toContain('pay');
      const early = await release(job.id);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ code: 'INVALID_TRANSITION', message: 'Payment can be released once a coordinator has verified the work.' });

      await call('POST', `/api/jobs/${job.id}/verify`, cast.coordinator, {});
      const seen = (await call('GET', `/api/jobs/${job.id}`, cast.homeowner)).json();
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
      const events = await t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, job.id));
      expect(events.at(-1)).toMatchObject({ transition: 'pay', fromStatus: 'verified', toStatus: 'paid', actorId: ids.homeowner });

      const after = await wallet(ids.teen, cast.teen);
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
      const job = await jobAt(t, cast, 'verified');
      expect((await release(job.id, otherHomeowner)).statusCode).toBe(404);
      expect((await release(job.id, cast.teen)).statusCode).toBe(403);
      expect((await release(job.id, cast.coordinator)).statusCode).toBe(403);
      expect((await call('POST', `/api/jobs/${job.id}/release-payment`, undefined, {})).statusCode).toBe(401);
      const badId = await release('not-a-uuid');
      expect(badId.statusCode).toBe(400);
      expect(badId.json().code).toBe('VALIDATION_FAILED');
      expect((await release('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect(await movementsOf(job.id)).toHaveLength(2);
    });

    it('releases automatically 48 hours after verification, and not a moment before', async () => {
      const job = await jobAt(t, cast, 'verified');
      t.clock.advance(48 * HOUR - 1000);
      await sweep(t.ctx);
      expect((await call('GET', `/api/jobs/${job.id}`, cast.homeowner)).json().status).toBe('verified');
      t.clock.advance(1000);
      await sweep(t.ctx);
      expect((await call('GET', `/api/jobs/${job.id}`, cast.homeowner)).json()).toMatchObject({ status: 'paid', payment: 'released' });
      const [event] = await t.database.db.select().from(jobEvents).where(sql`${jobEvents.jobId} = ${job.id} and ${jobEvents.transition} = 'pay'`);
      expect(event).toMatchObject({ actorRole: 'system', actorId: null });
    });

    it('never auto-releases a disputed job', async () => {
      const job = await jobAt(t, cast, 'verified');
      expect((await dispute(job.id)).statusCode).toBe(201);
      t.clock.advance(72 * HOUR);
      await sweep(t.ctx);
      expect((await call('GET', `/api/jobs/${job.id}`, cast.homeowner)).json().status).toBe('disputed');
    });
  });

  describe('cancelling', () => {
    it.each(['posted', 'accepted'] as const)('refunds the whole hold when a %s job is cancelled', async (stage) => {
      const job = await jobAt(t, cast, stage);
      const cancelled = await call('POST', `/api/jobs/${job.id}/cancel`, cast.homeowner, {});
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', payment: 'refunded' });
      expect(await movementsOf(job.id)).toEqual([
        ['hold', 'funding', -4000],
        ['hold', 'escrow', 4000],
        ['refund', 'funding', 4000],
        ['refund', 'escrow', -4000],
      ]);
      expect((await call('POST', `/api/jobs/${job.id}/cancel`, cast.homeowner, {})).statusCode).toBe(409);
      expect(await movementsOf(job.id)).toHaveLength(4);
    });

    it('moves no money when a teen withdraws: the pay stays held for the next teen', async () => {
      const job = await jobAt(t, cast, 'accepted');
      expect((await call('POST', `/api/jobs/${job.id}/withdraw`, cast.teen, {})).json()).toMatchObject({ status: 'posted', payment: 'held' });
      expect(await movementsOf(job.id)).toHaveLength(2);
    });
  });

  describe('disputes', () => {
    it('opens a dispute on completed work, which keeps the pay held and blocks release', async () => {
      const job = await jobAt(t, cast, 'completed');
      const opened = await dispute(job.id, '  Half the leaves are still there.  ');
      expect(opened.statusCode, opened.body).toBe(201);
      expect(opened.json()).toMatchObject({ jobId: job.id, status: 'open', reason: 'Half the leaves are still there.', outcome: null, teenAmount: null, jobStatus: 'disputed' });
      expect((await call('GET', `/api/jobs/${job.id}`, cast.homeowner)).json()).toMatchObject({ status: 'disputed', payment: 'held' });
      expect((await release(job.id)).statusCode).toBe(409);
      expect((await dispute(job.id)).statusCode).toBe(409);
    });

    it.each([
      ['a blank reason', '   ', 'reason', 'Tell the coordinator what went wrong'],
      ['no reason', null, 'reason', 'Tell the coordinator what went wrong'],
      ['a reason that is not text', 42, 'reason', 'Tell the coordinator what went wrong'],
      ['a long reason', 'x'.repeat(1001), 'reason', 'Reason must be at most 1000 characters'],
    ])('refuses %s with 400', async (_label, reason, field, message) => {
      const job = await jobAt(t, cast, 'completed');
      const response = await dispute(job.id, reason);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject({ [field]: message });
    });

    it('refuses disputes on unfinished work, by other homeowners, teens and coordinators', async () => {
      const job = await jobAt(t, cast, 'accepted');
      expect((await dispute(job.id)).json().code).toBe('INVALID_TRANSITION');
      const done = await jobAt(t, cast, 'completed');
      expect((await dispute(done.id, 'x', otherHomeowner)).statusCode).toBe(404);
      expect((await dispute(done.id, 'x', cast.teen)).statusCode).toBe(403);
      expect((await dispute(done.id, 'x', cast.coordinator)).statusCode).toBe(403);
    });

    it('lists open disputes for the area coordinator and the people of the job, not for others', async () => {
      const job = await jobAt(t, cast, 'completed');
      const opened: Dispute = (await dispute(job.id)).json();
      const idsFor = async (cookie: string) => ((await call('GET', '/api/disputes?status=open', cookie)).json().disputes as Dispute[]).map((d) => d.id);
      expect(await idsFor(cast.coordinator)).toContain(opened.id);
      expect(await idsFor(admin)).toContain(opened.id);
      expect(await idsFor(cast.homeowner)).toContain(opened.id);
      expect(await idsFor(cast.teen)).toContain(opened.id);
      expect(await idsFor(otherCoordinator)).not.toContain(opened.id);
      expect(await idsFor(otherHomeowner)).not.toContain(opened.id);
      expect((await call('GET', '/api/disputes?status=closed', cast.coordinator)).statusCode).toBe(400);
      expect((await call('GET', '/api/disputes')).statusCode).toBe(401);
    });

    it('resolves in part: the released part pays the teen and the fee, the rest is refunded', async () => {
      const teenBefore = Number((await wallet(ids.teen, cast.teen)).total);
      const job = await jobAt(t, cast, 'verified', { payAmount: '40.00' });
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
      expect(Number((await wallet(ids.teen, cast.teen)).total) - teenBefore).toBeCloseTo(22.5, 2);
      const again = await resolve(opened.id, { outcome: 'refund' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'CONFLICT', message: 'This dispute has already been resolved.' });
    });

    it.each([
      ['pay', 'paid', [['release', 'escrow', -4000], ['release', 'platform_fees', 400], ['release', 'teen_wallet', 3600]]],
      ['refund', 'refunded', [['refund', 'escrow', -4000], ['refund', 'funding', 4000]]],
    ] as const)('resolves with %s', async (outcome, status, settlement) => {
      const job = await jobAt(t, cast, 'completed');
      const opened: Dispute = (await dispute(job.id)).json();
      const resolved = await resolve(opened.id, { outcome }, admin);
      expect(resolved.json()).toMatchObject({ status: 'resolved', outcome, jobStatus: status });
      const moved = (await movementsOf(job.id)).slice(2);
      expect([...moved].sort()).toEqual([...settlement].sort());
      expect((await call('GET', `/api/jobs/${job.id}`, cast.homeowner)).json().status).toBe(status);
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
      const job = await jobAt(t, cast, 'completed');
      const opened: Dispute = (await dispute(job.id)).json();
      const response = await resolve(opened.id, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toMatchObject({ [field]: message });
      expect(await movementsOf(job.id)).toHaveLength(2);
    });

    it('lets only the area coordinator or an admin resolve', async () => {
      const job = await jobAt(t, cast, 'completed');
      const opened: Dispute = (await dispute(job.id)).json();
      expect((await resolve(opened.id, { outcome: 'pay' }, otherCoordinator)).statusCode).toBe(404);
      expect((await resolve(opened.id, { outcome: 'pay' }, cast.homeowner)).statusCode).toBe(403);
      expect((await resolve(opened.id, { outcome: 'pay' }, cast.teen)).statusCode).toBe(403);
      expect((await call('POST', `/api/disputes/${opened.id}/resolve`, undefined, { outcome: 'pay' })).statusCode).toBe(401);
      expect((await resolve('00000000-0000-4000-8000-000000000000', { outcome: 'pay' })).statusCode).toBe(404);
      expect((await resolve('nope', { outcome: 'pay' })).statusCode).toBe(400);
      expect(await movementsOf(job.id)).toHaveLength(2);
    });
  });

  describe('notifications', () => {
    const noticesOf = async (jobId: string) =>
      (await t.database.db.select().from(notifications).where(eq(notifications.jobId, jobId))).map((n): [string, string] => [n.userId, n.kind]).sort();

    it('tells the teen and the homeowner about a release, each side once, and not the one who acted', async () => {
      const job = await jobAt(t, cast, 'verified');
      const before = await noticesOf(job.id);
      await release(job.id);
      const added = (await noticesOf(job.id)).filter((n) => !before.some((b) => b[0] === n[0] && b[1] === n[1]));
      expect(added).toEqual([[ids.teen, 'payment_received']]);
      const auto = await jobAt(t, cast, 'verified');
      t.clock.advance(48 * HOUR);
      await sweep(t.ctx);
      expect((await noticesOf(auto.id)).filter(([, kind]) => kind.startsWith('payment_'))).toEqual(
        [[ids.homeowner, 'payment_released'], [ids.teen, 'payment_received']].sort(),
      );
    });

    it('tells the teen and the area coordinator about a dispute, and both sides about its resolution', async () => {
      const job = await jobAt(t, cast, 'completed');
      const opened: Dispute = (await dispute(job.id)).json();
      const coordinatorId = (await call('GET', '/api/auth/me', cast.coordinator)).json().id;
      expect((await noticesOf(job.id)).filter(([, kind]) => kind.startsWith('dispute'))).toEqual([[ids.teen, 'dispute_opened'], [coordinatorId, 'dispute_opened']].sort());
      await resolve(opened.id, { outcome: 'refund' });
      const resolved = (await noticesOf(job.id)).filter(([, kind]) => kind === 'dispute_resolved' || kind === 'payment_refunded');
      expect(resolved).toEqual([[ids.teen, 'dispute_resolved'], [ids.homeowner, 'payment_refunded']].sort());
    });
  });

  describe('Idempotency-Key', () => {
    it('gives a retried release the first answer and moves the money once', async () => {
      const job = await jobAt(t, cast, 'verified');
      const first = await release(job.id, cast.homeowner, `release-${job.id}`);
      const retry = await release(job.id, cast.homeowner, `release-${job.id}`);
      expect(first.statusCode).toBe(200);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(await movementsOf(job.id)).toHaveLength(5);
    });

    it('replays a refusal too, and refuses a key reused for another request', async () => {
      const job = await jobAt(t, cast, 'completed');
      const key = `early-${job.id}`;
      expect((await release(job.id, cast.homeowner, key)).statusCode).toBe(409);
      await call('POST', `/api/jobs/${job.id}/verify`, cast.coordinator, {});
      const retry = await release(job.id, cast.homeowner, key);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().code).toBe('INVALID_TRANSITION');
      const other = await jobAt(t, cast, 'verified');
      const reused = await release(other.id, cast.homeowner, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was already used for a different request.' });
      expect((await release(job.id, cast.homeowner, 'fresh-key')).statusCode).toBe(200);
    });

    it('keeps keys per user and refuses malformed keys', async () => {
      const job = await jobAt(t, cast, 'verified');
      expect((await release(job.id, otherHomeowner, `k-${job.id}`)).statusCode).toBe(404);
      expect((await release(job.id, cast.homeowner, `k-${job.id}`)).statusCode).toBe(200);
      const bad = await release(job.id, cast.homeowner, 'x'.repeat(201));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({ 'idempotency-key': 'Idempotency-Key must be 1 to 200 visible ASCII characters' });
    });

    it('is accepted by cancel, dispute and resolve', async () => {
      const posted = await jobAt(t, cast, 'posted');
      const headers = { 'idempotency-key': `cancel-${posted.id}` };
      const a = await call('POST', `/api/jobs/${posted.id}/cancel`, cast.homeowner, {}, headers);
      const b = await call('POST', `/api/jobs/${posted.id}/cancel`, cast.homeowner, {}, headers);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(await movementsOf(posted.id)).toHaveLength(4);

      const done = await jobAt(t, cast, 'completed');
      const openKey = { 'idempotency-key': `dispute-${done.id}` };
      const opened = await call('POST', `/api/jobs/${done.id}/dispute`, cast.homeowner, { reason: 'Not done' }, openKey);
      const reopened = await call('POST', `/api/jobs/${done.id}/dispute`, cast.homeowner, { reason: 'Not done' }, openKey);
      expect([opened.statusCode, reopened.statusCode]).toEqual([201, 201]);
      expect(reopened.json()).toEqual(opened.json());
      const resolveKey = { 'idempotency-key': `resolve-${done.id}` };
      const r1 = await call('POST', `/api/disputes/${opened.json().id}/resolve`, cast.coordinator, { outcome: 'refund' }, resolveKey);
      const r2 = await call('POST', `/api/disputes/${opened.json().id}/resolve`, cast.coordinator, { outcome: 'refund' }, resolveKey);
      expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
      expect(await movementsOf(done.id)).toHaveLength(4);
    });
  });

  describe('GET /api/wallet/{userId}', () => {
    it("shows a homeowner's Payments: Total Spent, held, pending with both labels, and the dashboard agrees", async () => {
      const homeowner = await signUp(t, 'homeowner');
      const mine: Cast = { ...cast, homeowner: homeowner.cookie };
      const paid = await jobAt(t, mine, 'verified', { payAmount: '30.00' });
      await release(paid.id, homeowner.cookie);
      const completed = await jobAt(t, mine, 'completed', { payAmount: '20.00' });
      const verified = await jobAt(t, mine, 'verified', { payAmount: '15.00' });
      await jobAt(t, mine, 'posted', { payAmount: '50.00' });
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
      const homeowner = await signUp(t, 'homeowner');
      const mine: Cast = { ...cast, homeowner: homeowner.cookie };
      // Completed at noon on May 31 in Boston, paid in June.
      t.clock.set(new Date('2026-05-31T16:00:00Z'));
      const job = await jobAt(t, mine, 'verified', { payAmount: '25.00' });
      t.clock.set(new Date('2026-06-01T15:00:00Z'));
      await release(job.id, homeowner.cookie);
      expect(await wallet(homeowner.user.id, homeowner.cookie)).toMatchObject({ total: '25.00', thisMonth: '0.00' });
      t.clock.set(new Date('2026-05-31T20:00:00Z'));
      expect(await wallet(homeowner.user.id, homeowner.cookie)).toMatchObject({ thisMonth: '25.00' });
    });

    it('shows an empty wallet to a new teen, and at most 10 recent transactions, newest first', async () => {
      const teen = await signInAs(t, 'teen', { consent: 'approved' });
      expect(await wallet(teen.user.id, teen.cookie)).toMatchObject({ role: 'teen', total: '0.00', thisMonth: '0.00', pending: '0.00', pendingPayments: [], recentTransactions: [] });
      const mine: Cast = { ...cast, teen: teen.cookie };
      const jobs = [];
      for (let i = 0; i < 11; i++) {
        const job = await jobAt(t, mine, 'verified', { payAmount: '15.00' });
        t.clock.advance(60_000);
        await release(job.id);
        jobs.push(job.id);
      }
      const shown = await wallet(teen.user.id, teen.cookie);
      expect(shown.total).toBe('148.50');
      expect(shown.recentTransactions.map((r) => r.jobId)).toEqual(jobs.slice(1).reverse());
      expect(shown.recentTransactions[0]).toMatchObject({ payAmount: '15.00', amount: '13.50', feeAmount: '1.50' });
    });

    it("is only for the person themself or an admin, and only teens and homeowners have one", async () => {
      expect((await call('GET', `/api/wallet/${ids.teen}`, cast.homeowner)).statusCode).toBe(403);
      expect((await call('GET', `/api/wallet/${ids.homeowner}`, cast.coordinator)).statusCode).toBe(403);
      expect((await call('GET', `/api/wallet/${ids.teen}`)).statusCode).toBe(401);
      expect((await call('GET', `/api/wallet/${ids.teen}`, admin)).statusCode).toBe(200);
      const coordinator = await signInAs(t, 'coordinator');
      expect((await call('GET', `/api/wallet/${coordinator.user.id}`, coordinator.cookie)).statusCode).toBe(404);
      expect((await call('GET', '/api/wallet/not-a-uuid', admin)).statusCode).toBe(400);
    });

    it('tells the web the fee policy', async () => {
      expect((await call('GET', '/api/payments/policy', cast.homeowner)).json()).toEqual({ platformFeePercent: 10, autoReleaseHours: 48 });
      expect((await call('GET', '/api/payments/policy')).statusCode).toBe(401);
    });
  });

  describe('the ledger itself', () => {
    it('refuses to update, delete or truncate entries and movements', async () => {
      const job = await jobAt(t, cast, 'posted');
      const db = t.database.db;
      expect(await failure(db.execute(sql`update ledger_entries set amount_cents = 1 where job_id = ${job.id}`))).toMatch(/append-only: UPDATE on ledger_entries/);
      expect(await failure(db.execute(sql`delete from ledger_entries where job_id = ${job.id}`))).toMatch(/append-only: DELETE on ledger_entries/);
      expect(await failure(db.execute(sql`delete from ledger_transactions where job_id = ${job.id}`))).toMatch(/append-only: DELETE on ledger_transactions/);
      expect(await failure(db.execute(sql`truncate ledger_entries cascade`))).toMatch(/append-only: TRUNCATE/);
      expect(await movementsOf(job.id)).toHaveLength(2);
    });

    it('refuses at commit a movement whose entries do not sum to zero', async () => {
      const job = await jobAt(t, cast, 'posted');
      const lopsided = t.database.db.transaction(async (tx) => {
        const [movement] = await tx.insert(ledgerTransactions).values({ jobId: job.id, movement: 'refund', actorRole: 'system' }).returning();
        await tx.insert(ledgerEntries).values({ transactionId: movement!.id, jobId: job.id, account: 'platform_fees', amountCents: 100 });
      });
      expect(await failure(lopsided)).toMatch(/does not balance: 100 cents over 1 entries/);
      const empty = t.database.db.transaction(async (tx) => {
        await tx.insert(ledgerTransactions).values({ jobId: job.id, movement: 'release', actorRole: 'system' });
      });
      expect(await failure(empty)).toMatch(/does not balance: 0 cents over 0 entries/);
      expect(await movementsOf(job.id)).toHaveLength(2);
    });

    it('refuses a second settlement of one job, whatever the code path', async () => {
      const job = await jobAt(t, cast, 'posted');
      await call('POST', `/api/jobs/${job.id}/cancel`, cast.homeowner, {});
      const twice = t.database.db.transaction(async (tx) => {
        const [movement] = await tx.insert(ledgerTransactions).values({ jobId: job.id, movement: 'refund', actorRole: 'system' }).returning();
        await tx.insert(ledgerEntries).values([
          { transactionId: movement!.id, jobId: job.id, account: 'escrow', amountCents: -4000 },
          { transactionId: movement!.id, jobId: job.id, account: 'funding', userId: ids.homeowner, amountCents: 4000 },
        ]);
      });
      expect(await failure(twice)).toMatch(/ledger_one_settlement_per_job_key/);
      expect(await movementsOf(job.id)).toHaveLength(4);
    });
  });
});
