import { describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { databaseKinds } from '../../test/databases';
import { useJobsApi } from './jobs-api.test-support';

describe.each(databaseKinds())('jobs API on %s', (kind) => {
  const api = useJobsApi(kind);
  const open = (job: Job, cookie: string) => api.call('GET', `/api/jobs/${job.id}`, cookie);

  describe('who sees a job once a teen has taken it', () => {
    it("shows another teen an accepted job's public face only (spec 2: 'Job Accepted!' for others): no address, not who took it", async () => {
      const job = await api.post({ title: 'Public face', location: '7 Hidden Lane' });
      await api.act(job, 'accept', api.teen.cookie);
      const accepted = (await api.act(job, 'accept', api.teen.cookie)).json() as Job;
      expect(accepted).toMatchObject({ status: 'accepted', teenId: api.teen.user.id, location: '7 Hidden Lane' });

      const response = await open(job, api.otherTeen.cookie);
      expect(response.statusCode).toBe(200);
      const seen = response.json() as Job;
      expect(seen).toMatchObject({ id: job.id, title: 'Public face', status: 'accepted', payAmount: job.payAmount, homeownerId: api.homeowner.user.id, zipCode: '02139' });
      expect(seen).toMatchObject({ location: null, teenId: null, lockExpiresAt: null, acceptedAt: null, actions: [], blockedActions: [] });
      expect(JSON.stringify(seen)).not.toContain('Hidden Lane');
      expect(JSON.stringify(seen)).not.toContain(api.teen.user.id);

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
      const steps: [string, string, Job['status']][] = [
        ['start', api.teen.cookie, 'in_progress'],
        ['complete', api.teen.cookie, 'completed'],
        ['verify', api.coordinator.cookie, 'verified'],
        ['release-payment', api.homeowner.cookie, 'paid'],
      ];
      for (const [path, cookie, status] of steps) {
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
