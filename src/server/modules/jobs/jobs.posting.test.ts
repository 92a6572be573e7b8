import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobEvents } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { validJob } from '../../test/fixtures';
import { signUp } from '../../test/test-app';
import { useJobsApi } from './jobs-api.test-support';

describe.each(databaseKinds())('jobs API on %s', (kind) => {
  const api = useJobsApi(kind);

  describe('POST /api/jobs', () => {
    it('posts a job with pay as a two-decimal string and records the event', async () => {
      const job = await api.post({ payAmount: 45 });
      expect(job).toMatchObject({ status: 'posted', payAmount: '45.00', estimatedDuration: 90, homeownerId: api.homeowner.user.id, teenId: null });
      expect(job.coordinatorSupervised).toBe(true);
      expect(job.actions).toEqual(['cancel']);
      const events = await api.t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, job.id));
      expect(events.map((e) => [e.transition, e.toStatus])).toEqual([['post', 'posted']]);
    });

    it.each([
      ['pay below 15', { payAmount: '10.00' }, 'payAmount', 'Pay must be between $15 and $500'],
      ['pay above 500', { payAmount: '505.00' }, 'payAmount', 'Pay must be between $15 and $500'],
      ['pay off the $5 step', { payAmount: '42.50' }, 'payAmount', 'Pay must be a multiple of $5'],
      ['pay that is not money', { payAmount: 'forty' }, 'payAmount', 'Pay must be an amount in dollars'],
      ['an unlisted duration', { estimatedDuration: 45 }, 'estimatedDuration', 'Choose one of the listed durations'],
      ['a blank title', { title: '  ' }, 'title', 'Title is required'],
      ['a missing description', { description: undefined }, 'description', 'Invalid input: expected string, received undefined'],
      ['an unknown category', { category: 'babysitting' }, 'category', 'Choose a category'],
      ['unknown equipment', { equipment: ['flamethrower'] }, 'equipment.0', 'Invalid option: expected one of "rake"|"shovel"|"hose"|"pruning_shears"|"wheelbarrow"|"lawn_mower"|"push_reel_mower"|"leaf_blower"|"snow_blower"|"string_trimmer"|"ladder"|"chainsaw"|"wood_chipper"'],
      ['a long title', { title: 'x'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
      ['a numeric pay a fraction off the $5 step', { payAmount: 25.001 }, 'payAmount', 'Pay must be a multiple of $5'],
      ['a numeric pay below 15', { payAmount: 10 }, 'payAmount', 'Pay must be between $15 and $500'],
      ['a numeric pay above 500', { payAmount: 600 }, 'payAmount', 'Pay must be between $15 and $500'],
      ['a duration sent as text', { estimatedDuration: '60' }, 'estimatedDuration', 'Choose one of the listed durations'],
      ['a duration in a list', { estimatedDuration: [60] }, 'estimatedDuration', 'Choose one of the listed durations'],
      ['a missing ZIP code', { zipCode: undefined }, 'zipCode', 'Invalid input: expected string, received undefined'],
      ['unknown physical demands', { physicalDemands: 'extreme' }, 'physicalDemands', 'Invalid option: expected one of "easy"|"medium"|"hard"'],
      ['a NUL character in the title', { title: 'Rake\u0000' }, 'title', 'Text cannot contain a NUL character'],
      ['a NUL character in the equipment list', { equipment: ['rake\u0000'] }, 'equipment.0', 'Text cannot contain a NUL character'],
    ])('refuses %s with 400', async (_label, change, field, message) => {
      const response = await api.call('POST', '/api/jobs', api.homeowner.cookie, validJob(change));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject({ [field]: message });
    });

    it('refuses a ZIP code outside the service area, another homeownerId, teens and visitors', async () => {
      const outside = await api.call('POST', '/api/jobs', api.homeowner.cookie, validJob({ zipCode: '90210' }));
      expect(outside.statusCode).toBe(400);
      expect(outside.json().code).toBe('ZIP_NOT_SERVED');
      expect((await api.call('POST', '/api/jobs', api.homeowner.cookie, validJob({ homeownerId: api.teen.user.id }))).statusCode).toBe(403);
      expect((await api.call('POST', '/api/jobs', api.teen.cookie, validJob())).statusCode).toBe(403);
      expect((await api.call('POST', '/api/jobs', undefined, validJob())).statusCode).toBe(401);
    });
  });

  describe('GET /api/users/{id}/job-summary', () => {
    it("counts a homeowner's jobs for that homeowner only", async () => {
      const fresh = await signUp(api.t, 'homeowner');
      await api.post({}, fresh.cookie);
      const summary = (await api.call('GET', `/api/users/${fresh.user.id}/job-summary`, fresh.cookie)).json();
      expect(summary).toEqual({ jobsPosted: 1, totalSpent: '0.00', activeJobs: 0, inProgress: 0 });
      expect((await api.call('GET', `/api/users/${fresh.user.id}/job-summary`, api.homeowner.cookie)).statusCode).toBe(403);
    });
  });
});
