import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { jobEvents } from '../../db/schema';
import { sweep } from '../../sweeper';
import { databaseKinds } from '../../test/databases';
import { signUp } from '../../test/test-app';
import { NOON_BOSTON, useJobsApi } from './jobs-api.test-support';

describe.each(databaseKinds())('jobs API on %s', (kind) => {
  const api = useJobsApi(kind);

  describe('lock, finalize and release', () => {
    it('locks for 15 minutes, then accepts through the same call', async () => {
      const job = await api.post();
      const locked = await api.act(job, 'accept', api.teen.cookie, { teenId: api.teen.user.id });
      expect(locked.statusCode).toBe(200);
      expect(locked.json()).toMatchObject({ status: 'locked', teenId: api.teen.user.id, actions: ['finalize', 'release'] });
      expect(new Date(locked.json().lockExpiresAt).getTime() - api.t.clock.now().getTime()).toBe(900_000);

      const seenByOther = (await api.call('GET', `/api/jobs/${job.id}`, api.otherTeen.cookie)).json();
      expect(seenByOther).toMatchObject({ status: 'locked', actions: [] });
      const stolen = await api.act(job, 'accept', api.otherTeen.cookie);
      expect(stolen.statusCode).toBe(409);
      expect(stolen.json()).toEqual({ code: 'JOB_NOT_AVAILABLE', message: 'This job may have already been taken. Please try another.' });

      const accepted = await api.act(job, 'accept', api.teen.cookie, { teenId: api.teen.user.id });
      expect(accepted.json()).toMatchObject({ status: 'accepted', lockExpiresAt: null });
      const events = await api.t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, job.id));
      expect(events.map((e) => e.transition)).toEqual(['post', 'lock', 'finalize']);
    });

    it('releases a lock, and finalize-lock refuses a lock that ran out', async () => {
      const job = await api.post();
      await api.act(job, 'accept', api.teen.cookie);
      const released = await api.act(job, 'release-lock', api.teen.cookie, { teenId: api.teen.user.id });
      expect(released.json()).toMatchObject({ status: 'posted', teenId: null });

      // Locked again once the teen's 15-minute wait (the lock cooldown, below) is over.
      api.t.clock.advance(900_000);
      expect((await api.act(job, 'accept', api.teen.cookie)).statusCode).toBe(200);
      api.t.clock.advance(900_001);
      const late = await api.act(job, 'finalize-lock', api.teen.cookie);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('LOCK_EXPIRED');
      // Read lazily as posted, and another teen may now lock it.
      expect((await api.call('GET', `/api/jobs/${job.id}`, api.otherTeen.cookie)).json().status).toBe('posted');
      expect((await api.act(job, 'accept', api.otherTeen.cookie)).json().teenId).toBe(api.otherTeen.user.id);
      await api.act(job, 'release-lock', api.otherTeen.cookie);
      api.t.clock.set(NOON_BOSTON);
    });

    it('records the run-out lock it takes over as expired before locking it', async () => {
      const job = await api.post();
      await api.act(job, 'accept', api.teen.cookie);
      api.t.clock.advance(900_001);
      // No read or sweep in between: the lock is taken over while the row still says locked.
      expect((await api.act(job, 'accept', api.otherTeen.cookie)).json()).toMatchObject({ status: 'locked', teenId: api.otherTeen.user.id });
      // The last two share one instant; the lock from posted could only follow the expiry.
      const events = await api.t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, job.id));
      expect(events.map((e) => [e.transition, e.fromStatus, e.toStatus, e.actorRole]).sort()).toEqual([
        ['expire', 'locked', 'posted', 'system'],
        ['lock', 'posted', 'locked', 'teen'],
        ['lock', 'posted', 'locked', 'teen'],
        ['post', null, 'posted', 'homeowner'],
      ]);
      await api.act(job, 'release-lock', api.otherTeen.cookie);
      api.t.clock.set(NOON_BOSTON);
    });

    it("tells a teen reaching for a job another teen accepted that it was taken, and lets them do nothing else to it", async () => {
      const job = await api.post();
      await api.act(job, 'accept', api.teen.cookie);
      await api.act(job, 'accept', api.teen.cookie);
      const taken = { code: 'JOB_NOT_AVAILABLE', message: 'This job may have already been taken. Please try another.' };
      for (const path of ['accept', 'finalize-lock']) {
        const late = await api.act(job, path, api.otherTeen.cookie);
        expect(late.statusCode).toBe(409);
        expect(late.json()).toEqual(taken);
      }
      // They may open it (spec 2's 'Job Accepted!' for others, jobs.visibility.test.ts), but not act on it.
      expect((await api.call('GET', `/api/jobs/${job.id}`, api.otherTeen.cookie)).json()).toMatchObject({ status: 'accepted', teenId: null, actions: [] });
      expect((await api.act(job, 'release-lock', api.otherTeen.cookie)).statusCode).toBe(404);
      expect((await api.act(job, 'withdraw', api.otherTeen.cookie)).statusCode).toBe(404);
    });

    it('refuses finalize-lock and release-lock to anyone but the teen holding the lock', async () => {
      const job = await api.post();
      expect((await api.act(job, 'finalize-lock', api.teen.cookie)).json()).toEqual({
        code: 'JOB_NOT_AVAILABLE',
        message: 'This job may have already been taken. Please try another.',
      });
      const unlocked = await api.act(job, 'release-lock', api.teen.cookie);
      expect(unlocked.statusCode).toBe(409);
      expect(unlocked.json()).toEqual({ code: 'INVALID_TRANSITION', message: 'You do not hold a lock on this job.' });
      await api.act(job, 'accept', api.teen.cookie);
      expect((await api.act(job, 'finalize-lock', api.otherTeen.cookie)).statusCode).toBe(409);
      expect((await api.act(job, 'release-lock', api.otherTeen.cookie)).json().code).toBe('INVALID_TRANSITION');
      for (const path of ['finalize-lock', 'release-lock']) {
        expect((await api.act(job, path, api.homeowner.cookie)).statusCode).toBe(403);
        expect((await api.act(job, path, api.teen.cookie, { teenId: api.otherTeen.user.id })).statusCode).toBe(403);
        expect((await api.act(job, path, api.teen.cookie, { teenId: 'not-a-uuid' })).statusCode).toBe(400);
      }
      expect((await api.call('GET', `/api/jobs/${job.id}`, api.teen.cookie)).json()).toMatchObject({ status: 'locked', teenId: api.teen.user.id });
      await api.act(job, 'release-lock', api.teen.cookie);
    });

    it('lets a teen hold one live lock at a time', async () => {
      const first = await api.post();
      const second = await api.post();
      expect((await api.act(first, 'accept', api.teen.cookie)).statusCode).toBe(200);
      const refused = await api.act(second, 'accept', api.teen.cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('LOCK_HELD');
      await api.act(first, 'release-lock', api.teen.cookie);
      expect((await api.act(second, 'accept', api.teen.cookie)).statusCode).toBe(200);
      await api.act(second, 'release-lock', api.teen.cookie);
    });

    it("releases the teen's own run-out lock when the teen locks another job", async () => {
      const first = await api.post();
      const second = await api.post();
      await api.act(first, 'accept', api.teen.cookie);
      api.t.clock.advance(901_000);
      expect((await api.act(second, 'accept', api.teen.cookie)).json()).toMatchObject({ status: 'locked', teenId: api.teen.user.id });
      const events = await api.t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, first.id));
      expect(events.map((e) => [e.transition, e.toStatus, e.actorRole])).toContainEqual(['expire', 'posted', 'system']);
      await api.act(second, 'release-lock', api.teen.cookie);
      api.t.clock.set(NOON_BOSTON);
    });

    it('refuses a teen without approved consent, a api.homeowner, and another teenId', async () => {
      const job = await api.post();
      const noConsent = await signUp(api.t, 'teen');
      const refused = await api.act(job, 'accept', noConsent.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'CONSENT_REQUIRED', message: 'You need parental consent before accepting jobs.' });
      expect((await api.act(job, 'accept', api.homeowner.cookie)).statusCode).toBe(403);
      expect((await api.act(job, 'accept', api.teen.cookie, { teenId: api.otherTeen.user.id })).statusCode).toBe(403);
      expect((await api.act(job, 'accept', undefined)).statusCode).toBe(401);
    });

    it('answers an unknown job with 404 and a malformed id with 400', async () => {
      expect((await api.call('POST', '/api/jobs/6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e/accept', api.teen.cookie, {})).statusCode).toBe(404);
      expect((await api.call('GET', '/api/jobs/not-a-uuid', api.teen.cookie)).statusCode).toBe(400);
      for (const path of ['accept', 'finalize-lock', 'release-lock', 'start', 'complete', 'withdraw']) {
        expect((await api.call('POST', `/api/jobs/not-a-uuid/${path}`, api.teen.cookie, {})).statusCode).toBe(400);
      }
      expect((await api.call('POST', '/api/jobs/not-a-uuid/verify', api.coordinator.cookie, {})).statusCode).toBe(400);
      expect((await api.call('POST', '/api/jobs/not-a-uuid/cancel', api.homeowner.cookie, {})).statusCode).toBe(400);
      const missing = await api.call('GET', '/api/jobs/6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e', api.teen.cookie);
      expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Job not found' });
    });

    it('releases run-out locks in the sweeper too', async () => {
      const job = await api.post();
      await api.act(job, 'accept', api.otherTeen.cookie);
      api.t.clock.advance(901_000);
      await sweep(api.t.ctx);
      const events = await api.t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, job.id));
      expect(events.map((e) => [e.transition, e.actorRole])).toContainEqual(['expire', 'system']);
      api.t.clock.set(NOON_BOSTON);
    });
  });

  // Issue 20: locks are fair. A teen who let a job go waits 15 minutes to lock it again; others need not.
  describe('lock cooldown', () => {
    const released = 'You released this job. You can lock it again at 12:15 PM.';
    const ranOut = 'Your lock on this job ran out. You can lock it again at 12:30 PM.';
    const view = async (job: Job, cookie: string) => (await api.call('GET', `/api/jobs/${job.id}`, cookie)).json() as Job;

    it('refuses the teen who released a job for 15 minutes, saying when, and lets another teen lock it at once', async () => {
      const job = await api.post();
      await api.act(job, 'accept', api.teen.cookie);
      const release = await api.act(job, 'release-lock', api.teen.cookie);
      expect(release.json()).toMatchObject({ status: 'posted', actions: [], blockedActions: [{ action: 'lock', message: released }] });
      const again = await api.act(job, 'accept', api.teen.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'LOCK_COOLDOWN', message: released });
      expect(await view(job, api.teen.cookie)).toMatchObject({ actions: [], blockedActions: [{ action: 'lock', message: released }] });
      expect(await view(job, api.otherTeen.cookie)).toMatchObject({ actions: ['lock'], blockedActions: [] });

      expect((await api.act(job, 'accept', api.otherTeen.cookie)).json()).toMatchObject({ status: 'locked', teenId: api.otherTeen.user.id });
      await api.act(job, 'release-lock', api.otherTeen.cookie);
      api.t.clock.advance(899_999);
      expect((await api.act(job, 'accept', api.teen.cookie)).json()).toEqual({ code: 'LOCK_COOLDOWN', message: released });
      api.t.clock.advance(1);
      expect((await api.act(job, 'accept', api.teen.cookie)).json()).toMatchObject({ status: 'locked', teenId: api.teen.user.id });
      await api.act(job, 'release-lock', api.teen.cookie);
      api.t.clock.set(NOON_BOSTON);
    });

    it('refuses the teen whose lock ran out for 15 minutes from when it ran out, before and after the expiry is written', async () => {
      const job = await api.post();
      await api.act(job, 'accept', api.teen.cookie);
      api.t.clock.advance(900_001);
      // Not yet written as expired: the row still names the teen.
      expect((await api.act(job, 'accept', api.teen.cookie)).json()).toEqual({ code: 'LOCK_COOLDOWN', message: ranOut });
      expect((await api.act(job, 'accept', api.otherTeen.cookie)).json()).toMatchObject({ status: 'locked', teenId: api.otherTeen.user.id });
      await api.act(job, 'release-lock', api.otherTeen.cookie);
      // Now read from the job's events (expired, then another teen's lock and release).
      expect((await api.act(job, 'accept', api.teen.cookie)).json()).toEqual({ code: 'LOCK_COOLDOWN', message: ranOut });
      api.t.clock.set(new Date(NOON_BOSTON.getTime() + 1_800_000));
      expect((await api.act(job, 'accept', api.teen.cookie)).json()).toMatchObject({ status: 'locked', teenId: api.teen.user.id });
      await api.act(job, 'release-lock', api.teen.cookie);
      api.t.clock.set(NOON_BOSTON);
    });

    it('dates a lock that ran out by when it ran out, though the sweeper wrote the expiry later', async () => {
      const job = await api.post();
      await api.act(job, 'accept', api.teen.cookie);
      api.t.clock.advance(1_200_000);
      await sweep(api.t.ctx);
      expect(await view(job, api.teen.cookie)).toMatchObject({ status: 'posted', actions: [], blockedActions: [{ action: 'lock', message: ranOut }] });
      expect((await api.act(job, 'accept', api.teen.cookie)).json()).toEqual({ code: 'LOCK_COOLDOWN', message: ranOut });
      api.t.clock.set(new Date(NOON_BOSTON.getTime() + 1_800_000));
      expect((await api.act(job, 'accept', api.teen.cookie)).statusCode).toBe(200);
      await api.act(job, 'release-lock', api.teen.cookie);
      api.t.clock.set(NOON_BOSTON);
    });
  });
});
