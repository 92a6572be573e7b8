import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases';
import { jobAt } from '../../test/job-flow';
import { NOON_BOSTON, useProgressApi, WEEK_MS } from './progress.test-support';

describe.each(databaseKinds())('XP and achievements from paid jobs on %s', (kind) => {
  const api = useProgressApi(kind);

  it('awards a paid job once, in the release: XP, totals, streak, the first achievement and its notification', async () => {
    const { id: teenId, cast } = await api.anotherTeen();
    const jobId = await api.paidJob(cast);
    const awards = await api.awardsOf(teenId);
    // $40 pay, 10% fee: $36 earned, 50 + 36 XP.
    expect(awards.map((a) => [a.source, a.event, a.points, a.jobId])).toEqual([[`job:${jobId}:paid`, 'paid_job', 86, jobId]]);
    expect(await api.statsOf(teenId)).toMatchObject({ experiencePoints: 86, paidJobs: 1, earningsCents: 3600, currentStreak: 1, longestStreak: 1, lastPaidWeek: '2026-06-14', achievementPoints: 10 });
    expect(await api.achievementIdsOf(teenId)).toEqual(['first_paid_job']);
    expect(await api.noticeTitlesOf(teenId)).toContain('Achievement unlocked: First Paycheck');
  });

  it('counts nothing before the payment: a verified job earns no XP', async () => {
    const { id: teenId, cast } = await api.anotherTeen();
    await jobAt(api.t, cast, 'verified');
    expect(await api.awardsOf(teenId)).toEqual([]);
    expect(await api.statsOf(teenId)).toBeUndefined();
  });

  it('counts weeks in a row and reaches the next achievements on the right job', async () => {
    const { id: teenId, cast } = await api.anotherTeen();
    for (let week = 0; week < 3; week++) {
      api.t.clock.set(new Date(NOON_BOSTON.getTime() + week * WEEK_MS));
      await api.paidJob(cast, { payAmount: '100.00' });
    }
    // 3 x (50 + 90) XP = 420: level 3; $270 earned.
    expect(await api.statsOf(teenId)).toMatchObject({ experiencePoints: 420, paidJobs: 3, earningsCents: 27_000, currentStreak: 3, longestStreak: 3 });
    expect(await api.achievementIdsOf(teenId)).toEqual(['earned_100', 'first_paid_job', 'level_3', 'streak_3_weeks']);
    // A week skipped starts a new run; the longest stays. (Sunday of the fifth week: sessions last two weeks unused.)
    api.t.clock.set(new Date(NOON_BOSTON.getTime() + 4 * WEEK_MS - 24 * 3600_000));
    await api.paidJob(cast);
    expect(await api.statsOf(teenId)).toMatchObject({ currentStreak: 1, longestStreak: 3, paidJobs: 4 });
  });

  it('gives the teen of a dispute settled with pay their progress, once', async () => {
    const { id: teenId, cast } = await api.anotherTeen();
    const job = await jobAt(api.t, cast, 'completed');
    const dispute = await api.call('POST', `/api/jobs/${job.id}/dispute`, cast.homeowner, { reason: 'Half done' });
    expect(dispute.statusCode, dispute.body).toBe(201);
    const resolved = await api.call('POST', `/api/disputes/${dispute.json<{ id: string }>().id}/resolve`, cast.coordinator, { outcome: 'partial', teenAmount: '20.00' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    // $20 released, $18 after the fee: 50 + 18.
    expect((await api.awardsOf(teenId)).map((a) => a.points)).toEqual([68]);
    expect(await api.statsOf(teenId)).toMatchObject({ paidJobs: 1, earningsCents: 1800 });
  });
});

/** PGlite runs one connection at a time and hides races (STACK-NOTES): the rounds that matter run on PostgreSQL. */
describe.each(databaseKinds())('awards under concurrency on %s', (kind) => {
  const api = useProgressApi(kind);
  const ROUNDS = kind === 'postgres' ? 5 : 2;

  it(`awards one of 10 simultaneous releases of a job once, ${ROUNDS} times over`, async () => {
    const { id: teenId, cast } = await api.anotherTeen();
    for (let round = 0; round < ROUNDS; round++) {
      const job = await jobAt(api.t, cast, 'verified');
      const answers = await Promise.all(Array.from({ length: 10 }, () => api.call('POST', `/api/jobs/${job.id}/release-payment`, cast.homeowner, {})));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
      expect((await api.awardsOf(teenId)).filter((a) => a.jobId === job.id)).toHaveLength(1);
    }
    expect(await api.statsOf(teenId)).toMatchObject({ paidJobs: ROUNDS, experiencePoints: ROUNDS * 86 });
    expect((await api.noticeTitlesOf(teenId)).filter((t) => t === 'Achievement unlocked: First Paycheck')).toHaveLength(1);
  });

  it('keeps the totals of five jobs of one teen released at once, and awards the fifth job achievement once', async () => {
    const { id: teenId, cast } = await api.anotherTeen();
    const jobs = [];
    for (let i = 0; i < 5; i++) jobs.push(await jobAt(api.t, cast, 'verified'));
    const answers = await Promise.all(jobs.map((job) => api.call('POST', `/api/jobs/${job.id}/release-payment`, cast.homeowner, {})));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const awards = await api.awardsOf(teenId);
    expect(awards).toHaveLength(5);
    const stats = await api.statsOf(teenId);
    expect(stats).toMatchObject({ paidJobs: 5, earningsCents: 5 * 3600, experiencePoints: awards.reduce((sum, a) => sum + a.points, 0) });
    expect(await api.achievementIdsOf(teenId)).toEqual(['earned_100', 'first_paid_job', 'five_paid_jobs', 'level_3']);
    const titles = await api.noticeTitlesOf(teenId);
    expect(titles.filter((t) => t === 'Achievement unlocked: On a Roll')).toHaveLength(1);
  });
});
