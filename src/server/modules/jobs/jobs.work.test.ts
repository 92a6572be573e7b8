import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { jobEvents } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { signInAs, signUp } from '../../test/test-app';
import { NIGHT_BOSTON, NOON_BOSTON, useJobsApi } from './jobs-api.test-support';

describe.each(databaseKinds())('jobs API on %s', (kind) => {
  const api = useJobsApi(kind);

  describe('work, verification and cancellation', () => {
    async function acceptedJob(zipCode = '02139') {
      const job = await api.post({ zipCode });
      await api.act(job, 'accept', api.teen.cookie);
      return (await api.act(job, 'accept', api.teen.cookie)).json() as Job;
    }

    it('moves a job from accepted to verified, each step by its own person', async () => {
      const job = await acceptedJob();
      // Another teen sees only the public face of an accepted job that is not theirs, and cannot act on it.
      expect((await api.act(job, 'start', api.otherTeen.cookie)).statusCode).toBe(404);
      expect((await api.act(job, 'complete', api.teen.cookie)).json().code).toBe('INVALID_TRANSITION');
      const started = await api.act(job, 'start', api.teen.cookie);
      expect(started.json()).toMatchObject({ status: 'in_progress', actions: ['complete'] });
      const completed = await api.act(job, 'complete', api.teen.cookie);
      expect(completed.json().status).toBe('completed');
      expect(completed.json().completedAt).toBe(api.t.clock.now().toISOString());
      expect((await api.act(job, 'verify', api.teen.cookie)).statusCode).toBe(403);
      const queue = (await api.call('GET', `/api/jobs?status=completed&coordinatorId=${api.coordinator.user.id}`, api.coordinator.cookie)).json();
      expect(queue.jobs.map((j: Job) => j.id)).toContain(job.id);
      const verified = await api.act(job, 'verify', api.coordinator.cookie);
      expect(verified.json()).toMatchObject({ status: 'verified' });
      expect((await api.call('GET', `/api/jobs/${job.id}`, api.homeowner.cookie)).json().status).toBe('verified');
    });

    it("refuses to start outside Yardly's 6 AM-8 PM in the service time zone with the rule, and says so on the job beforehand", async () => {
      const job = await acceptedJob();
      api.t.clock.set(NIGHT_BOSTON);
      const atNight = (await api.call('GET', `/api/jobs/${job.id}`, api.teen.cookie)).json() as Job;
      const rule = 'On Yardly, all work happens between 6 AM and 8 PM';
      expect(atNight.actions).toEqual(['withdraw']);
      expect(atNight.blockedActions).toEqual([{ action: 'start', message: `${rule} (Yardly safety rules). You may start it tomorrow from 6:00 AM.` }]);
      const listed = (await api.list(`teenId=${api.teen.user.id}&status=accepted`, api.teen.cookie)).jobs.find((j) => j.id === job.id);
      expect(listed?.blockedActions).toEqual(atNight.blockedActions);
      // Nobody else is told about a start that is not theirs to make.
      expect(((await api.call('GET', `/api/jobs/${job.id}`, api.homeowner.cookie)).json() as Job).blockedActions).toEqual([]);
      const refused = await api.act(job, 'start', api.teen.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'AGE_RULE',
        message: `${rule} (Yardly safety rules).`,
        rules: [{ id: 'yardly-time-of-day', citation: 'Yardly safety rules', text: `${rule}.` }],
        alternative: 'You may start it tomorrow from 6:00 AM.',
      });
      api.t.clock.set(NOON_BOSTON);
      const atNoon = (await api.call('GET', `/api/jobs/${job.id}`, api.teen.cookie)).json() as Job;
      expect(atNoon).toMatchObject({ actions: ['start', 'withdraw'], blockedActions: [] });
      expect((await api.act(job, 'start', api.teen.cookie)).statusCode).toBe(200);
    });

    it('lets only the coordinator of the job area verify, and only completed work', async () => {
      const job = await acceptedJob('02142');
      expect((await api.act(job, 'verify', api.homeowner.cookie)).statusCode).toBe(403);
      await api.act(job, 'start', api.teen.cookie);
      const early = await api.act(job, 'verify', api.coordinator.cookie);
      expect(early.statusCode).toBe(404);
      await api.act(job, 'complete', api.teen.cookie);
      expect((await api.act(job, 'verify', api.coordinator.cookie)).statusCode).toBe(404);
      expect((await api.act(job, 'verify', api.homeowner.cookie)).statusCode).toBe(403);
      const areaCoordinator = await signInAs(api.t, 'coordinator', { coordinatorZips: ['02142'] });
      expect((await api.act(job, 'verify', areaCoordinator.cookie)).json().status).toBe('verified');
      const again = await api.act(job, 'verify', areaCoordinator.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'INVALID_TRANSITION', message: 'Only a completed job can be verified.' });
    });

    it('lets an admin verify completed work where no coordinator serves the area, recorded as the admin', async () => {
      const job = await acceptedJob('02141');
      expect(job.coordinatorSupervised).toBe(false);
      const admin = await signInAs(api.t, 'admin');
      expect((await api.act(job, 'verify', admin.cookie)).json()).toMatchObject({ code: 'INVALID_TRANSITION' });
      await api.act(job, 'start', api.teen.cookie);
      await api.act(job, 'complete', api.teen.cookie);
      expect((await api.act(job, 'verify', api.homeowner.cookie)).statusCode).toBe(403);
      expect((await api.act(job, 'verify', api.teen.cookie)).statusCode).toBe(403);
      const verified = await api.act(job, 'verify', admin.cookie);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toMatchObject({ status: 'verified', verifiedAt: api.t.clock.now().toISOString() });
      const events = await api.t.database.db.select().from(jobEvents).where(and(eq(jobEvents.jobId, job.id), eq(jobEvents.transition, 'verify')));
      expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorId, e.actorRole])).toEqual([['completed', 'verified', admin.user.id, 'admin']]);
      // The held pay can now be released: nothing waits on a coordinator who does not exist.
      expect((await api.act(job, 'release-payment', api.homeowner.cookie)).json().status).toBe('paid');
    });

    it('lets only the assigned teen start, complete or withdraw, and withdraw only before starting', async () => {
      const job = await acceptedJob();
      for (const path of ['start', 'complete', 'withdraw']) {
        expect((await api.act(job, path, api.otherTeen.cookie)).statusCode).toBe(404);
        expect((await api.act(job, path, api.homeowner.cookie)).statusCode).toBe(403);
        expect((await api.act(job, path, api.teen.cookie, { teenId: api.otherTeen.user.id })).statusCode).toBe(403);
      }
      expect((await api.act(job, 'cancel', api.teen.cookie)).statusCode).toBe(403);
      await api.act(job, 'start', api.teen.cookie);
      const late = await api.act(job, 'withdraw', api.teen.cookie);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('INVALID_TRANSITION');
      expect((await api.call('GET', `/api/jobs/${job.id}`, api.teen.cookie)).json().status).toBe('in_progress');
    });

    it('lets the teen withdraw before starting, and the homeowner cancel before work starts', async () => {
      const job = await acceptedJob();
      expect((await api.act(job, 'withdraw', api.teen.cookie)).json()).toMatchObject({ status: 'posted', teenId: null });
      const other = await signUp(api.t, 'homeowner');
      expect((await api.act(job, 'cancel', other.cookie)).statusCode).toBe(404);
      expect((await api.act(job, 'cancel', api.homeowner.cookie)).json().status).toBe('cancelled');
      // To a api.teen, a job cancelled under their finger is gone like a taken one: 'try another'.
      expect((await api.act(job, 'accept', api.teen.cookie)).json().code).toBe('JOB_NOT_AVAILABLE');
      const started = await acceptedJob();
      await api.act(started, 'start', api.teen.cookie);
      expect((await api.act(started, 'cancel', api.homeowner.cookie)).json().code).toBe('INVALID_TRANSITION');
    });
  });
});
