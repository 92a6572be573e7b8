import { describe, expect, it } from 'vitest';
import type { Achievement, UserStats } from '../../../contract/progress';
import { databaseKinds } from '../../test/databases';
import { jobAt } from '../../test/job-flow';
import { signInAs, signUp } from '../../test/test-app';
import { NOON_BOSTON, useProgressApi } from './progress.test-support';

describe.each(databaseKinds())('progress API on %s', (kind) => {
  const api = useProgressApi(kind);

  it("answers a teen's stats before any paid job with zeros, level 1 and no rating", async () => {
    const { id, cookie } = await api.anotherTeen();
    const response = await api.call('GET', `/api/user-stats/${id}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      userId: id,
      level: 1,
      experiencePoints: 0,
      levelStartsAt: 0,
      nextLevelAt: 100,
      totalJobs: 0,
      totalEarnings: '0.00',
      averageRating: null,
      reviewCount: 0,
      currentStreak: 0,
      longestStreak: 0,
      achievementPoints: 0,
      levelTitle: 'Rookie',
      badges: [
        { id: 'five_star_club', title: '5-Star Club', description: 'An average rating of 4.8 or more', earned: false },
        { id: 'early_riser', title: 'Early Riser', description: 'Started a job before 8 AM', earned: false },
        { id: 'top_earner', title: 'Top Earner', description: 'Earned more than $500', earned: false },
        { id: 'reliable', title: 'Reliable', description: 'More than 10 paid jobs', earned: false },
      ],
    } satisfies UserStats);
    expect((await api.call('GET', `/api/achievements/${id}`, cookie)).json()).toEqual([]);
  });

  it('answers the figures of paid jobs and the achievements earned, newest first', async () => {
    const { id, cookie, cast } = await api.anotherTeen();
    await api.paidJob(cast, { payAmount: '100.00' });
    api.t.clock.set(new Date(NOON_BOSTON.getTime() + 3600_000));
    await api.paidJob(cast, { payAmount: '100.00' });
    const stats: UserStats = (await api.call('GET', `/api/user-stats/${id}`, cookie)).json();
    // 2 x (50 + 90) = 280 XP: level 2, from 100 to 300.
    expect(stats).toMatchObject({ level: 2, experiencePoints: 280, levelStartsAt: 100, nextLevelAt: 300, totalJobs: 2, totalEarnings: '180.00', currentStreak: 1, longestStreak: 1, achievementPoints: 30 });
    const achievements: Achievement[] = (await api.call('GET', `/api/achievements/${id}`, cookie)).json();
    expect(achievements.map((a) => [a.id, a.type, a.rarity, a.points])).toEqual([
      ['earned_100', 'milestone', 'common', 20],
      ['first_paid_job', 'jobs_completed', 'common', 10],
    ]);
    expect(achievements[1]).toMatchObject({ title: 'First Paycheck', description: 'Finish your first job and get paid for it.' });
    expect(Date.parse(achievements[0]!.earnedAt)).toBeGreaterThan(Date.parse(achievements[1]!.earnedAt));
  });

  it('gives Early Riser for a paid job started before 8 AM in the service time zone, and Top Earner above $500', async () => {
    const { id, cookie, cast } = await api.anotherTeen();
    // 7 AM in Boston: within work hours, before 8.
    api.t.clock.set(new Date('2026-06-15T11:00:00Z'));
    await api.paidJob(cast, { payAmount: '500.00' });
    await api.paidJob(cast, { payAmount: '100.00' });
    const stats: UserStats = (await api.call('GET', `/api/user-stats/${id}`, cookie)).json();
    expect(stats.badges.filter((b) => b.earned).map((b) => b.id)).toEqual(['early_riser', 'top_earner']);
    expect(await api.achievementIdsOf(id)).toContain('early_riser');
  });

  it("lets the teen, admins, the teen's area coordinator and a homeowner the teen took a job for read; refuses everyone else", async () => {
    const { id, cookie, cast } = await api.anotherTeen();
    const homeownerWithJob = await signUp(api.t, 'homeowner');
    await jobAt(api.t, { ...cast, homeowner: homeownerWithJob.cookie }, 'accepted');
    const homeownerWithOpenJob = await signUp(api.t, 'homeowner');
    // A job posted but not taken by this teen does not open their progress.
    await jobAt(api.t, { ...cast, homeowner: homeownerWithOpenJob.cookie }, 'posted');
    const readers = {
      teen: [cookie, 200],
      admin: [(await signInAs(api.t, 'admin')).cookie, 200],
      areaCoordinator: [cast.coordinator, 200],
      homeownerWithJob: [homeownerWithJob.cookie, 200],
      homeownerWithOpenJob: [homeownerWithOpenJob.cookie, 403],
      otherCoordinator: [(await signInAs(api.t, 'coordinator', { coordinatorZips: ['02141'] })).cookie, 403],
      otherHomeowner: [(await signUp(api.t, 'homeowner')).cookie, 403],
      otherTeen: [(await api.anotherTeen()).cookie, 403],
      signedOut: [undefined, 401],
    } as const;
    for (const path of ['user-stats', 'achievements']) {
      const answers = Object.fromEntries(await Promise.all(Object.entries(readers).map(async ([who, [c]]) => [who, (await api.call('GET', `/api/${path}/${id}`, c)).statusCode])));
      expect(answers, path).toEqual(Object.fromEntries(Object.entries(readers).map(([who, [, status]]) => [who, status])));
    }
  });

  it("refuses an id that is not a teen's alike (an admin is told not found) and a malformed one", async () => {
    const admin = (await signInAs(api.t, 'admin')).cookie;
    for (const path of ['user-stats', 'achievements']) {
      expect((await api.call('GET', `/api/${path}/${api.ids.homeowner}`, admin)).statusCode).toBe(404);
      expect((await api.call('GET', `/api/${path}/${api.ids.homeowner}`, api.cast.teen)).statusCode).toBe(403);
      expect((await api.call('GET', `/api/${path}/00000000-0000-4000-8000-000000000000`, api.cast.teen)).statusCode).toBe(403);
      expect((await api.call('GET', `/api/${path}/not-a-uuid`, api.cast.teen)).statusCode).toBe(400);
    }
  });

  it("tells a homeowner nothing about the teen's person: no name, email, birth date or place", async () => {
    const teen = await signInAs(api.t, 'teen', { consent: 'approved' });
    const cast = { ...api.cast, teen: teen.cookie };
    await api.paidJob(cast);
    for (const path of ['user-stats', 'achievements']) {
      const body = (await api.call('GET', `/api/${path}/${teen.user.id}`, cast.homeowner)).body;
      expect(body).not.toContain(teen.email);
      expect(body).not.toContain(teen.user.fullName.split(' ').at(-1));
      expect(body).not.toMatch(/dateOfBirth|zipCode|email|phone|fullName|location/);
    }
  });
});
