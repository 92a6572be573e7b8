import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { databaseKinds } from '../../test/databases';
import { validJob } from '../../test/fixtures';
import { openEventStream } from '../../test/sse-client';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';
import { notify } from '../notifications/notifications.service';

const NOON_BOSTON = new Date('2026-06-15T16:00:00Z');
const HEARTBEAT_MS = 200;

/** The app listening on a real port; clients read the stream over HTTP. */
describe.each(databaseKinds())('GET /api/events on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let homeowner: Awaited<ReturnType<typeof signUp>>;
  let teen: Awaited<ReturnType<typeof signInAs>>;
  let otherTeen: Awaited<ReturnType<typeof signInAs>>;
  let coordinator: Awaited<ReturnType<typeof signInAs>>;
  let farCoordinator: Awaited<ReturnType<typeof signInAs>>;
  let otherHomeowner: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { heartbeatMs: HEARTBEAT_MS });
    t.clock.set(NOON_BOSTON);
    homeowner = await signUp(t, 'homeowner');
    otherHomeowner = await signUp(t, 'homeowner');
    teen = await signInAs(t, 'teen', { consent: 'approved' });
    otherTeen = await signInAs(t, 'teen', { consent: 'approved' });
    coordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    farCoordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02142'] });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const act = async (jobId: string, path: string, cookie: string) => {
    t.clock.advance(1000);
    const response = await t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/${path}`, headers: { cookie }, payload: {} });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('opens with the security headers, a retry hint and a ready event', async () => {
    const stream = await openEventStream(url, teen.cookie);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-store');
      expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
      await stream.next('ready');
    } finally {
      await stream.close();
    }
  });

  it("signals a new notification to its owner's streams after commit, and nothing for a rollback", async () => {
    const mine = await openEventStream(url, teen.cookie);
    const someoneElse = await openEventStream(url, otherTeen.cookie);
    try {
      await mine.next('ready');
      await someoneElse.next('ready');
      await t.database.db
        .transaction(async (tx) => {
          await notify(tx, t.ctx, { userId: teen.user.id, kind: 'consent_approved', title: 'Never', body: 'rolled back' });
          throw new Error('abort');
        })
        .catch(() => {});
      const made = await t.database.db.transaction((tx) => notify(tx, t.ctx, { userId: teen.user.id, kind: 'consent_approved', title: 'Approved', body: 'ok' }));
      const event = await mine.next('notification');
      expect(event.data).toEqual({ id: made!.id });
      expect(mine.received.filter((e) => e.event === 'notification')).toHaveLength(1);
      // Marking read tells the owner's other tabs to refresh their bell.
      await t.app.inject({ method: 'POST', url: `/api/notifications/${made!.id}/read`, headers: { cookie: teen.cookie } });
      await mine.until(() => mine.received.filter((e) => e.event === 'notification').length === 2, 'the read signal');
      expect(someoneElse.received.filter((e) => e.event === 'notification')).toEqual([]);
    } finally {
      await mine.close();
      await someoneElse.close();
    }
  });

  it("sends a job's id and status, and nothing else, to other teens and the area's coordinators while it is open", async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie: homeowner.cookie }, payload: validJob() });
    const job = created.json<Job>();
    const watcher = await openEventStream(url, otherTeen.cookie);
    const near = await openEventStream(url, coordinator.cookie);
    const far = await openEventStream(url, farCoordinator.cookie);
    const stranger = await openEventStream(url, otherHomeowner.cookie);
    const owner = await openEventStream(url, homeowner.cookie);
    try {
      await Promise.all([watcher, near, far, stranger, owner].map((s) => s.next('ready')));
      await act(job.id, 'accept', teen.cookie);
      // The post's own signal may still be on its way when the streams open (PostgreSQL delivers
      // NOTIFY after commit, in commit order): wait for the lock's.
      const taken = await watcher.next('job', { jobId: job.id, status: 'locked' });
      expect(taken.data).toEqual({ jobId: job.id, status: 'locked' });
      await near.next('job', { jobId: job.id, status: 'locked' });
      await owner.next('job', { jobId: job.id, status: 'locked' });

      await act(job.id, 'accept', teen.cookie);
      await owner.next('job', { jobId: job.id, status: 'accepted' });
      await owner.next('notification');
      await near.next('job', { jobId: job.id, status: 'accepted' });
      // Once a job is no longer open, other teens hear nothing more of it.
      await act(job.id, 'start', teen.cookie);
      await owner.next('job', { jobId: job.id, status: 'in_progress' });
      await near.next('job', { jobId: job.id, status: 'in_progress' });
      const heard = watcher.received.filter((e) => e.event === 'job').map((e) => (e.data as { status: string }).status);
      expect(heard.filter((status) => status !== 'posted')).toEqual(['locked', 'accepted']);
      expect(far.received.filter((e) => e.event === 'job')).toEqual([]);
      expect(stranger.received.filter((e) => e.event === 'job')).toEqual([]);
    } finally {
      await Promise.all([watcher, near, far, stranger, owner].map((s) => s.close()));
    }
  });

  it('sends heartbeats, and ends the stream at the next beat once the session is signed out', async () => {
    const person = await signInAs(t, 'teen');
    const stream = await openEventStream(url, person.cookie);
    try {
      await stream.next('ready');
      await stream.until(() => stream.comments >= 2, 'two heartbeats');
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: person.cookie } });
      await stream.until(() => stream.ended, 'the stream to end');
    } finally {
      await stream.close();
    }
  });

  it('frees the listener of a client that drops', async () => {
    const before = t.ctx.events.subscriberCount;
    const stream = await openEventStream(url, teen.cookie);
    await stream.next('ready');
    expect(t.ctx.events.subscriberCount).toBe(before + 1);
    await stream.close();
    await stream.until(() => t.ctx.events.subscriberCount === before, 'the subscriber to go');
  });
});

describe('GET /api/events at shutdown', () => {
  it('ends every open stream so the server can close', async () => {
    const t = await createTestApp('pglite');
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const teen = await signInAs(t, 'teen');
    const stream = await openEventStream(url, teen.cookie);
    await stream.next('ready');
    await t.close();
    await stream.until(() => stream.ended, 'the stream to end');
    expect(t.ctx.events.subscriberCount).toBe(0);
  });
});
