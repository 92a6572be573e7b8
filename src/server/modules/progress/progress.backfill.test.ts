import { describe, expect, it } from 'vitest';
import { seedDemoJobs } from '../../db/demo-jobs';
import { databaseKinds } from '../../test/databases';
import { awardPastPaidJobs } from './progress-backfill';
import { NOON_BOSTON, useProgressApi } from './progress.test-support';

describe.each(databaseKinds())('progress of jobs paid before it existed on %s', (kind) => {
  const api = useProgressApi(kind);

  it('awards the seeded history once, in the order it was paid, and leaves jobs released since alone', async () => {
    const { id: teenId, cast } = await api.anotherTeen();
    await api.paidJob(cast);
    // The demo's jobs are written straight into the books: two of them paid ($40 and $25).
    await api.t.database.db.transaction((tx) => seedDemoJobs(tx, { homeownerId: api.ids.homeowner, teenId }, ['02139'], NOON_BOSTON, 10));
    const before = (await api.statsOf(teenId))?.experiencePoints ?? 0;
    expect(await awardPastPaidJobs(api.t.ctx)).toBe(2);
    const awards = await api.awardsOf(teenId);
    expect(awards.filter((a) => a.event === 'paid_job')).toHaveLength(3);
    // $36 and $22.50 earned after the fee: 86 + 72.
    expect(await api.statsOf(teenId)).toMatchObject({ paidJobs: 3, experiencePoints: before + 158, earningsCents: 3600 + 3600 + 2250 });
    // Each award carries the time its job was paid, not the time of the backfill.
    expect(awards.every((a) => a.createdAt.getTime() <= NOON_BOSTON.getTime())).toBe(true);
    expect(await awardPastPaidJobs(api.t.ctx)).toBe(0);
    // $94.50 in all: not yet 'First $100'.
    expect(await api.achievementIdsOf(teenId)).toEqual(['first_paid_job']);
  });
});
