import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChallengeProgress, SeasonalChallenge } from '../../../contract/progress';
import { challengeParticipants, seasonalChallenges } from '../../db/schema';
import { firstRow } from '../../errors';
import { databaseKinds } from '../../test/databases';
import { signInAs, signUp } from '../../test/test-app';
import { ensureSeasonChallenge } from './challenges.service';
import { NOON_BOSTON, useProgressApi, type ProgressApi } from './progress.test-support';

const DAY_MS = 24 * 3600_000;

/** A challenge as an admin would add it (there is no admin call for it yet): lawn care, 2 jobs, 120 points. */
async function addChallenge(api: ProgressApi, overrides: Partial<typeof seasonalChallenges.$inferInsert> = {}): Promise<string> {
  const rows = await api.t.database.db
    .insert(seasonalChallenges)
    .values({
      title: 'Mow Two',
      description: 'Two lawns this summer.',
      season: 'summer',
      startDate: '2026-06-01',
      endDate: '2026-06-30',
      jobsCount: 2,
      categories: ['lawn_care', 'landscaping'],
      rewardPoints: 120,
      rewardTitle: 'Mower',
      ...overrides,
    })
    .returning({ id: seasonalChallenges.id });
  return firstRow(rows, 'the new challenge').id;
}

describe.each(databaseKinds())('seasonal challenges on %s', (kind) => {
  const api = useProgressApi(kind);

  it("seeds this season's challenge once, however often it is asked, and lists it active to everyone signed in", async () => {
    expect(await ensureSeasonChallenge(api.t.database.db, NOON_BOSTON, 'America/New_York')).toBe(true);
    expect(await ensureSeasonChallenge(api.t.database.db, NOON_BOSTON, 'America/New_York')).toBe(false);
    const seeded = await api.t.database.db.select().from(seasonalChallenges).where(eq(seasonalChallenges.seedKey, 'season:summer:2026'));
    expect(seeded).toHaveLength(1);
    const response = await api.call('GET', '/api/seasonal-challenges', api.cast.homeowner);
    expect(response.statusCode, response.body).toBe(200);
    const listed: SeasonalChallenge[] = response.json();
    expect(listed.find((c) => c.id === seeded[0]!.id)).toEqual({
      id: seeded[0]!.id,
      title: 'Summer Lawn Pro',
      description: 'Get paid for 5 lawn care or landscaping jobs this summer.',
      season: 'summer',
      endDate: '2026-08-31',
      isActive: true,
      maxParticipants: 500,
      requirements: { jobsCount: 5, categories: ['lawn_care', 'landscaping'] },
      rewards: { points: 250, title: 'Lawn Legend' },
      participants: 0,
      joined: false,
    } satisfies SeasonalChallenge);
    expect((await api.call('GET', '/api/seasonal-challenges')).statusCode).toBe(401);
  });

  it('lets a teen join an active challenge once; refuses other roles, ended, unknown and unstarted challenges', async () => {
    const id = await addChallenge(api);
    const { cookie } = await api.anotherTeen();
    const joined = await api.call('POST', `/api/seasonal-challenges/${id}/join`, cookie, {});
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ id, joined: true, participants: 1 });
    const again = await api.call('POST', `/api/seasonal-challenges/${id}/join`, cookie, {});
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([409, 'You have already joined this challenge.']);
    const listed: SeasonalChallenge[] = (await api.call('GET', '/api/seasonal-challenges', cookie)).json();
    expect(listed.find((c) => c.id === id)).toMatchObject({ joined: true, participants: 1 });
    expect((await api.call('POST', `/api/seasonal-challenges/${id}/join`, api.cast.homeowner, {})).statusCode).toBe(403);
    expect((await api.call('POST', `/api/seasonal-challenges/${id}/join`, undefined, {})).statusCode).toBe(401);
    const ended = await addChallenge(api, { endDate: '2026-06-14' });
    const refused = await api.call('POST', `/api/seasonal-challenges/${ended}/join`, cookie, {});
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([409, 'This challenge has ended.']);
    const off = await addChallenge(api, { isActive: false });
    expect((await api.call('POST', `/api/seasonal-challenges/${off}/join`, cookie, {})).statusCode).toBe(409);
    const later = await addChallenge(api, { startDate: '2026-07-01', endDate: '2026-07-31' });
    expect((await api.call('POST', `/api/seasonal-challenges/${later}/join`, cookie, {})).statusCode).toBe(404);
    expect((await api.call('POST', '/api/seasonal-challenges/00000000-0000-4000-8000-000000000000/join', cookie, {})).statusCode).toBe(404);
    expect((await api.call('POST', '/api/seasonal-challenges/nope/join', cookie, {})).statusCode).toBe(400);
  });

  it('counts paid jobs in its categories after joining until its end date, completes it once with its points and title', async () => {
    const id = await addChallenge(api);
    const { id: teenId, cookie, cast } = await api.anotherTeen();
    // Paid before joining: does not count.
    await api.paidJob(cast, { category: 'lawn_care' });
    api.t.clock.set(new Date(NOON_BOSTON.getTime() + 3600_000));
    expect((await api.call('POST', `/api/seasonal-challenges/${id}/join`, cookie, {})).statusCode).toBe(200);
    await api.paidJob(cast, { category: 'leaf_raking' });
    await api.paidJob(cast, { category: 'lawn_care' });
    const progress = async (): Promise<ChallengeProgress | undefined> =>
      (await api.call('GET', `/api/challenge-progress/${teenId}`, cookie)).json<ChallengeProgress[]>().find((p) => p.challengeId === id);
    expect(await progress()).toMatchObject({ isCompleted: false, progress: { jobsCompleted: 1 }, completedAt: null });
    await api.paidJob(cast, { category: 'landscaping' });
    expect(await progress()).toMatchObject({ isCompleted: true, progress: { jobsCompleted: 2 } });
    await api.paidJob(cast, { category: 'lawn_care' });
    expect(await progress()).toMatchObject({ isCompleted: true, progress: { jobsCompleted: 2 } });
    const challengeAwards = (await api.awardsOf(teenId)).filter((a) => a.event === 'challenge_completed');
    expect(challengeAwards.map((a) => [a.source, a.points])).toEqual([[`challenge:${id}:completed`, 120]]);
    expect(await api.statsOf(teenId)).toMatchObject({ challengesCompleted: 1, paidJobs: 5 });
    expect(await api.achievementIdsOf(teenId)).toContain('first_challenge');
    const titles = await api.noticeTitlesOf(teenId);
    expect(titles).toContain('Challenge completed: Mow Two');
    expect(titles).toContain('Achievement unlocked: Challenge Champion');
  });

  it('stops counting after the end date', async () => {
    const id = await addChallenge(api, { endDate: '2026-06-15' });
    const { id: teenId, cookie, cast } = await api.anotherTeen();
    expect((await api.call('POST', `/api/seasonal-challenges/${id}/join`, cookie, {})).statusCode).toBe(200);
    api.t.clock.set(new Date(NOON_BOSTON.getTime() + DAY_MS));
    await api.paidJob(cast, { category: 'lawn_care' });
    const [row] = await api.t.database.db.select().from(challengeParticipants).where(eq(challengeParticipants.userId, teenId));
    expect(row?.jobsCompleted).toBe(0);
    const listed: SeasonalChallenge[] = (await api.call('GET', '/api/seasonal-challenges', cookie)).json();
    expect(listed.find((c) => c.id === id)).toMatchObject({ isActive: false, joined: true });
  });

  it("shows a teen's challenge progress to the teen, admins and their area coordinator, not to other teens or homeowners they have not worked for", async () => {
    const { id, cookie, cast } = await api.anotherTeen();
    const readers = [
      [cookie, 200],
      [(await signInAs(api.t, 'admin')).cookie, 200],
      [cast.coordinator, 200],
      [(await api.anotherTeen()).cookie, 403],
      [(await signUp(api.t, 'homeowner')).cookie, 403],
      [undefined, 401],
    ] as const;
    for (const [c, status] of readers) expect((await api.call('GET', `/api/challenge-progress/${id}`, c)).statusCode).toBe(status);
  });
});

/** PGlite runs one connection at a time and hides races: the rounds that matter run on PostgreSQL. */
describe.each(databaseKinds())('joining a nearly full challenge under concurrency on %s', (kind) => {
  const api = useProgressApi(kind);
  const ROUNDS = kind === 'postgres' ? 3 : 1;

  it(`lets exactly maxParticipants of 10 teens joining at once in, ${ROUNDS} times over`, async () => {
    const teens = [];
    for (let i = 0; i < 10; i++) teens.push(await api.anotherTeen());
    for (let round = 0; round < ROUNDS; round++) {
      const id = await addChallenge(api, { maxParticipants: 3 });
      const answers = await Promise.all(teens.map((teen) => api.call('POST', `/api/seasonal-challenges/${id}/join`, teen.cookie, {})));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, ...Array<number>(7).fill(409)]);
      expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json<{ message: string }>().message === 'This challenge is full.')).toBe(true);
      const [challenge] = await api.t.database.db.select().from(seasonalChallenges).where(eq(seasonalChallenges.id, id));
      expect(challenge?.participantCount).toBe(3);
      expect(await api.t.database.db.select().from(challengeParticipants).where(eq(challengeParticipants.challengeId, id))).toHaveLength(3);
    }
  });
});

describe.each(databaseKinds())('admins adding challenges on %s', (kind) => {
  const api = useProgressApi(kind);
  const valid = {
    title: 'June Mowing Month',
    description: 'Four lawns before July.',
    season: 'summer',
    endDate: '2026-06-30',
    maxParticipants: 20,
    requirements: { jobsCount: 4, categories: ['lawn_care', 'lawn_care'] },
    rewards: { points: 200, title: 'June Mower' },
  };

  it('adds a challenge from today that teens see and join at once', async () => {
    const admin = await signInAs(api.t, 'admin');
    const created = await api.call('POST', '/api/seasonal-challenges', admin.cookie, valid);
    expect(created.statusCode, created.body).toBe(201);
    const challenge: SeasonalChallenge = created.json();
    expect(challenge).toMatchObject({ title: 'June Mowing Month', season: 'summer', endDate: '2026-06-30', isActive: true, maxParticipants: 20, participants: 0 });
    expect(challenge.requirements).toEqual({ jobsCount: 4, categories: ['lawn_care'] });
    const { cookie } = await api.anotherTeen();
    expect((await api.call('POST', `/api/seasonal-challenges/${challenge.id}/join`, cookie, {})).statusCode).toBe(200);
    const [row] = await api.t.database.db.select().from(seasonalChallenges).where(eq(seasonalChallenges.id, challenge.id));
    expect(row?.startDate).toBe('2026-06-15');
    const log = await api.call('GET', `/api/admin/audit-log?action=challenge.add&target=${challenge.id}`, admin.cookie);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json<{ entries: { actor: { id: string }; targetType: string; changes: Record<string, unknown> }[] }>().entries.map((e) => [e.actor.id, e.targetType, e.changes.title])).toEqual([
      [admin.user.id, 'challenge', 'June Mowing Month'],
    ]);
  });

  it('refuses everyone but admins, and names what is wrong', async () => {
    const admin = (await signInAs(api.t, 'admin')).cookie;
    for (const cookie of [api.cast.teen, api.cast.homeowner, api.cast.coordinator]) expect((await api.call('POST', '/api/seasonal-challenges', cookie, valid)).statusCode).toBe(403);
    expect((await api.call('POST', '/api/seasonal-challenges', undefined, valid)).statusCode).toBe(401);
    const refusals: [Record<string, unknown>, string][] = [
      [{ endDate: '2026-06-14' }, 'endDate'],
      [{ endDate: '2026-02-30' }, 'endDate'],
      [{ season: 'monsoon' }, 'season'],
      [{ title: 'x'.repeat(81) }, 'title'],
      [{ maxParticipants: 0 }, 'maxParticipants'],
      [{ requirements: { jobsCount: 0, categories: ['lawn_care'] } }, 'requirements.jobsCount'],
      [{ requirements: { jobsCount: 2, categories: [] } }, 'requirements.categories'],
      [{ rewards: { points: -1, title: 'x' } }, 'rewards.points'],
    ];
    for (const [change, field] of refusals) {
      const response = await api.call('POST', '/api/seasonal-challenges', admin, { ...valid, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(response.json<{ fields?: Record<string, string> }>().fields ?? {}), JSON.stringify(change)).toContain(field);
    }
  });
});
