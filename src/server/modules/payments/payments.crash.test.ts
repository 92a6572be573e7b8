import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { jobs, ledgerTransactions } from '../../db/schema';
import { testDatabaseUrl } from '../../test/databases';
import { jobAt, type Cast } from '../../test/job-flow';
import { expectLedgerConsistent } from '../../test/ledger-invariants';
import { startServer } from '../../test/server-process';
import { createTestApp, signInAs, signUp, TEST_PASSWORD, type TestApp } from '../../test/test-app';

const JOBS = 30;

/** The crash test needs a database that outlives the server process: PostgreSQL. */
describe.runIf(testDatabaseUrl)('a server process killed while releasing payments', () => {
  let t: TestApp;
  let url: string;
  let verified: Job[];
  let homeownerEmail: string;

  beforeAll(async () => {
    t = await createTestApp('postgres', { TIMEZONE: 'UTC' });
    // Noon today: the server processes run on the real clock, and their sweeper must not find
    // these payments due for automatic release.
    const noon = new Date();
    noon.setUTCHours(12, 0, 0, 0);
    t.clock.set(noon);
    url = (t.database.pool!.options as { connectionString: string }).connectionString;
    const homeowner = await signUp(t, 'homeowner');
    homeownerEmail = homeowner.payload.email;
    const cast: Cast = {
      homeowner: homeowner.cookie,
      teen: (await signInAs(t, 'teen', { consent: 'approved' })).cookie,
      coordinator: (await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] })).cookie,
    };
    verified = [];
    for (let i = 0; i < JOBS; i++) verified.push(await jobAt(t, cast, 'verified'));
  });
  afterAll(() => t.close());

  const signIn = async (server: { url: string }) => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: homeownerEmail, password: TEST_PASSWORD }),
    });
    return response.headers.getSetCookie()[0]!.split(';')[0]!;
  };
  const releaseAll = (server: { url: string }, cookie: string) =>
    verified.map((job) =>
      fetch(`${server.url}/api/jobs/${job.id}/release-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `crash-${job.id}` },
        body: '{}',
      }).then(
        (r) => r.status,
        () => 'lost' as const,
      ),
    );

  // Two server processes start one after the other (over 30 s in all on a loaded machine).
  it('leaves a balanced ledger and consistent jobs, and the retried calls finish each release exactly once', { timeout: 120_000 }, async () => {
    const first = await startServer({ DATABASE_URL: url, TIMEZONE: 'UTC' });
    const cookie = await signIn(first);
    const inFlight = releaseAll(first, cookie);
    // Kill the process the moment the first release is answered: the rest are mid-flight.
    await Promise.race(inFlight);
    await first.kill();
    const outcomes = await Promise.all(inFlight);
    expect(outcomes.filter((o) => o === 200).length).toBeGreaterThan(0);

    // After the crash: every job is either still verified with its pay held, or paid exactly once.
    await expectLedgerConsistent(t.database.db);
    const ids = verified.map((j) => j.id);
    const afterCrash = await t.database.db.select({ status: jobs.status }).from(jobs).where(inArray(jobs.id, ids));
    expect(afterCrash.every((j) => j.status === 'verified' || j.status === 'paid')).toBe(true);

    const second = await startServer({ DATABASE_URL: url, TIMEZONE: 'UTC' });
    try {
      const retried = await Promise.all(releaseAll(second, await signIn(second)));
      expect(retried).toEqual(Array<number>(JOBS).fill(200));
    } finally {
      await second.stop();
    }
    await expectLedgerConsistent(t.database.db);
    for (const id of ids) {
      const movements = await t.database.db.select({ movement: ledgerTransactions.movement }).from(ledgerTransactions).where(eq(ledgerTransactions.jobId, id));
      expect(movements.map((m) => m.movement).sort()).toEqual(['hold', 'release']);
    }
  });
});
