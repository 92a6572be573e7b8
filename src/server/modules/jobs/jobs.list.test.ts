import { describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { databaseKinds } from '../../test/databases';
import { NOON_BOSTON, useJobsApi } from './jobs-api.test-support';

describe.each(databaseKinds())('jobs API on %s', (kind) => {
  const api = useJobsApi(kind);

  describe('GET /api/jobs', () => {
    it('shows teens only open jobs of others, with distance from their ZIP code, newest first and paged', async () => {
      const a = await api.post({ title: 'Paging A' });
      api.t.clock.advance(1000);
      const b = await api.post({ title: 'Paging B' });
      const page1 = await api.list('status=posted&search=Paging&limit=1', api.teen.cookie);
      expect(page1.jobs.map((j: Job) => j.id)).toEqual([b.id]);
      expect(page1.jobs[0]!.distance).toBe(0);
      const page2 = await api.list(`status=posted&search=Paging&limit=1&cursor=${page1.nextCursor}`, api.teen.cookie);
      expect(page2.jobs.map((j: Job) => j.id)).toEqual([a.id]);
      expect(page2.nextCursor).toBeNull();
      expect((await api.call('GET', '/api/jobs?status=accepted', api.teen.cookie)).statusCode).toBe(403);
      expect((await api.call('GET', `/api/jobs?teenId=${api.otherTeen.user.id}`, api.teen.cookie)).statusCode).toBe(403);
      expect((await api.call('GET', `/api/jobs?homeownerId=${api.homeowner.user.id}`, api.teen.cookie)).statusCode).toBe(403);
    });

    it('pages through jobs posted at the same instant by id, none lost or repeated', async () => {
      const tag = `Same${Date.now()}`;
      const posted = [await api.post({ title: tag }), await api.post({ title: tag }), await api.post({ title: tag })];
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { jobs: Job[]; nextCursor: string | null } = await api.list(`status=posted&search=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, api.teen.cookie);
        seen.push(...page.jobs.map((j) => j.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(posted.map((j) => j.id).sort().reverse());
    });

    it('lists a live lock as locked and a run-out lock as posted', async () => {
      const tag = `Lock${Date.now()}`;
      const job = await api.post({ title: tag });
      await api.act(job, 'accept', api.otherTeen.cookie);
      const ids = async (status: string) => (await api.list(`status=${status}&search=${tag}`, api.teen.cookie)).jobs.map((j) => [j.id, j.status]);
      expect(await ids('posted')).toEqual([]);
      expect(await ids('locked')).toEqual([[job.id, 'locked']]);
      expect(await ids('posted,locked')).toEqual([[job.id, 'locked']]);
      api.t.clock.advance(900_001);
      expect(await ids('posted')).toEqual([[job.id, 'posted']]);
      expect(await ids('locked')).toEqual([]);
      api.t.clock.set(NOON_BOSTON);
    });

    it('says whether a coordinator serves the job area', async () => {
      const tag = `Area${Date.now()}`;
      const served = await api.post({ title: tag, zipCode: '02139' });
      const unserved = await api.post({ title: tag, zipCode: '02141' });
      const flags = Object.fromEntries((await api.list(`status=posted&search=${tag}`, api.teen.cookie)).jobs.map((j) => [j.id, j.coordinatorSupervised]));
      expect(flags).toEqual({ [served.id]: true, [unserved.id]: false });
    });

    it('applies the category and quick filters with the spec thresholds', async () => {
      const tag = `F${Date.now()}`;
      await api.post({ title: `${tag} cheap long`, payAmount: '35.00', estimatedDuration: 120, category: 'cleaning' });
      await api.post({ title: `${tag} rich`, payAmount: '40.00', estimatedDuration: 120, category: 'lawn_care' });
      await api.post({ title: `${tag} quick`, payAmount: '20.00', estimatedDuration: 90, category: 'lawn_care' });
      await api.post({ title: `${tag} far`, payAmount: '20.00', estimatedDuration: 240, zipCode: '02138', category: 'lawn_care' });
      const titles = async (query: string) =>
        (await api.list(`status=posted&search=${tag}&${query}`, api.teen.cookie)).jobs.map((j: Job) => j.title).sort();
      expect(await titles('quick=high_pay')).toEqual([`${tag} rich`]);
      expect(await titles('quick=quick')).toEqual([`${tag} quick`]);
      expect(await titles('category=cleaning')).toEqual([`${tag} cheap long`]);
      // 02138 is about 1.9 miles from 02139: not nearby.
      expect(await titles('quick=nearby')).toEqual([`${tag} cheap long`, `${tag} quick`, `${tag} rich`]);
    });

    it('gives teens their own jobs, homeowners theirs and coordinators their area', async () => {
      const taken = await api.post();
      await api.act(taken, 'accept', api.teen.cookie);
      await api.act(taken, 'accept', api.teen.cookie);
      const mine = await api.list(`teenId=${api.teen.user.id}&status=accepted,in_progress,completed,verified`, api.teen.cookie);
      expect(mine.jobs.map((j: Job) => j.id)).toContain(taken.id);
      expect(mine.jobs.every((j: Job) => j.teenId === api.teen.user.id)).toBe(true);
      const own = await api.list(`homeownerId=${api.homeowner.user.id}`, api.homeowner.cookie);
      expect(own.jobs.every((j: Job) => j.homeownerId === api.homeowner.user.id)).toBe(true);
      const area = await api.list(`status=posted&coordinatorId=${api.coordinator.user.id}`, api.coordinator.cookie);
      expect(area.jobs.length).toBeGreaterThan(0);
      expect(area.jobs.every((j: Job) => j.zipCode === '02139' && j.status === 'posted')).toBe(true);
      expect((await api.call('GET', `/api/jobs?coordinatorId=${api.teen.user.id}`, api.coordinator.cookie)).statusCode).toBe(403);
      expect((await api.call('GET', `/api/jobs?teenId=${api.teen.user.id}`, api.homeowner.cookie)).statusCode).toBe(403);
      expect((await api.call('GET', `/api/jobs?coordinatorId=${api.coordinator.user.id}`, api.homeowner.cookie)).statusCode).toBe(403);
      expect((await api.call('GET', `/api/jobs?homeownerId=${api.teen.user.id}`, api.homeowner.cookie)).statusCode).toBe(403);
    });

    it("lets a coordinator narrow their area's list to one teen or api.homeowner, and no further", async () => {
      const inArea = await api.post({ zipCode: '02139' });
      const outside = await api.post({ zipCode: '02141' });
      for (const job of [inArea, outside]) {
        await api.act(job, 'accept', api.teen.cookie);
        await api.act(job, 'accept', api.teen.cookie);
      }
      const teenIds = (await api.list(`teenId=${api.teen.user.id}&status=accepted`, api.coordinator.cookie)).jobs.map((j) => j.id);
      expect(teenIds).toContain(inArea.id);
      expect(teenIds).not.toContain(outside.id);
      const homeownerJobs = (await api.list(`homeownerId=${api.homeowner.user.id}&status=accepted`, api.coordinator.cookie)).jobs;
      expect(homeownerJobs.map((j) => j.id)).toContain(inArea.id);
      expect(homeownerJobs.every((j) => j.zipCode === '02139')).toBe(true);
      for (const job of [inArea, outside]) await api.act(job, 'cancel', api.homeowner.cookie);
    });

    it.each([
      ['status=unknown'],
      ['limit=0'],
      ['limit=101'],
      ['quick=cheap'],
      ['cursor=garbage'],
      // Cursors this server never wrote: a date PostgreSQL cannot store, and an id of dashes.
      [`cursor=${Buffer.from('+275760-09-13T00:00:00.000Z|6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e').toString('base64url')}`],
      [`cursor=${Buffer.from('-271821-04-20T00:00:00.000Z|6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e').toString('base64url')}`],
      [`cursor=${Buffer.from(`2026-06-15T16:00:00.000Z|${'-'.repeat(36)}`).toString('base64url')}`],
      [`search=${'x'.repeat(101)}`],
      ['search=a%00b'],
      ['teenId=not-a-uuid'],
    ])('refuses the bad query %s with 400', async (query) => {
      const response = await api.call('GET', `/api/jobs?${query}`, api.teen.cookie);
      expect(response.statusCode).toBe(400);
    });

    it('needs a session', async () => {
      expect((await api.call('GET', '/api/jobs?status=posted')).statusCode).toBe(401);
    });
  });
});
