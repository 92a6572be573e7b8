import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import type { Notification, NotificationList } from '../../../contract/notifications';
import { notifications, outboxEmails } from '../../db/schema';
import { sweep } from '../../sweeper';
import { databaseKinds } from '../../test/databases';
import { validJob } from '../../test/fixtures';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';
import { notify, pruneReadNotifications } from './notifications.service';
import { NOON_BOSTON } from '../../test/job-flow';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(databaseKinds())('notifications on %s', (kind) => {
  let t: TestApp;
  let homeowner: Awaited<ReturnType<typeof signUp>>;
  let teen: Awaited<ReturnType<typeof signInAs>>;
  let otherTeen: Awaited<ReturnType<typeof signInAs>>;
  let coordinator: Awaited<ReturnType<typeof signInAs>>;
  let farCoordinator: Awaited<ReturnType<typeof signInAs>>;
  let admin: Awaited<ReturnType<typeof signInAs>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(NOON_BOSTON);
    homeowner = await signUp(t, 'homeowner');
    teen = await signInAs(t, 'teen', { consent: 'approved' });
    otherTeen = await signInAs(t, 'teen', { consent: 'approved' });
    coordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    farCoordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02142'] });
    admin = await signInAs(t, 'admin');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const listOf = async (who: { user: { id: string }; cookie: string }, query = ''): Promise<NotificationList> => {
    const response = await call('GET', `/api/notifications/${who.user.id}${query}`, who.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const act = async (job: Job, path: string, cookie: string): Promise<Job> => {
    // Each step a second later, so "newest first" has an order to show.
    t.clock.advance(1000);
    const response = await call('POST', `/api/jobs/${job.id}/${path}`, cookie, {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const postJob = async (overrides: Record<string, unknown> = {}): Promise<Job> => {
    const response = await call('POST', '/api/jobs', homeowner.cookie, validJob(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const aboutJob = (list: NotificationList, jobId: string) => list.notifications.filter((n) => n.jobId === jobId).map((n) => n.kind);
  const emailsTo = (address: string) => t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, address));

  describe('a job from post to verification', () => {
    let job: Job;
    beforeAll(async () => {
      job = await postJob({ title: 'Mow the back lawn' });
      await act(job, 'accept', teen.cookie);
      await act(job, 'accept', teen.cookie);
      await act(job, 'start', teen.cookie);
      await act(job, 'complete', teen.cookie);
      await act(job, 'verify', coordinator.cookie);
    });

    it('tells the homeowner of acceptance, start, completion and verification, newest first', async () => {
      const list = await listOf(homeowner);
      expect(aboutJob(list, job.id)).toEqual(['job_verified', 'job_completed', 'job_started', 'job_accepted']);
      const accepted = list.notifications.find((n) => n.kind === 'job_accepted')!;
      expect(accepted).toMatchObject({ userId: homeowner.user.id, title: 'Job accepted', isRead: false, jobId: job.id });
      expect(accepted.body).toContain('Mow the back lawn');
      // A homeowner never learns the teen's name from a notification.
      expect(JSON.stringify(list)).not.toContain(teen.user.fullName);
    });

    it('tells the teen their job was verified, and not about their own acts', async () => {
      expect(aboutJob(await listOf(teen), job.id)).toEqual(['job_verified']);
    });

    it("tells the area's coordinator the work waits for verification, but not about their own verify or other areas' jobs", async () => {
      expect(aboutJob(await listOf(coordinator), job.id)).toEqual(['job_completed']);
      expect(aboutJob(await listOf(farCoordinator), job.id)).toEqual([]);
      expect(aboutJob(await listOf(otherTeen), job.id)).toEqual([]);
    });

    it('emails the homeowner when the job is accepted and when it is completed, with a link to the job', async () => {
      const mails = await emailsTo(homeowner.payload.email);
      const subjects = mails.map((m) => m.subject).sort();
      expect(subjects).toEqual(['Job accepted', 'Job completed']);
      expect(mails[0]!.textBody).toContain(`/job/${job.id}`);
      expect(await emailsTo(teen.email)).toEqual([]);
    });
  });

  it('tells the teen and not the homeowner when the homeowner cancels an accepted job', async () => {
    const job = await postJob();
    await act(job, 'accept', otherTeen.cookie);
    await act(job, 'accept', otherTeen.cookie);
    await act(job, 'cancel', homeowner.cookie);
    expect(aboutJob(await listOf(otherTeen), job.id)).toEqual(['job_cancelled']);
    expect(aboutJob(await listOf(homeowner), job.id)).toEqual(['job_accepted']);
  });

  it('does not tell a teen whose lock had run out that the job was cancelled', async () => {
    const job = await postJob();
    await act(job, 'accept', otherTeen.cookie);
    t.clock.advance(16 * 60 * 1000);
    await act(job, 'cancel', homeowner.cookie);
    expect(aboutJob(await listOf(otherTeen), job.id)).toEqual([]);
    t.clock.set(NOON_BOSTON);
  });

  it('tells the homeowner when a teen backs out', async () => {
    const job = await postJob();
    await act(job, 'accept', otherTeen.cookie);
    await act(job, 'accept', otherTeen.cookie);
    await act(job, 'withdraw', otherTeen.cookie);
    expect(aboutJob(await listOf(homeowner), job.id)).toEqual(['job_withdrawn', 'job_accepted']);
  });

  it('warns a teen once, a few minutes before their lock runs out, and again for a new lock', async () => {
    const job = await postJob({ title: 'Sweep the porch' });
    await act(job, 'accept', teen.cookie);
    await sweep(t.ctx);
    expect(aboutJob(await listOf(teen), job.id)).toEqual([]);

    t.clock.advance(13 * 60 * 1000);
    await sweep(t.ctx);
    t.clock.advance(15_000);
    await sweep(t.ctx);
    const warned = (await listOf(teen)).notifications.filter((n) => n.jobId === job.id);
    expect(warned.map((n) => n.kind)).toEqual(['lock_expiring']);
    expect(warned[0]!.body).toBe('Your lock on “Sweep the porch” runs out in 2 minutes. Accept the job now or it goes back to other teens.');

    // The lock runs out; a new lock on the same job is warned about again.
    t.clock.advance(3 * 60 * 1000);
    await sweep(t.ctx);
    // A teen whose lock ran out waits 15 minutes to lock the job again (issue 20).
    t.clock.advance(15 * 60 * 1000);
    await act(job, 'accept', teen.cookie);
    t.clock.advance(13 * 60 * 1000);
    await sweep(t.ctx);
    expect(aboutJob(await listOf(teen), job.id)).toEqual(['lock_expiring', 'lock_expiring']);
    await act(job, 'release-lock', teen.cookie);
    t.clock.set(NOON_BOSTON);
  });

  it('forgets notifications read before the retention cut-off, never unread ones', async () => {
    const person = await signInAs(t, 'teen', { consent: 'approved' });
    const raise = (title: string) => notify(t.database.db, t.ctx, { userId: person.user.id, kind: 'consent_approved', title, body: 'b', email: false });
    const read = (await raise('Read long ago'))!;
    const unread = (await raise('Never read'))!;
    expect((await call('POST', `/api/notifications/${read.id}/read`, person.cookie)).statusCode).toBe(200);
    const readAt = t.clock.now();
    const cutOffBefore = new Date(readAt.getTime() - 1);

    expect(await pruneReadNotifications(t.database.db, cutOffBefore)).toBe(0);
    await pruneReadNotifications(t.database.db, readAt);
    expect((await listOf(person)).notifications.map((n) => n.id)).toEqual([unread.id]);
  });

  it('rolls the notification back with the transaction that raised it', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, t.ctx, { userId: teen.user.id, kind: 'consent_approved', title: 'Rolled back', body: 'never', email: true });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.title, 'Rolled back'));
    expect(rows).toEqual([]);
    expect((await emailsTo(teen.email)).filter((m) => m.subject === 'Rolled back')).toEqual([]);
  });

  describe('reading and marking', () => {
    let reader: Awaited<ReturnType<typeof signInAs>>;
    let made: Notification[];
    beforeAll(async () => {
      reader = await signInAs(t, 'teen', { consent: 'approved' });
      made = [];
      for (const title of ['First', 'Second', 'Third']) {
        t.clock.advance(1000);
        made.push((await t.database.db.transaction((tx) => notify(tx, t.ctx, { userId: reader.user.id, kind: 'consent_approved', title, body: `${title} body` })))!);
      }
    });

    it('lists newest first with the unread count, and pages by cursor', async () => {
      const first = await listOf(reader, '?limit=2');
      expect(first.notifications.map((n) => n.title)).toEqual(['Third', 'Second']);
      expect(first.unreadCount).toBe(3);
      expect(first.nextCursor).toBeTruthy();
      const second = await listOf(reader, `?limit=2&cursor=${first.nextCursor}`);
      expect(second.notifications.map((n) => n.title)).toEqual(['First']);
      expect(second.nextCursor).toBeNull();
    });

    it('marks one read (twice is harmless), then all', async () => {
      const one = await call('POST', `/api/notifications/${made[0]!.id}/read`, reader.cookie);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ id: made[0]!.id, isRead: true });
      expect((await call('POST', `/api/notifications/${made[0]!.id}/read`, reader.cookie)).json()).toMatchObject({ isRead: true });
      expect((await listOf(reader)).unreadCount).toBe(2);

      const all = await call('POST', `/api/notifications/${reader.user.id}/read-all`, reader.cookie);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json()).toEqual({ updated: 2 });
      const after = await listOf(reader);
      expect(after.unreadCount).toBe(0);
      expect(after.notifications.every((n) => n.isRead)).toBe(true);
    });

    it("refuses someone else's list with 403, but lets an admin read it", async () => {
      const refused = await call('GET', `/api/notifications/${reader.user.id}`, teen.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You can only see your own notifications.' });
      expect((await listOf({ user: reader.user, cookie: admin.cookie })).notifications).toHaveLength(3);
    });

    it("refuses to mark someone else's notifications read, even for an admin", async () => {
      const one = await call('POST', `/api/notifications/${made[1]!.id}/read`, teen.cookie);
      expect(one.statusCode).toBe(404);
      expect(one.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Notification not found' });
      expect((await call('POST', `/api/notifications/${reader.user.id}/read-all`, admin.cookie)).statusCode).toBe(403);
      expect((await call('POST', `/api/notifications/${reader.user.id}/read-all`, teen.cookie)).json()).toMatchObject({ code: 'FORBIDDEN' });
    });

    it.each([
      ['GET', `/api/notifications/${UNKNOWN_ID}`],
      ['POST', `/api/notifications/${UNKNOWN_ID}/read`],
      ['POST', `/api/notifications/${UNKNOWN_ID}/read-all`],
      ['GET', '/api/events'],
    ] as const)('refuses %s %s without a session (401)', async (method, url) => {
      const response = await call(method, url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it.each([
      ['GET', '/api/notifications/not-a-uuid', 'Unknown user'],
      ['POST', '/api/notifications/42/read', 'Notification not found'],
      ['POST', '/api/notifications/nope/read-all', 'Unknown user'],
    ] as const)('answers a bad id in %s %s with 400', async (method, url, message) => {
      const response = await call(method, url, reader.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    });

    it.each([
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=ten', 'limit'],
      ['?cursor=bogus', 'cursor'],
    ])('answers the bad query %s with 400 naming %s', async (query, field) => {
      const response = await call('GET', `/api/notifications/${reader.user.id}${query}`, reader.cookie);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().fields ?? {})[0] ?? response.json().message).toContain(field);
    });

    it('answers an unknown notification id with 404', async () => {
      expect((await call('POST', `/api/notifications/${UNKNOWN_ID}/read`, reader.cookie)).statusCode).toBe(404);
    });
  });
});
