import { describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { databaseKinds } from '../../test/databases';
import { BORN_15, BORN_16, SCHOOL_DAY_3PM, useSafetyApi } from './safety.test-support';

const MOWER_RULES = [
  { id: 'us-under-16-power-equipment', citation: '29 CFR 570.33', text: expect.stringContaining('Teens under 16 may not use power-driven equipment') },
  { id: 'ma-under-16-power-machinery', citation: 'M.G.L. c. 149, § 61', text: expect.stringContaining('power-driven machinery') },
];

describe.each(databaseKinds())('the safety rules by age decide every lock, accept and start on %s', (kind) => {
  const api = useSafetyApi(kind);

  it('refuses a 15-year-old a mower job with the rule and what is open instead, leaves it posted, and lets them lock a rake job', async () => {
    const fifteen = await api.teen(BORN_15);
    const mower = await api.post({ equipment: ['lawn_mower'], category: 'lawn_care' });
    expect(mower.minimumAge).toBe(16);
    const refused = await api.act(mower, 'accept', fifteen);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'AGE_RULE',
      message: 'Teens under 16 may not use a power lawn mower (federal child labor rule, 29 CFR 570.33).',
      rules: MOWER_RULES,
      alternative: 'Jobs that need only hand tools are open to you.',
    });
    const seen = (await api.call('GET', `/api/jobs/${mower.id}`, fifteen.cookie)).json() as Job;
    expect(seen).toMatchObject({ status: 'posted', teenId: null, actions: [], blockedActions: [] });
    const rake = await api.post({ equipment: ['rake'] });
    expect(rake.minimumAge).toBe(14);
    const locked = await api.act(rake, 'accept', fifteen);
    expect(locked.json()).toMatchObject({ status: 'locked', teenId: fifteen.user.id, actions: ['finalize', 'release'] });
    expect((await api.act(rake, 'accept', fifteen)).json()).toMatchObject({ status: 'accepted' });
  });

  it('lets a 16-year-old take the mower job and refuses them the chain-saw job', async () => {
    const sixteen = await api.teen(BORN_16);
    const mower = await api.post({ equipment: ['lawn_mower'], category: 'lawn_care' });
    expect((await api.act(mower, 'accept', sixteen)).json()).toMatchObject({ status: 'locked' });
    expect((await api.act(mower, 'accept', sixteen)).json()).toMatchObject({ status: 'accepted' });
    const chainsaw = await api.post({ equipment: ['chainsaw'], category: 'outdoor_maintenance' });
    expect(chainsaw.minimumAge).toBe(18);
    const refused = await api.act(chainsaw, 'accept', sixteen);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'AGE_RULE',
      message: 'No one under 18 may use a chain saw (federal child labor rule, 29 CFR 570.65, Hazardous Occupations Order 14).',
      rules: [{ id: 'us-under-18-chain-saws-and-chippers', citation: '29 CFR 570.65, Hazardous Occupations Order 14', text: 'No one under 18 may use a chain saw or a wood chipper.' }],
      alternative: 'Jobs without a chain saw or a wood chipper are open to you.',
    });
    expect(((await api.call('GET', `/api/jobs/${chainsaw.id}`, sixteen.cookie)).json() as Job).status).toBe('posted');
  });

  it('refuses a 15-year-old with 2.5 hours worked on a school day the accept of a 1-hour job, saying what is left; the job stays theirs to release', async () => {
    const fifteen = await api.teen(BORN_15);
    const worked = await api.post({ estimatedDuration: 90 });
    await api.act(worked, 'accept', fifteen);
    await api.act(worked, 'accept', fifteen);
    api.t.clock.set(new Date(SCHOOL_DAY_3PM.getTime() - 3 * 3600_000)); // noon
    expect((await api.act(worked, 'start', fifteen)).statusCode).toBe(200);
    // The real time counts, not the estimate: 2.5 hours.
    api.t.clock.advance(150 * 60_000);
    expect((await api.act(worked, 'complete', fifteen)).statusCode).toBe(200);
    const next = await api.post({ estimatedDuration: 60 });
    const locked = (await api.act(next, 'accept', fifteen)).json() as Job;
    expect(locked.status).toBe('locked');
    // The job says so before the tap: its accept waits for another day.
    expect(locked.actions).toEqual(['release']);
    expect(locked.blockedActions).toEqual([
      {
        action: 'finalize',
        message: 'Teens under 16 may work at most 3 hours on a school day (federal child labor rule, 29 CFR 570.35(a)(5)). You have 0.5 hours left today; this job takes 1 hour.',
      },
    ]);
    const refused = await api.act(next, 'accept', fifteen);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'AGE_RULE',
      rules: [expect.objectContaining({ id: 'us-under-16-school-day' }), expect.objectContaining({ id: 'ma-under-16-school-day' })],
      alternative: 'You have 0.5 hours left today; this job takes 1 hour.',
    });
    expect((await api.act(next, 'release-lock', fifteen)).json()).toMatchObject({ status: 'posted' });
    api.t.clock.set(SCHOOL_DAY_3PM);
  });

  it('refuses a 15-year-old the start before 7 AM, naming the hour, and starts it at 7', async () => {
    const fifteen = await api.teen(BORN_15);
    const job = await api.post({ estimatedDuration: 60 });
    await api.act(job, 'accept', fifteen);
    await api.act(job, 'accept', fifteen);
    api.t.clock.set(new Date('2026-11-25T11:30:00Z')); // 6:30 AM in Boston, a school day
    const early = (await api.call('GET', `/api/jobs/${job.id}`, fifteen.cookie)).json() as Job;
    expect(early.blockedActions).toEqual([
      {
        action: 'start',
        message: 'Teens under 16 may work only between 7 AM and 7 PM, or until 9 PM from June 1 through Labor Day (federal child labor rule, 29 CFR 570.35(a)(6)). You may start at 7:00 AM.',
      },
    ]);
    const refused = await api.act(job, 'start', fifteen);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'AGE_RULE',
      rules: [expect.objectContaining({ id: 'us-under-16-time-of-day' }), expect.objectContaining({ id: 'ma-under-16-time-of-day' })],
      alternative: 'You may start at 7:00 AM.',
    });
    api.t.clock.set(new Date('2026-11-25T12:00:00Z')); // 7:00 AM
    expect((await api.act(job, 'start', fifteen)).json()).toMatchObject({ status: 'in_progress' });
    api.t.clock.set(SCHOOL_DAY_3PM);
  });

  it("shapes the explorer's cached page for each teen's age: a mower job offers its lock to a 16-year-old, not to a 15-year-old", async () => {
    const mower = await api.post({ equipment: ['leaf_blower'], title: 'Blow the leaves off the drive' });
    const fifteen = await api.teen(BORN_15);
    const sixteen = await api.teen(BORN_16);
    const lockOf = async (who: { cookie: string }) => {
      const list = (await api.call('GET', '/api/jobs?status=posted&limit=100', who.cookie)).json() as { jobs: Job[] };
      const found = list.jobs.find((j) => j.id === mower.id);
      return { actions: found?.actions, minimumAge: found?.minimumAge };
    };
    // Either order, either cache state: each teen gets their own answer.
    expect(await lockOf(sixteen)).toEqual({ actions: ['lock'], minimumAge: 16 });
    expect(await lockOf(fifteen)).toEqual({ actions: [], minimumAge: 16 });
    expect(await lockOf(sixteen)).toEqual({ actions: ['lock'], minimumAge: 16 });
  });
});
