import { beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { databaseKinds } from '../../test/databases';
import { signInAs } from '../../test/test-app';
import { stepsToPaid, useJobsApi } from './jobs-api.test-support';

describe.each(databaseKinds())('jobs API on %s', (kind) => {
  const api = useJobsApi(kind);
  const open = (job: Job, cookie: string) => api.call('GET', `/api/jobs/${job.id}`, cookie);

  // Issue 20: who holds a lock is private, and an open job's house number stays with its people.
  describe("who sees an open job's address, homeowner and lock holder", () => {
    const ADDRESS = '12 Elm St, Cambridge';
    const STREET = 'Elm St, Cambridge';
    let admin: { cookie: string };
    beforeAll(async () => {
      admin = await signInAs(api.t, 'admin');
    });
    const seenBy = async (job: Job, cookie: string) => (await open(job, cookie)).json() as Job;
    const listedFor = async (job: Job, status: string, cookie: string) =>
      (await api.list(`status=${status}&search=${encodeURIComponent(job.title)}`, cookie)).jobs.find((j) => j.id === job.id);

    it('shows teens a posted job without its house number or its homeowner; its people see it whole', async () => {
      const job = await api.post({ title: 'Street only', location: ADDRESS });
      const forTeens = { location: STREET, homeownerId: null, teenId: null, actions: ['lock'] };
      for (const teen of [api.teen, api.otherTeen]) {
        const seen = await seenBy(job, teen.cookie);
        expect(seen).toMatchObject(forTeens);
        expect(JSON.stringify(seen)).not.toContain(api.homeowner.user.id);
        expect(await listedFor(job, 'posted', teen.cookie)).toMatchObject(forTeens);
      }
      for (const cookie of [api.homeowner.cookie, api.coordinator.cookie, admin.cookie]) {
        expect(await seenBy(job, cookie)).toMatchObject({ location: ADDRESS, homeownerId: api.homeowner.user.id });
      }
    });

    it("does not let a teen's search find an open job by its house number", async () => {
      const job = await api.post({ title: 'Search by street', location: '31 Quincy Rd, Cambridge' });
      const found = async (search: string, cookie: string) =>
        (await api.list(`status=posted&search=${encodeURIComponent(search)}`, cookie)).jobs.some((j) => j.id === job.id);
      expect(await found('Quincy Rd', api.otherTeen.cookie)).toBe(true);
      expect(await found('31 Quincy', api.otherTeen.cookie)).toBe(false);
      expect(await found('31 Quincy', api.homeowner.cookie)).toBe(true);
      expect(await found('31 Quincy', admin.cookie)).toBe(true);
    });

    it('shows other teens that a job is locked and until when, never by whom; the holder sees their own lock, still without the house number', async () => {
      const job = await api.post({ title: 'Locked privately', location: ADDRESS });
      const locked = (await api.act(job, 'accept', api.teen.cookie)).json() as Job;
      expect(locked).toMatchObject({ status: 'locked', teenId: api.teen.user.id, location: STREET, homeownerId: null });
      const forOthers = { status: 'locked', teenId: null, teenName: null, lockExpiresAt: locked.lockExpiresAt, location: STREET, homeownerId: null, actions: [] };
      expect(locked.lockExpiresAt).not.toBeNull();
      const seen = await seenBy(job, api.otherTeen.cookie);
      expect(seen).toMatchObject(forOthers);
      expect(JSON.stringify(seen)).not.toContain(api.teen.user.id);
      for (const status of ['locked', 'posted,locked']) {
        const listed = await listedFor(job, status, api.otherTeen.cookie);
        expect(listed, status).toMatchObject(forOthers);
        expect(JSON.stringify(listed)).not.toContain(api.teen.user.id);
        expect(await listedFor(job, status, api.teen.cookie), status).toMatchObject({ teenId: api.teen.user.id, location: STREET, homeownerId: null });
      }
      for (const cookie of [api.homeowner.cookie, api.coordinator.cookie, admin.cookie]) {
        expect(await seenBy(job, cookie)).toMatchObject({ teenId: api.teen.user.id, location: ADDRESS, homeownerId: api.homeowner.user.id });
      }
      // Accepted, the job is the teen's: they get the address and whose job it is.
      expect((await api.act(job, 'accept', api.teen.cookie)).json()).toMatchObject({ status: 'accepted', location: ADDRESS, homeownerId: api.homeowner.user.id });
      expect(await seenBy(job, api.teen.cookie)).toMatchObject({ teenId: api.teen.user.id, location: ADDRESS, homeownerId: api.homeowner.user.id });
    });
  });

  describe('who sees a job once a teen has taken it', () => {
    it("shows another teen an accepted job's public face only (spec 2: 'Job Accepted!' for others): no address, not who took it", async () => {
      const job = await api.post({ title: 'Public face', location: '7 Hidden Lane' });
      await api.act(job, 'accept', api.teen.cookie);
      const accepted = (await api.act(job, 'accept', api.teen.cookie)).json() as Job;
      expect(accepted).toMatchObject({ status: 'accepted', teenId: api.teen.user.id, location: '7 Hidden Lane' });

      const response = await open(job, api.otherTeen.cookie);
      expect(response.statusCode).toBe(200);
      const seen = response.json() as Job;
      expect(seen).toMatchObject({ id: job.id, title: 'Public face', status: 'accepted', payAmount: job.payAmount, homeownerId: null, zipCode: '02139' });
      expect(seen).toMatchObject({ location: null, teenId: null, lockExpiresAt: null, acceptedAt: null, actions: [], blockedActions: [] });
      expect(JSON.stringify(seen)).not.toContain('Hidden Lane');
      expect(JSON.stringify(seen)).not.toContain(api.teen.user.id);
      expect(JSON.stringify(seen)).not.toContain(api.homeowner.user.id);

      // The job's own people still see it whole.
      expect((await open(job, api.teen.cookie)).json()).toMatchObject({ teenId: api.teen.user.id, location: '7 Hidden Lane', actions: ['start', 'withdraw'] });
      expect((await open(job, api.homeowner.cookie)).json()).toMatchObject({ teenId: api.teen.user.id, location: '7 Hidden Lane' });
      expect((await open(job, api.coordinator.cookie)).json()).toMatchObject({ teenId: api.teen.user.id, location: '7 Hidden Lane' });
    });

    it('hides the job from other teens from the start of work on, through payment', async () => {
      const job = await api.post({ title: 'Hidden later' });
      await api.act(job, 'accept', api.teen.cookie);
      await api.act(job, 'accept', api.teen.cookie);
      const notFound = { code: 'NOT_FOUND', message: 'Job not found' };
      for (const [path, cookie, status] of stepsToPaid(api)) {
        const moved = await api.act(job, path, cookie);
        expect(moved.json(), path).toMatchObject({ status });
        const hidden = await open(job, api.otherTeen.cookie);
        expect(hidden.statusCode, status).toBe(404);
        expect(hidden.json()).toEqual(notFound);
      }
      expect((await open(job, api.teen.cookie)).json().status).toBe('paid');
    });

    it('hides a cancelled job from teens who were never on it', async () => {
      const job = await api.post({ title: 'Cancelled' });
      await api.act(job, 'cancel', api.homeowner.cookie);
      expect((await open(job, api.otherTeen.cookie)).statusCode).toBe(404);
    });
  });
});
