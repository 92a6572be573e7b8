import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { outboxEmails } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { eventually } from '../../test/eventually';
import { validJob } from '../../test/fixtures';
import { openEventStream } from '../../test/sse-client';
import { createTestApp, sessionCookieOf, signInAs, signUp, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { deleteSessionsOfUser } from '../auth/sessions';
import { notify } from '../notifications/notifications.service';
import { MAX_STREAMS_PER_USER, slotsHeld } from './stream-slots';
import { NOON_BOSTON } from '../../test/job-flow';

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

  it('sends heartbeats, and ends the stream at the next beat once the session is gone without a sign-out or a reset (expired, deleted)', async () => {
    const person = await signInAs(t, 'teen');
    const stream = await openEventStream(url, person.cookie);
    try {
      await stream.next('ready');
      await stream.until(() => stream.comments >= 2, 'two heartbeats');
      await deleteSessionsOfUser(t.database.db, person.user.id);
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

/**
 * One GET on a connection of its own, closed after the answer: a socket left idle in fetch's pool
 * would carry a later stream and keep the server from closing at the end of the file.
 */
function getOnce(url: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { cookie, accept: 'text/event-stream', connection: 'close' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** With the real 25 s heartbeat: what happens here happens at once, not at the next beat. */
describe.each(databaseKinds())('GET /api/events bounds on %s', (kind) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const secondSessionOf = async (email: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });
    expect(response.statusCode, response.body).toBe(200);
    return sessionCookieOf(response);
  };

  it(`lets a user hold ${MAX_STREAMS_PER_USER} streams across sessions; the next is 429 until one closes`, async () => {
    const person = await signInAs(t, 'teen');
    const otherSession = await secondSessionOf(person.email);
    const someoneElse = await signInAs(t, 'teen');
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_USER }, (_, i) => openEventStream(url, i % 2 === 0 ? person.cookie : otherSession)),
    );
    const others: Awaited<ReturnType<typeof openEventStream>>[] = [];
    try {
      await Promise.all(streams.map((s) => s.next('ready')));
      for (const cookie of [person.cookie, otherSession]) {
        const refused = await getOnce(`${url}/api/events`, cookie);
        expect(refused.status).toBe(429);
        expect(JSON.parse(refused.body)).toEqual({
          code: 'TOO_MANY_STREAMS',
          message: `You already have ${MAX_STREAMS_PER_USER} live connections open, the most allowed. Close a tab or window of Yardly and reload this one.`,
        });
      }
      // The limit is the user's own: someone else still connects.
      others.push(await openEventStream(url, someoneElse.cookie));
      await others[0]!.next('ready');

      await streams.shift()!.close();
      await eventually('the closed stream to give its slot back', async () => (await slotsHeld(t.database.db, person.user.id)) === MAX_STREAMS_PER_USER - 1);
      const reopened = await openEventStream(url, person.cookie);
      streams.push(reopened);
      expect(reopened.response.status).toBe(200);
      await reopened.next('ready');
    } finally {
      await Promise.all([...streams, ...others].map((s) => s.close()));
    }
  });

  it("ends a signed-out session's streams at once, and keeps the same user's other session's stream", async () => {
    const person = await signInAs(t, 'teen');
    const otherSession = await secondSessionOf(person.email);
    const signedOut = await openEventStream(url, person.cookie);
    const kept = await openEventStream(url, otherSession);
    try {
      await Promise.all([signedOut.next('ready'), kept.next('ready')]);
      const answer = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: person.cookie } });
      expect(answer.statusCode).toBe(204);
      await signedOut.until(() => signedOut.ended, 'the signed-out stream to end', 2_000);
      const heardBefore = signedOut.received.length;

      const made = await t.database.db.transaction((tx) => notify(tx, t.ctx, { userId: person.user.id, kind: 'consent_approved', title: 'After sign-out', body: 'for the other session' }));
      await kept.next('notification', { id: made!.id });
      expect(kept.ended).toBe(false);
      expect(signedOut.received).toHaveLength(heardBefore);
      expect(signedOut.received.some((e) => e.event === 'notification')).toBe(false);
    } finally {
      await Promise.all([signedOut.close(), kept.close()]);
    }
  });
  it("ends every stream of a user whose password was reset, at once, and no one else's", async () => {
    const person = await signInAs(t, 'teen');
    const otherSession = await secondSessionOf(person.email);
    const someoneElse = await signInAs(t, 'teen');
    const streams = [await openEventStream(url, person.cookie), await openEventStream(url, otherSession)];
    const kept = await openEventStream(url, someoneElse.cookie);
    try {
      await Promise.all([...streams, kept].map((s) => s.next('ready')));
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.email } });
      const [mail] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, person.email));
      const token = /\/reset-password\?token=([\w-]+)/.exec(mail?.textBody ?? '')?.[1];
      const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'a-new-password-1' } });
      expect(reset.statusCode, reset.body).toBe(200);
      // The reset ended every session, and their slots with them.
      expect(await slotsHeld(t.database.db, person.user.id)).toBe(0);
      for (const stream of streams) await stream.until(() => stream.ended, 'the reset account\'s stream to end', 2_000);
      expect(kept.ended).toBe(false);
    } finally {
      await Promise.all([...streams, kept].map((s) => s.close()));
    }
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
