import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispute } from '../../../contract/payments';
import { jobs, ledgerTransactions } from '../../db/schema';
import { firstRow } from '../../errors';
import { databaseKinds } from '../../test/databases';
import { caller, jobAt, NOON_BOSTON, type Cast } from '../../test/job-flow';
import { expectLedgerConsistent } from '../../test/ledger-invariants';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';
import { releaseDuePayments } from './auto-release';

/** PGlite runs one connection at a time and hides races (STACK-NOTES): the rounds that matter run on PostgreSQL. */
describe.each(databaseKinds())('money under concurrency on %s', (kind) => {
  const ROUNDS = kind === 'postgres' ? 10 : 3;
  let t: TestApp;
  let cast: Cast;
  let admin: string;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(NOON_BOSTON);
    call = caller(t);
    cast = {
      homeowner: (await signUp(t, 'homeowner')).cookie,
      teen: (await signInAs(t, 'teen', { consent: 'approved' })).cookie,
      coordinator: (await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] })).cookie,
    };
    admin = (await signInAs(t, 'admin')).cookie;
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.database.db);
    await t.close();
  });

  const settlementsOf = async (jobId: string) =>
    (await t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.jobId, jobId))).filter((m) => m.movement !== 'hold');
  const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

  it(`gives one of 20 simultaneous releases the money, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const job = await jobAt(t, cast, 'verified');
      const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', `/api/jobs/${job.id}/release-payment`, cast.homeowner, {})));
      expect(statuses(answers)).toEqual([200, ...Array<number>(19).fill(409)]);
      expect(await settlementsOf(job.id)).toHaveLength(1);
    }
  });

  it(`lets a release and a dispute race: exactly one wins, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const job = await jobAt(t, cast, 'verified');
      const [released, disputed] = await Promise.all([
        call('POST', `/api/jobs/${job.id}/release-payment`, cast.homeowner, {}),
        call('POST', `/api/jobs/${job.id}/dispute`, cast.homeowner, { reason: 'Changed my mind' }),
      ]);
      // Exactly one of them: the release (200) or the dispute (201); the other is told the job changed.
      expect([released.statusCode, disputed.statusCode]).toSatisfy(([r, d]: number[]) => (r === 200 && d === 409) || (r === 409 && d === 201));
      const row = firstRow(await t.database.db.select().from(jobs).where(eq(jobs.id, job.id)), `job ${job.id}`);
      expect(row.status).toBe(released.statusCode === 200 ? 'paid' : 'disputed');
      expect(await settlementsOf(job.id)).toHaveLength(released.statusCode === 200 ? 1 : 0);
    }
  });

  it(`refunds once when 10 cancels race, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const job = await jobAt(t, cast, 'posted');
      const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/api/jobs/${job.id}/cancel`, cast.homeowner, {})));
      expect(statuses(answers)).toEqual([200, ...Array<number>(9).fill(409)]);
      expect((await settlementsOf(job.id)).map((m) => m.movement)).toEqual(['refund']);
    }
  });

  it(`settles a dispute once when a payment and a refund race, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const job = await jobAt(t, cast, 'completed');
      const dispute: Dispute = (await call('POST', `/api/jobs/${job.id}/dispute`, cast.homeowner, { reason: 'Unfinished' })).json();
      const answers = await Promise.all([
        call('POST', `/api/disputes/${dispute.id}/resolve`, cast.coordinator, { outcome: 'pay' }),
        call('POST', `/api/disputes/${dispute.id}/resolve`, admin, { outcome: 'refund' }),
        call('POST', `/api/disputes/${dispute.id}/resolve`, cast.coordinator, { outcome: 'partial', teenAmount: '10.00' }),
      ]);
      expect(statuses(answers)).toEqual([200, 409, 409]);
      expect(await settlementsOf(job.id)).toHaveLength(1);
    }
  });

  it('gives 10 simultaneous retries with one Idempotency-Key one movement and one answer', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const job = await jobAt(t, cast, 'verified');
      const headers = { 'idempotency-key': `retry-${job.id}` };
      const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/api/jobs/${job.id}/release-payment`, cast.homeowner, {}, headers)));
      expect(statuses(answers)).toEqual(Array<number>(10).fill(200));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await settlementsOf(job.id)).toHaveLength(1);
    }
  });

  it('lets the automatic release race the homeowner: one settlement', async () => {
    const due = [];
    for (let round = 0; round < ROUNDS; round++) due.push(await jobAt(t, cast, 'verified'));
    t.clock.advance(48 * 3600_000);
    try {
      const [swept, ...answers] = await Promise.all([releaseDuePayments(t.ctx), ...due.map((job) => call('POST', `/api/jobs/${job.id}/release-payment`, cast.homeowner, {}))]);
      expect(swept + answers.filter((a) => a.statusCode === 200).length).toBe(ROUNDS);
      for (const job of due) expect(await settlementsOf(job.id)).toHaveLength(1);
    } finally {
      t.clock.set(NOON_BOSTON);
    }
  });
});
