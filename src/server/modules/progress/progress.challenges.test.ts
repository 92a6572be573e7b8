import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../contract/admin';
import type { AdminChallenge, AdminChallengeList, ChallengeProgress, SeasonalChallenge } from '../../../contract/progress';
import { challengeParticipants, seasonalChallenges } from '../../db/schema';
import { firstRow } from '../../errors';
import { databaseKinds } from '../../test/databases';
import { signInAs, signUp } from '../../test/test-app';
import { ensureSeasonChallenge } from './challenges.service';
import { NOON_BOSTON, useProgressApi, type ProgressApi } from './progress.test-support';

const DAY_MS = 24 * 3600_000;

/** A challenge written straight into the table (so it can start and end in the past): lawn care, 2 jobs, 120 points. */
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

/** An admin lowering the limit while teens join: the limit never ends below the teens who joined. */
describe.each(databaseKinds())('lowering maxParticipants while teens join on %s', (kind) => {
  const api = useProgressApi(kind);
  const ROUNDS = kind === 'postgres' ? 3 : 1;

  it(`either lowers it before the joins fill it or refuses, ${ROUNDS} times over`, async () => {
    const admin = (await signInAs(api.t, 'admin')).cookie;
    const teens = [];
    for (let i = 0; i < 8; i++) teens.push(await api.anotherTeen());
    for (let round = 0; round < ROUNDS; round++) {
      const id = await addChallenge(api, { maxParticipants: 10 });
      const [edit, ...joins] = await Promise.all([
        api.call('PATCH', `/api/seasonal-challenges/${id}`, admin, { maxParticipants: 3 }),
        ...teens.map((teen) => api.call('POST', `/api/seasonal-challenges/${id}/join`, teen.cookie, {})),
      ]);
      const [row] = await api.t.database.db.select().from(seasonalChallenges).where(eq(seasonalChallenges.id, id));
      const members = await api.t.database.db.select().from(challengeParticipants).where(eq(challengeParticipants.challengeId, id));
      const joined = joins.filter((j) => j.statusCode === 200).length;
      expect([row?.participantCount, members.length]).toEqual([joined, joined]);
      if (edit!.statusCode === 200) {
        expect(row?.maxParticipants).toBe(3);
        expect(joined).toBeLessThanOrEqual(3);
      } else {
        expect([edit!.statusCode, Object.keys(edit!.json<{ fields: object }>().fields)]).toEqual([400, ['maxParticipants']]);
        expect(row?.maxParticipants).toBe(10);
        expect(joined).toBe(8);
      }
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

describe.each(databaseKinds())('admins listing and editing challenges on %s', (kind) => {
  const api = useProgressApi(kind);
  const adminCookie = async () => (await signInAs(api.t, 'admin')).cookie;
  const rowOf = async (id: string) => firstRow(await api.t.database.db.select().from(seasonalChallenges).where(eq(seasonalChallenges.id, id)), 'the challenge');
  const auditOf = async (admin: string, id: string) =>
    (await api.call('GET', `/api/admin/audit-log?target=${id}`, admin)).json<{ entries: AuditEntry[] }>().entries;
  const edit = (id: string, cookie: string | undefined, body: unknown) => api.call('PATCH', `/api/seasonal-challenges/${id}`, cookie, body);

  it('lists every challenge to admins with its state, dates, participants and completions; teens see only the started ones', async () => {
    const admin = await adminCookie();
    const ended = await addChallenge(api, { title: 'Ended', startDate: '2026-05-01', endDate: '2026-06-14' });
    const active = await addChallenge(api, { title: 'Active', maxParticipants: 5 });
    const paused = await addChallenge(api, { title: 'Paused', isActive: false });
    const created = await api.call('POST', '/api/seasonal-challenges', admin, {
      title: 'July Rakes',
      description: 'Starts next month.',
      season: 'summer',
      startDate: '2026-07-01',
      endDate: '2026-07-31',
      maxParticipants: null,
      requirements: { jobsCount: 1, categories: ['leaf_raking'] },
      rewards: { points: 10, title: 'Raker' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const upcoming = created.json<SeasonalChallenge>().id;
    const { cookie } = await api.anotherTeen();
    expect((await api.call('POST', `/api/seasonal-challenges/${active}/join`, cookie, {})).statusCode).toBe(200);

    const response = await api.call('GET', '/api/admin/seasonal-challenges', admin);
    expect(response.statusCode, response.body).toBe(200);
    const byId = new Map(response.json<AdminChallengeList>().challenges.map((c) => [c.id, c]));
    expect(byId.get(ended)).toMatchObject({ state: 'ended', startDate: '2026-05-01', endDate: '2026-06-14', participants: 0, completions: 0 });
    expect(byId.get(active)).toMatchObject({ state: 'active', isActive: true, participants: 1, maxParticipants: 5 });
    expect(byId.get(paused)).toMatchObject({ state: 'paused', isActive: false });
    expect(byId.get(upcoming)).toMatchObject({ state: 'upcoming', startDate: '2026-07-01', endDate: '2026-07-31', maxParticipants: null, requirements: { jobsCount: 1, categories: ['leaf_raking'] } });
    expect(byId.get(upcoming)).not.toHaveProperty('joined');

    const teenList: SeasonalChallenge[] = (await api.call('GET', '/api/seasonal-challenges', cookie)).json();
    expect(teenList.some((c) => c.id === upcoming)).toBe(false);
    expect((await api.call('POST', `/api/seasonal-challenges/${upcoming}/join`, cookie, {})).statusCode).toBe(404);
    for (const [c, status] of [[api.cast.teen, 403], [api.cast.homeowner, 403], [api.cast.coordinator, 403], [undefined, 401]] as const) {
      expect((await api.call('GET', '/api/admin/seasonal-challenges', c)).statusCode).toBe(status);
    }
  });

  it('edits any field, records each change from and to in the audit log, and records nothing when nothing changes', async () => {
    const admin = await signInAs(api.t, 'admin');
    const id = await addChallenge(api, { maxParticipants: 10 });
    const body = {
      title: 'Mow Three',
      description: 'Three lawns in June.',
      season: 'spring',
      startDate: '2026-06-10',
      endDate: '2026-07-15',
      maxParticipants: 25,
      requirements: { jobsCount: 3, categories: ['lawn_care', 'snow_shoveling'] },
      rewards: { points: 300, title: 'Mower Pro' },
    };
    const response = await edit(id, admin.cookie, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminChallenge>()).toMatchObject({ ...body, id, state: 'active', isActive: true, participants: 0, completions: 0 });
    expect(await rowOf(id)).toMatchObject({ title: 'Mow Three', startDate: '2026-06-10', endDate: '2026-07-15', maxParticipants: 25, jobsCount: 3, categories: ['lawn_care', 'snow_shoveling'], rewardPoints: 300, rewardTitle: 'Mower Pro' });
    const [entry, ...rest] = await auditOf(admin.cookie, id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ action: 'challenge.update', targetType: 'challenge', actor: { id: admin.user.id } });
    expect(entry?.changes).toEqual({
      title: { from: 'Mow Two', to: 'Mow Three' },
      description: { from: 'Two lawns this summer.', to: 'Three lawns in June.' },
      season: { from: 'summer', to: 'spring' },
      startDate: { from: '2026-06-01', to: '2026-06-10' },
      endDate: { from: '2026-06-30', to: '2026-07-15' },
      maxParticipants: { from: 10, to: 25 },
      jobsCount: { from: 2, to: 3 },
      categories: { from: ['lawn_care', 'landscaping'], to: ['lawn_care', 'snow_shoveling'] },
      rewardPoints: { from: 120, to: 300 },
      rewardTitle: { from: 'Mower', to: 'Mower Pro' },
    });

    // One field, a minute later (the log is newest first; acts of one instant have no order): only it
    // is recorded; the same values again change and record nothing.
    api.t.clock.advance(60_000);
    const limit = await edit(id, admin.cookie, { maxParticipants: null });
    expect(limit.json<AdminChallenge>().maxParticipants).toBeNull();
    expect((await edit(id, admin.cookie, { ...body, maxParticipants: null })).statusCode).toBe(200);
    expect((await edit(id, admin.cookie, {})).statusCode).toBe(200);
    const entries = await auditOf(admin.cookie, id);
    expect(entries.map((e) => e.changes)).toEqual([{ maxParticipants: { from: 25, to: null } }, entry?.changes]);

    const pausedAnswer = await edit(id, admin.cookie, { isActive: false });
    expect(pausedAnswer.json<AdminChallenge>()).toMatchObject({ isActive: false, state: 'paused' });
    const { cookie } = await api.anotherTeen();
    expect((await api.call('POST', `/api/seasonal-challenges/${id}/join`, cookie, {})).statusCode).toBe(409);
    expect((await edit('00000000-0000-4000-8000-000000000000', admin.cookie, { title: 'Nobody' })).statusCode).toBe(404);
    expect((await edit('nope', admin.cookie, { title: 'Nobody' })).statusCode).toBe(400);
  });

  it('refuses everyone but admins and changes nothing', async () => {
    const id = await addChallenge(api);
    for (const [cookie, status] of [[api.cast.teen, 403], [api.cast.homeowner, 403], [api.cast.coordinator, 403], [undefined, 401]] as const) {
      expect((await edit(id, cookie, { maxParticipants: 1 })).statusCode).toBe(status);
    }
    expect(await rowOf(id)).toMatchObject({ title: 'Mow Two', maxParticipants: null });
    expect(await auditOf(await adminCookie(), id)).toEqual([]);
  });

  it('names what is wrong: the schema, the dates against the stored ones, and a limit below the teens who joined', async () => {
    const admin = await adminCookie();
    const id = await addChallenge(api, { maxParticipants: 5 });
    for (let i = 0; i < 2; i++) expect((await api.call('POST', `/api/seasonal-challenges/${id}/join`, (await api.anotherTeen()).cookie, {})).statusCode).toBe(200);
    const refusals: [Record<string, unknown>, string, string?][] = [
      [{ title: 'x' }, 'title'],
      [{ season: 'monsoon' }, 'season'],
      [{ startDate: '2026-13-01' }, 'startDate'],
      [{ endDate: '2026-02-30' }, 'endDate'],
      [{ startDate: '2026-06-20', endDate: '2026-06-19' }, 'endDate', 'The end date must be on or after the start date'],
      // Only one date sent: judged against the stored other one (start 2026-06-01, end 2026-06-30).
      [{ startDate: '2026-06-16' }, 'startDate', 'Teens have joined: the start date cannot move past today'],
      [{ endDate: '2026-05-31' }, 'endDate', 'The end date has passed'],
      [{ maxParticipants: 1 }, 'maxParticipants', '2 teens have joined: maxParticipants cannot be below that'],
      [{ maxParticipants: 0 }, 'maxParticipants'],
      [{ maxParticipants: 2.5 }, 'maxParticipants'],
      [{ requirements: { jobsCount: 0, categories: ['lawn_care'] } }, 'requirements.jobsCount'],
      [{ requirements: { jobsCount: 2, categories: ['babysitting'] } }, 'requirements.categories.0'],
      [{ requirements: { jobsCount: 2, categories: [] } }, 'requirements.categories'],
      [{ requirements: { jobsCount: 2 } }, 'requirements.categories'],
      [{ rewards: { points: -1, title: 'x' } }, 'rewards.points'],
      [{ rewards: { points: 10, title: ' ' } }, 'rewards.title'],
      [{ isActive: 'yes' }, 'isActive'],
    ];
    for (const [change, field, message] of refusals) {
      const response = await edit(id, admin, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const fields = response.json<{ fields?: Record<string, string> }>().fields ?? {};
      expect(Object.keys(fields), JSON.stringify(change)).toContain(field);
      if (message) expect(fields[field]).toBe(message);
    }
    // An end date before a stored start date, with only the end date sent.
    const later = await addChallenge(api, { startDate: '2026-07-01', endDate: '2026-07-31' });
    const early = await edit(later, admin, { endDate: '2026-06-20' });
    expect([early.statusCode, early.json<{ fields?: Record<string, string> }>().fields]).toEqual([400, { endDate: 'The end date must be on or after the start date' }]);
    // Unknown fields are refused, not ignored.
    expect((await edit(id, admin, { participantCount: 0 })).statusCode).toBe(400);
    expect(await rowOf(id)).toMatchObject({ maxParticipants: 5, participantCount: 2, startDate: '2026-06-01', endDate: '2026-06-30' });
    expect(await auditOf(admin, id)).toEqual([]);
    // Down to the teens who joined is allowed, and the next teen is then refused.
    expect((await edit(id, admin, { maxParticipants: 2 })).statusCode).toBe(200);
    const refused = await api.call('POST', `/api/seasonal-challenges/${id}/join`, (await api.anotherTeen()).cookie, {});
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([409, 'This challenge is full.']);
  });

  it('leaves the teens who completed it their completion, title and points when its requirements and rewards change', async () => {
    const admin = await adminCookie();
    const id = await addChallenge(api);
    const { id: teenId, cookie, cast } = await api.anotherTeen();
    expect((await api.call('POST', `/api/seasonal-challenges/${id}/join`, cookie, {})).statusCode).toBe(200);
    await api.paidJob(cast, { category: 'lawn_care' });
    await api.paidJob(cast, { category: 'lawn_care' });
    const statsBefore = await api.statsOf(teenId);
    const edited = await edit(id, admin, { requirements: { jobsCount: 10, categories: ['cleaning'] }, rewards: { points: 5000, title: 'Changed' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminChallenge>()).toMatchObject({ participants: 1, completions: 1 });
    const progress = (await api.call('GET', `/api/challenge-progress/${teenId}`, cookie)).json<ChallengeProgress[]>().find((p) => p.challengeId === id);
    expect(progress).toMatchObject({ isCompleted: true, progress: { jobsCompleted: 2 } });
    const challengeAwards = (await api.awardsOf(teenId)).filter((a) => a.event === 'challenge_completed');
    expect(challengeAwards.map((a) => [a.source, a.points])).toEqual([[`challenge:${id}:completed`, 120]]);
    expect(await api.statsOf(teenId)).toEqual(statsBefore);
  });
});
