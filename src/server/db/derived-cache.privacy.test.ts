import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../contract/jobs';
import { databaseKinds } from '../test/databases';
import { validJob } from '../test/fixtures';
import { createTestApp, signInAs, signUp, type TestApp } from '../test/test-app';
import { NOON_BOSTON } from '../test/job-flow';

/** The explorer's calls: the first page as the web app asks for it, and open jobs with locked ones. */
const EXPLORER_URLS = ['/api/jobs?status=posted&limit=20', '/api/jobs?status=posted,locked&limit=100', '/api/jobs?status=posted&quick=high_pay&limit=20'];

// Decision 009/012: the explorer's page and the session lookup are cached per process and shared by
// every teen. Whatever was asked before, each viewer must get exactly what an empty cache gives
// them: their own actions and refusals, their own distance, their own lock, their own account.
describe.each(databaseKinds())("a cached answer never carries one viewer's fields to another, on %s", (kind) => {
  let t: TestApp;
  type Viewer = { name: string; cookie: string };
  let viewers: Viewer[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(NOON_BOSTON);
    const homeowner = await signUp(t, 'homeowner');
    const jobs: Job[] = [];
    for (const [i, payAmount] of [25, 60, 90].entries()) {
      const response = await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie: homeowner.cookie }, payload: validJob({ title: `Shared page ${i}`, payAmount }) });
      expect(response.statusCode, response.body).toBe(201);
      jobs.push(response.json());
      t.clock.advance(1000);
    }
    const near = await signInAs(t, 'teen', { consent: 'approved' });
    const far = await signInAs(t, 'teen', { consent: 'approved' });
    await t.database.db.execute(sql`update users set zip_code = '02145' where id = ${far.user.id}`);
    const withoutConsent = await signInAs(t, 'teen');
    const holder = await signInAs(t, 'teen', { consent: 'approved' });
    const lock = await t.app.inject({ method: 'POST', url: `/api/jobs/${jobs[1]!.id}/accept`, headers: { cookie: holder.cookie }, payload: {} });
    expect(lock.statusCode, lock.body).toBe(200);
    const coordinator = await signInAs(t, 'coordinator');
    const admin = await signInAs(t, 'admin');
    viewers = [
      { name: 'teen near', ...near },
      { name: 'teen far', ...far },
      { name: 'teen without consent', ...withoutConsent },
      { name: 'teen holding a lock', ...holder },
      { name: 'homeowner', ...homeowner },
      { name: 'coordinator', ...coordinator },
      { name: 'admin', ...admin },
    ];
  });
  afterAll(() => t.close());

  const answer = async (url: string, viewer: Viewer) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
    return { status: response.statusCode, body: response.body };
  };
  const emptyCaches = () => {
    t.ctx.caches.openJobs.clear();
    t.ctx.caches.sessions.clear();
  };

  it('gives each viewer, after every other viewer, what an empty cache gives them', async () => {
    for (const url of [...EXPLORER_URLS, '/api/auth/me']) {
      const fresh = new Map<string, { status: number; body: string }>();
      for (const viewer of viewers) {
        emptyCaches();
        fresh.set(viewer.name, await answer(url, viewer));
      }
      // The teens differ in what they see (the lock shows only where locked jobs are listed), or the
      // comparison below would prove nothing.
      const teenAnswers = new Set(viewers.filter((v) => v.name.startsWith('teen')).map((v) => fresh.get(v.name)?.body));
      expect(teenAnswers.size, url).toBe(url.includes('locked') || url.endsWith('/me') ? 4 : 3);
      // Every order in which one viewer warms the cache for another.
      for (const first of viewers) {
        for (const second of viewers) {
          emptyCaches();
          await answer(url, first);
          expect(await answer(url, second), `${url}: ${second.name} after ${first.name}`).toEqual(fresh.get(second.name));
        }
      }
    }
  });
});
