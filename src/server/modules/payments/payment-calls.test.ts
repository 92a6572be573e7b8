import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispute } from '../../../contract/payments';
import { seedDemoJobs } from '../../db/demo-jobs';
import { jobs, paymentCalls } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { jobAt } from '../../test/job-flow';
import { makeDuePaymentCalls, MAX_PAYMENT_ATTEMPTS, paymentRetryDelayMs, startPaymentCalls } from './payment-calls';
import { builtinPaymentProvider, PaymentRefusedError } from './payment-provider';
import { fakeCardNetwork, usePaymentsApi } from './payments.test-helpers';

describe.each(databaseKinds())('payment provider calls on %s', (kind) => {
  const w = usePaymentsApi(kind);
  const { call, dispute, resolve } = w;
  // Each test starts with no call left due, and the built-in provider.
  afterEach(async () => {
    w.t.ctx.payments = builtinPaymentProvider;
    vi.restoreAllMocks();
    await makeDuePaymentCalls(w.t.ctx);
  });

  const callsOf = (...jobIds: string[]) =>
    w.t.database.db.select().from(paymentCalls).where(inArray(paymentCalls.jobId, jobIds)).orderBy(paymentCalls.createdAt, paymentCalls.kind);
  const statusesOf = async (...jobIds: string[]) => (await callsOf(...jobIds)).map((c) => `${c.kind} ${c.status}`);
  /** Waits for the worker, woken by the commit alone (no sweep, no direct call). */
  const settled = (jobIds: string[], expected: string[]) => vi.waitFor(async () => expect(await statusesOf(...jobIds)).toEqual(expected), { timeout: 10_000, interval: 25 });

  it('records each call in the movement’s transaction and makes it after commit, with no transaction open', async () => {
    const network = fakeCardNetwork(w.t.database);
    w.t.ctx.payments = network.provider;
    const posted = await jobAt(w.t, w.cast, 'posted', { payAmount: '40.00' });
    const done = await jobAt(w.t, w.cast, 'completed', { payAmount: '30.00' });
    // Nobody has called the provider yet: the holds wait, committed, for a worker.
    expect(await statusesOf(posted.id, done.id)).toEqual(['hold pending', 'hold pending']);
    expect(network.calls).toEqual([]);

    const stop = await startPaymentCalls(w.t.ctx, w.t.database);
    try {
      await settled([posted.id, done.id], ['hold succeeded', 'hold succeeded']);
      // One change at a time, each call made before the next transaction opens.
      expect((await call('POST', `/api/jobs/${posted.id}/cancel`, w.cast.homeowner, {})).statusCode).toBe(200);
      await settled([posted.id], ['hold succeeded', 'refund succeeded']);
      const opened: Dispute = (await dispute(done.id)).json();
      expect((await resolve(opened.id, { outcome: 'partial', teenAmount: '10.00' })).statusCode).toBe(200);
      await settled([done.id], ['hold succeeded', 'refund succeeded']);
    } finally {
      await stop();
    }

    const [postedHold, postedRefund] = await callsOf(posted.id);
    expect(network.calls).toEqual([
      { kind: 'hold', jobId: posted.id, amountCents: 4000, idempotencyKey: `${posted.id}:hold`, holdReference: null, transactionOpen: false },
      { kind: 'hold', jobId: done.id, amountCents: 3000, idempotencyKey: `${done.id}:hold`, holdReference: null, transactionOpen: false },
      { kind: 'refund', jobId: posted.id, amountCents: 4000, idempotencyKey: `${posted.id}:refund`, holdReference: postedHold!.providerReference, transactionOpen: false },
      { kind: 'refund', jobId: done.id, amountCents: 2000, idempotencyKey: `${done.id}:refund`, holdReference: network.charged.get(`${done.id}:hold`), transactionOpen: false },
    ]);
    expect(postedRefund).toMatchObject({ attempts: 1, providerReference: network.charged.get(`${posted.id}:refund`), lastError: null, completedAt: expect.any(Date) });
  });

  it('makes a refund only after its hold, with the hold’s reference', async () => {
    const network = fakeCardNetwork(w.t.database);
    w.t.ctx.payments = network.provider;
    const job = await jobAt(w.t, w.cast, 'posted');
    await call('POST', `/api/jobs/${job.id}/cancel`, w.cast.homeowner, {});
    expect(await makeDuePaymentCalls(w.t.ctx)).toBe(2);
    expect(network.calls.map((c) => [c.kind, c.holdReference])).toEqual([
      ['hold', null],
      ['refund', network.charged.get(`${job.id}:hold`)],
    ]);
  });

  it('retries a failing provider with growing delays, then marks the call failed and logs an error', async () => {
    const network = fakeCardNetwork(w.t.database, { beforeCharge: () => Promise.reject(new Error('card network unreachable')) });
    w.t.ctx.payments = network.provider;
    const logged = vi.spyOn(w.t.ctx.log, 'error');
    const job = await jobAt(w.t, w.cast, 'posted');
    for (let attempt = 1; attempt <= MAX_PAYMENT_ATTEMPTS; attempt++) {
      expect(await makeDuePaymentCalls(w.t.ctx)).toBe(1);
      // Not again before the delay has passed.
      expect(await makeDuePaymentCalls(w.t.ctx)).toBe(0);
      const [row] = await callsOf(job.id);
      expect(row).toMatchObject({ attempts: attempt, status: attempt < MAX_PAYMENT_ATTEMPTS ? 'pending' : 'failed', lastError: 'card network unreachable' });
      w.t.clock.advance(paymentRetryDelayMs(attempt));
    }
    expect(await makeDuePaymentCalls(w.t.ctx)).toBe(0);
    expect(new Set(network.calls.map((c) => c.idempotencyKey))).toEqual(new Set([`${job.id}:hold`]));
    expect(network.charged.size).toBe(0);
    expect((await callsOf(job.id))[0]!.completedAt).toEqual(expect.any(Date));
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]![0]).toMatchObject({ jobId: job.id, kind: 'hold', attempts: MAX_PAYMENT_ATTEMPTS, error: 'card network unreachable' });
  });

  it('fails at once when the provider refuses, and fails the refund of a hold that failed without calling', async () => {
    const network = fakeCardNetwork(w.t.database, { beforeCharge: () => Promise.reject(new PaymentRefusedError('card declined')) });
    w.t.ctx.payments = network.provider;
    const job = await jobAt(w.t, w.cast, 'posted');
    await call('POST', `/api/jobs/${job.id}/cancel`, w.cast.homeowner, {});
    expect(await makeDuePaymentCalls(w.t.ctx)).toBe(2);
    expect(await callsOf(job.id)).toMatchObject([
      { kind: 'hold', status: 'failed', attempts: 1, lastError: 'card declined' },
      { kind: 'refund', status: 'failed', attempts: 1, lastError: 'its hold failed, so the card has nothing to get back' },
    ]);
    expect(network.calls.map((c) => c.kind)).toEqual(['hold']);
    // The books moved with the job all the same: held, then refunded.
    expect(await w.movementsOf(job.id)).toHaveLength(4);
  });

  it('holds the demo jobs’ pay through the provider once the seed commits, one call of each job’s pay', async () => {
    const network = fakeCardNetwork(w.t.database);
    w.t.ctx.payments = network.provider;
    const { config } = w.t.ctx;
    const countJobs = async () => (await w.t.database.db.select({ id: jobs.id }).from(jobs)).length;
    const before = await countJobs();
    await w.t.database.db.transaction((tx) => seedDemoJobs(tx, { homeownerId: w.ids.homeowner, teenId: w.ids.teen }, config.serviceZips, w.t.clock.now(), config.platformFeePercent));
    const seeded = (await countJobs()) - before;
    expect(await makeDuePaymentCalls(w.t.ctx)).toBe(seeded);
    const held = await w.t.database.db
      .select({ pay: jobs.payCents, amount: paymentCalls.amountCents, status: paymentCalls.status })
      .from(paymentCalls)
      .innerJoin(jobs, eq(jobs.id, paymentCalls.jobId))
      .where(inArray(paymentCalls.jobId, network.calls.map((c) => c.jobId)));
    expect(held).toHaveLength(seeded);
    expect(held).toEqual(held.map((call) => ({ pay: call.pay, amount: call.pay, status: 'succeeded' })));
  });
});

describe('the built-in provider', () => {
  it('answers the same idempotency key with the same reference, and another key with another', async () => {
    const hold = (idempotencyKey: string) => builtinPaymentProvider.hold({ jobId: 'j', homeownerId: 'h', amountCents: 100, idempotencyKey });
    expect(await hold('a:hold')).toEqual(await hold('a:hold'));
    expect((await hold('a:hold')).reference).not.toBe((await hold('b:hold')).reference);
    expect((await hold('a:hold')).reference).toMatch(/^builtin:hold:/);
    const refund = await builtinPaymentProvider.refund({ jobId: 'j', holdReference: null, amountCents: 100, idempotencyKey: 'a:refund' });
    expect(refund.reference).toMatch(/^builtin:refund:/);
  });
});
