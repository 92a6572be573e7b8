import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobListSchema, type Job } from '../../../contract/jobs';
import { createAccount } from '../../db/seed';
import { hashPassword } from '../auth/passwords';
import { testDatabaseUrl } from '../../test/databases';
import { eventually } from '../../test/eventually';
import { validJob } from '../../test/fixtures';
import { startServer } from '../../test/server-process';
import { openEventStream } from '../../test/sse-client';
import { ADULT_TEEN_BIRTHDAY, createTestApp, newPerson, signInAs, type TestApp } from '../../test/test-app';
import { notify } from '../notifications/notifications.service';

/**
 * A change committed in one process reaches the other's caches as a signal a moment after the
 * commit is answered (decision 009); without it they would keep a value 10 s. Seen well within
 * that, the signal did it.
 */
const seenSoon = (what: string, condition: () => Promise<boolean>) => eventually(what, condition, 2_000);

/** Signs in on one process; returns the session cookie. */
async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

const postJson = (url: string, cookie: string, body: unknown = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

describe.runIf(testDatabaseUrl)('live events across two server processes on one PostgreSQL', () => {
  let t: TestApp;
  let databaseUrl: string;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    databaseUrl = (t.database.pool!.options as { connectionString: string }).connectionString;
  });
  afterAll(() => t.close());

  // Starting server processes is slow on a loaded machine: this one test also covers the caches of
  // decision 009 across the same two processes, instead of starting two more.
  it("delivers an event raised in one process to a stream held by the other, its caches see the other's changes, and it shuts down with streams open", async () => {
    const homeowner = newPerson('homeowner');
    const teen = newPerson('teen');
    const watcher = newPerson('teen');
    const homeownerId = (await createAccount(t.database.db, { ...homeowner, passwordHash: await hashPassword(homeowner.password), role: 'homeowner', zipCode: '02139' }, t.clock.now())).id;
    await createAccount(t.database.db, { ...teen, passwordHash: await hashPassword(teen.password), role: 'teen', zipCode: '02139', parentalConsentStatus: 'approved', dateOfBirth: ADULT_TEEN_BIRTHDAY }, t.clock.now());
    await createAccount(t.database.db, { ...watcher, passwordHash: await hashPassword(watcher.password), role: 'teen', zipCode: '02139', parentalConsentStatus: 'approved', dateOfBirth: ADULT_TEEN_BIRTHDAY }, t.clock.now());
    const [a, b] = await Promise.all([startServer({ DATABASE_URL: databaseUrl }), startServer({ DATABASE_URL: databaseUrl })]);
    let bRunning = true;
    try {
      const homeownerOnA = await signIn(a.url, homeowner.email, homeowner.password);
      const teenOnA = await signIn(a.url, teen.email, teen.password);
      const homeownerOnB = await signIn(b.url, homeowner.email, homeowner.password);
      const watcherOnB = await signIn(b.url, watcher.email, watcher.password);
      const homeownerStream = await openEventStream(b.url, homeownerOnB);
      const watcherStream = await openEventStream(b.url, watcherOnB);
      await homeownerStream.next('ready');
      await watcherStream.next('ready');

      // B's explorer page and the watcher's session are read, and kept, on B.
      const listOnB = async () => {
        const response = await fetch(`${b.url}/api/jobs?status=posted&limit=100`, { headers: { cookie: watcherOnB } });
        expect(response.status).toBe(200);
        return JobListSchema.parse(await response.json()).jobs.map((j) => j.id);
      };
      expect(await listOnB()).toEqual(await listOnB());

      const job = (await (await postJson(`${a.url}/api/jobs`, homeownerOnA, validJob())).json()) as Job;
      await watcherStream.next('job', { jobId: job.id, status: 'posted' });
      await seenSoon('the job posted on A in B\'s list', async () => (await listOnB()).includes(job.id));
      expect((await postJson(`${a.url}/api/jobs/${job.id}/accept`, teenOnA)).status).toBe(200);
      await watcherStream.next('job', { jobId: job.id, status: 'locked' });
      await seenSoon('the job locked on A to leave B\'s list', async () => !(await listOnB()).includes(job.id));
      // Whoever acts on a page read just before the change still meets the conditional UPDATE.
      expect((await postJson(`${b.url}/api/jobs/${job.id}/accept`, watcherOnB)).status).toBe(409);

      // A session kept on B ends when it is signed out on A.
      const secondSession = await signIn(a.url, watcher.email, watcher.password);
      const meOnB = () => fetch(`${b.url}/api/auth/me`, { headers: { cookie: secondSession } });
      expect((await meOnB()).status).toBe(200);
      expect((await meOnB()).status).toBe(200);
      expect((await postJson(`${a.url}/api/auth/logout`, secondSession)).status).toBe(204);
      await seenSoon('the cookie signed out on A to be refused on B', async () => (await meOnB()).status === 401);

      expect((await postJson(`${a.url}/api/jobs/${job.id}/accept`, teenOnA)).status).toBe(200);
      const signal = await homeownerStream.next('notification');

      // The signal names a notification the homeowner reads through the API of either process.
      const list = await (await fetch(`${b.url}/api/notifications/${homeownerId}`, { headers: { cookie: homeownerOnB } })).json();
      expect(list.notifications[0]).toMatchObject({ id: (signal.data as { id: string }).id, kind: 'job_accepted', jobId: job.id, isRead: false });

      // SIGTERM ends the open streams instead of waiting for them.
      bRunning = false;
      expect(await b.stop()).toBe(0);
      await homeownerStream.until(() => homeownerStream.ended && watcherStream.ended, 'the streams to end');
    } finally {
      await Promise.all([a.stop(), bRunning ? b.stop() : null]);
    }
  }, 60_000);

  it('listens again after the database drops its LISTEN connection, and tells streams to refetch', async () => {
    const person = await signInAs(t, 'teen');
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(url, person.cookie);
    try {
      await stream.next('ready');
      await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`);
      await stream.until(() => stream.received.filter((e) => e.event === 'ready').length === 2, 'a second ready', 10_000);
      const made = await t.database.db.transaction((tx) => notify(tx, t.ctx, { userId: person.user.id, kind: 'consent_approved', title: 'After the drop', body: 'still here' }));
      await stream.next('notification', { id: made!.id });
    } finally {
      await stream.close();
    }
  }, 30_000);
});
