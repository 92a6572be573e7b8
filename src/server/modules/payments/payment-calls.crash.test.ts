import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type { AppContext } from '../../context';
import { openDatabase, type Database } from '../../db/client';
import { paymentCalls } from '../../db/schema';
import { firstRow } from '../../errors';
import { sweep } from '../../sweeper';
import { databaseKinds } from '../../test/databases';
import { jobAt } from '../../test/job-flow';
import { CLAIM_LEASE_MS, makeDuePaymentCalls } from './payment-calls';
import { builtinPaymentProvider, type PaymentProvider } from './payment-provider';
import { fakeCardNetwork, usePaymentsApi } from './payments.test-helpers';

/** PGlite runs one connection at a time and hides races (STACK-NOTES): the worker race matters on PostgreSQL. */
describe.each(databaseKinds())('payment calls across crashes and concurrent workers on %s', (kind) => {
  const w = usePaymentsApi(kind);
  afterEach(async () => {
    w.t.ctx.payments = builtinPaymentProvider;
    await makeDuePaymentCalls(w.t.ctx);
  });

  /** The same database seen from another connection pool (on PGlite there is only the one). */
  const openAgain = async (): Promise<Database> =>
    kind === 'postgres' ? openDatabase({ kind: 'postgres', url: (w.t.database.pool!.options as { connectionString: string }).connectionString }) : w.t.database;

  /** A server process started after the first one died: a new app on the same database, with its own sweeper. */
  const restart = async (payments: PaymentProvider) => {
    const database = await openAgain();
    const { app, ctx } = await buildApp({ config: w.t.ctx.config, database, clock: w.t.clock, logger: false, webRoot: null });
    ctx.payments = payments;
    return {
      ctx,
      async close() {
        await app.close();
        if (database !== w.t.database) await database.close();
      },
    };
  };
  const callsOf = (...jobIds: string[]) => w.t.database.db.select().from(paymentCalls).where(inArray(paymentCalls.jobId, jobIds));

  it('makes a call whose process died right after the commit exactly once, from the sweeper after a restart', async () => {
    const network = fakeCardNetwork(w.t.database);
    w.t.ctx.payments = network.provider;
    // This process never makes its calls: it is gone the moment the posting commits.
    const job = await jobAt(w.t, w.cast, 'posted');
    expect(await callsOf(job.id)).toMatchObject([{ kind: 'hold', status: 'pending', attempts: 0 }]);

    const restarted = await restart(network.provider);
    try {
      await sweep(restarted.ctx);
      await sweep(restarted.ctx);
    } finally {
      await restarted.close();
    }
    expect(network.calls.map((c) => c.idempotencyKey)).toEqual([`${job.id}:hold`]);
    expect(await callsOf(job.id)).toMatchObject([{ status: 'succeeded', attempts: 1, providerReference: network.charged.get(`${job.id}:hold`) }]);
  });

  it('makes a call whose process died mid-call again after the lease, with the same key: the card is charged once', async () => {
    let answers = 0;
    // The first answer never comes back: the process died after the network took the money.
    const network = fakeCardNetwork(w.t.database, { afterCharge: () => (answers++ === 0 ? new Promise<void>(() => {}) : Promise.resolve()) });
    w.t.ctx.payments = network.provider;
    const job = await jobAt(w.t, w.cast, 'posted');
    void makeDuePaymentCalls(w.t.ctx);
    await vi.waitFor(() => expect(network.charged.size).toBe(1));

    const restarted = await restart(network.provider);
    try {
      await sweep(restarted.ctx);
      // Not before the lease runs out: the dead process might still have been alive and answering.
      expect(network.calls).toHaveLength(1);
      w.t.clock.advance(CLAIM_LEASE_MS);
      await sweep(restarted.ctx);
    } finally {
      await restarted.close();
    }
    expect(network.calls.map((c) => c.idempotencyKey)).toEqual([`${job.id}:hold`, `${job.id}:hold`]);
    expect(network.charged.size).toBe(1);
    const [row] = await callsOf(job.id);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, providerReference: network.charged.get(`${job.id}:hold`) });
  });

  it('lets four workers drain the same pending calls: each call is made once', async () => {
    const jobs = [];
    for (let i = 0; i < 12; i++) jobs.push(await jobAt(w.t, w.cast, 'posted'));
    // Slow enough that the workers' calls overlap.
    const network = fakeCardNetwork(w.t.database, { beforeCharge: () => new Promise((resolve) => setTimeout(resolve, 15)) });
    const databases = await Promise.all(Array.from({ length: 4 }, openAgain));
    try {
      const workers: AppContext[] = databases.map((database) => ({ ...w.t.ctx, db: database.db, payments: network.provider }));
      const made = await Promise.all(workers.map((ctx) => makeDuePaymentCalls(ctx)));
      expect(made.reduce((a, b) => a + b, 0)).toBe(jobs.length);
    } finally {
      for (const database of new Set(databases)) if (database !== w.t.database) await database.close();
    }
    expect(network.calls).toHaveLength(jobs.length);
    expect(new Set(network.calls.map((c) => c.idempotencyKey)).size).toBe(jobs.length);
    const rows = await callsOf(...jobs.map((j) => j.id));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array(jobs.length).fill(['succeeded', 1]));
    expect(firstRow(rows, 'a call').providerReference).toMatch(/^fake:hold:/);
  });
});
