import { describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { DEFAULT_PREFERENCES, JobRecommendationsSchema, UserPreferencesSchema, type UserPreferences } from '../../../contract/preferences';
import { databaseKinds } from '../../test/databases';
import { signInAs } from '../../test/test-app';
import { eq } from 'drizzle-orm';
import { milesBetween } from '../../../domain/geo';
import { recommend } from '../../../domain/recommendations/score';
import { PgDialect } from 'drizzle-orm/pg-core';
import { jobs, users } from '../../db/schema';
import { firstBatchSql, prepareMatch } from './recommendations.service';
import { zipCentroid } from '../../geo/zip-centroids';
import { BORN_15, useSafetyApi } from '../safety/safety.test-support';
import { decideFor, legalHoursOn } from '../../../domain/safety-rules/engine';
import { parentLayer } from '../../../domain/safety-rules/rules';
import { machineContext } from '../jobs/job-viewer';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Everything a test does not name stays out of the way: any distance, kind, tool and score. */
const OPEN: UserPreferences = {
  ...DEFAULT_PREFERENCES,
  maxDistance: 15,
  maxJobDuration: 8,
  minMatchScore: 40,
  preferredCategories: [],
  physicalCapability: 'heavy',
  toolAccess: ['lawn_mower', 'leaf_blower', 'rake', 'shovel', 'hose', 'pruning_shears', 'wheelbarrow'],
};

describe.each(databaseKinds())('preferences on %s', (kind) => {
  const api = useSafetyApi(kind);
  const url = (id: string) => `/api/users/${id}/preferences`;

  it('answers spec 5 defaults before the teen saves, then what they saved, by POST and by PUT', async () => {
    const teen = await signInAs(api.t, 'teen');
    const first = await api.call('GET', url(teen.user.id), teen.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES).toMatchObject({ maxDistance: 5, minMatchScore: 60, maxJobDuration: 4, preferredTimeSlots: ['afternoon'], weatherPreferences: ['sunny', 'cloudy'] });

    const mine: UserPreferences = { ...DEFAULT_PREFERENCES, maxDistance: 3, maxJobDuration: 2.5, preferredCategories: ['snow_shoveling', 'cleaning'], toolAccess: ['shovel'], aiMatchingEnabled: false };
    const posted = await api.call('POST', url(teen.user.id), teen.cookie, mine);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toEqual(mine);
    expect((await api.call('GET', url(teen.user.id), teen.cookie)).json()).toEqual(mine);

    const replaced = { ...mine, minMatchScore: 90, experience: 'advanced' };
    const put = await api.call('PUT', url(teen.user.id), teen.cookie, replaced);
    expect(put.statusCode).toBe(200);
    expect(UserPreferencesSchema.parse((await api.call('GET', url(teen.user.id), teen.cookie)).json())).toEqual(replaced);
  });

  it.each([
    ['minMatchScore', 42, 'minMatchScore: Minimum match score must be in steps of 5 percent'],
    ['minMatchScore', 35, 'minMatchScore: Minimum match score must be at least 40 percent'],
    ['maxDistance', 16, 'maxDistance: Maximum distance must be at most 15 miles'],
    ['maxDistance', 2.5, 'maxDistance: Maximum distance must be in steps of 1 miles'],
    ['maxJobDuration', 4.25, 'maxJobDuration: Maximum job duration must be in steps of 0.5 hours'],
    ['maxJobDuration', '4', 'maxJobDuration: Maximum job duration must be a number'],
    ['experience', 'expert', 'experience: Experience: choose beginner, intermediate, advanced'],
    ['toolAccess', ['chainsaw'], 'toolAccess.0: Tools: choose from lawn_mower, leaf_blower, rake, shovel, hose, pruning_shears, wheelbarrow'],
    ['weatherPreferences', ['snow'], 'weatherPreferences.0: Weather: choose from sunny, cloudy, light_rain, overcast'],
    ['aiMatchingEnabled', 'yes', 'aiMatchingEnabled: AI matching must be true or false'],
    ['favouriteColour', 'green', 'Unknown field: favouriteColour'],
  ])('refuses %s = %j with a message naming the field', async (field, value, message) => {
    const teen = await signInAs(api.t, 'teen');
    for (const method of ['POST', 'PUT'] as const) {
      const response = await api.call(method, url(teen.user.id), teen.cookie, { ...DEFAULT_PREFERENCES, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect((await api.call('GET', url(teen.user.id), teen.cookie)).json()).toEqual(DEFAULT_PREFERENCES);
  });

  it('refuses a partial object', async () => {
    const teen = await signInAs(api.t, 'teen');
    const { experience: _, ...partial } = DEFAULT_PREFERENCES;
    const response = await api.call('POST', url(teen.user.id), teen.cookie, partial);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^experience: /);
  });

  it("never shows or changes another teen's preferences; admins may, for teens only", async () => {
    const teen = await signInAs(api.t, 'teen');
    const other = await signInAs(api.t, 'teen');
    const admin = await signInAs(api.t, 'admin');
    const saved = { ...DEFAULT_PREFERENCES, maxDistance: 9 };
    expect((await api.call('PUT', url(teen.user.id), teen.cookie, saved)).statusCode).toBe(200);

    for (const method of ['GET', 'POST', 'PUT'] as const) {
      const payload = method === 'GET' ? undefined : DEFAULT_PREFERENCES;
      expect((await api.call(method, url(teen.user.id), other.cookie, payload)).statusCode).toBe(403);
      expect((await api.call(method, url(teen.user.id), api.homeowner.cookie, payload)).statusCode).toBe(403);
      expect((await api.call(method, url(teen.user.id), api.coordinator.cookie, payload)).statusCode).toBe(403);
      expect((await api.call(method, url(teen.user.id), undefined, payload)).statusCode).toBe(401);
    }
    expect((await api.call('GET', url(teen.user.id), teen.cookie)).json()).toEqual(saved);
    expect((await api.call('GET', `/api/teens/${teen.user.id}/job-recommendations`, other.cookie)).statusCode).toBe(403);
    expect((await api.call('GET', `/api/teens/${teen.user.id}/job-recommendations`, api.homeowner.cookie)).statusCode).toBe(403);

    expect((await api.call('GET', url(teen.user.id), admin.cookie)).json()).toEqual(saved);
    expect((await api.call('PUT', url(teen.user.id), admin.cookie, DEFAULT_PREFERENCES)).statusCode).toBe(200);
    expect((await api.call('GET', url(teen.user.id), teen.cookie)).json()).toEqual(DEFAULT_PREFERENCES);
    expect((await api.call('GET', url(api.homeowner.user.id), admin.cookie)).statusCode).toBe(404);
    expect((await api.call('GET', url(UNKNOWN_ID), admin.cookie)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/teens/${UNKNOWN_ID}/job-recommendations`, admin.cookie)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/teens/${teen.user.id}/job-recommendations`, admin.cookie)).statusCode).toBe(200);
  });
});

describe.each(databaseKinds())('job recommendations on %s', (kind) => {
  const api = useSafetyApi(kind);
  const recommendations = async (teen: { user: { id: string }; cookie: string }, query = '') => {
    const response = await api.call('GET', `/api/teens/${teen.user.id}/job-recommendations${query}`, teen.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return JobRecommendationsSchema.parse(response.json());
  };
  const teenWith = async (preferences: Partial<UserPreferences>, dateOfBirth?: string) => {
    const teen = dateOfBirth ? await api.teen(dateOfBirth) : await signInAs(api.t, 'teen', { consent: 'approved' });
    const saved = await api.call('PUT', `/api/users/${teen.user.id}/preferences`, teen.cookie, { ...OPEN, ...preferences });
    expect(saved.statusCode, saved.body).toBe(200);
    return teen;
  };

  it('validates the limit: 1 to 50, 10 by default', async () => {
    const teen = await teenWith({});
    for (const bad of ['0', '51', 'abc', '2.5']) {
      const response = await api.call('GET', `/api/teens/${teen.user.id}/job-recommendations?limit=${bad}`, teen.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^limit: /);
    }
    for (let i = 0; i < 12; i++) await api.post({ title: `Limit job ${i}`, category: 'seasonal', equipment: [] });
    expect((await recommendations(teen)).recommendations).toHaveLength(10);
    expect((await recommendations(teen, '?limit=3')).recommendations).toHaveLength(3);
  });

  it('answers each job as GET /api/jobs/{id} shapes it for the teen, with a score and reasons, best first', async () => {
    const lawn = await api.post({ title: 'Mow with the reel mower', category: 'lawn_care', physicalDemands: 'easy', equipment: ['push_reel_mower'], payAmount: '60.00', estimatedDuration: 60, location: '5 Oak Street' });
    const teen = await teenWith({ preferredCategories: ['lawn_care'], minMatchScore: 60 });
    const { recommendations: list, matchingEnabled, excludedMost } = await recommendations(teen);
    expect(matchingEnabled).toBe(true);
    expect(excludedMost).toBeNull();
    const first = list[0]!;
    expect(first.id).toBe(lawn.id);
    const { matchScore, reasons, ...job } = first;
    const asJob: Job = (await api.call('GET', `/api/jobs/${lawn.id}`, teen.cookie)).json();
    expect(job).toEqual(asJob);
    expect(job.homeownerId).toBeNull();
    expect(job.location).toBe('Oak Street');
    expect(job.actions).toContain('lock');
    expect(reasons[0]).toEqual({ code: 'preferred_category', text: 'You picked Lawn Care.' });
    for (const item of list) {
      expect(item.matchScore).toBeGreaterThanOrEqual(60);
      expect(item.reasons.length).toBeGreaterThanOrEqual(1);
    }
    const order = list.map((r) => [r.matchScore, r.distance ?? 0, r.id] as const);
    expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : 1)));
    expect(matchScore).toBeGreaterThanOrEqual(list.at(-1)!.matchScore);
  });

  it('keeps out what the preferences rule out, and a job another teen locked', async () => {
    const far = await api.post({ title: 'Far away', zipCode: '02140', category: 'cleaning', equipment: [] });
    const long = await api.post({ title: 'Long one', estimatedDuration: 240, category: 'cleaning', equipment: [] });
    const hard = await api.post({ title: 'Heavy one', physicalDemands: 'hard', category: 'cleaning', equipment: [] });
    const hose = await api.post({ title: 'Needs a hose', category: 'cleaning', equipment: ['hose'] });
    const near = await api.post({ title: 'Near and easy', category: 'cleaning', physicalDemands: 'easy', equipment: [], estimatedDuration: 60 });
    const teen = await teenWith({ maxDistance: 2, maxJobDuration: 3, physicalCapability: 'moderate', toolAccess: ['rake'], preferredCategories: ['cleaning'] });
    const ids = (await recommendations(teen, '?limit=50')).recommendations.map((r) => r.id);
    expect(ids).toContain(near.id);
    for (const out of [far, long, hard, hose]) expect(ids).not.toContain(out.id);

    const loose = await teenWith({ preferredCategories: ['cleaning'] });
    const looseIds = (await recommendations(loose, '?limit=50')).recommendations.map((r) => r.id);
    for (const job of [far, long, hard, hose, near]) expect(looseIds).toContain(job.id);

    const other = await signInAs(api.t, 'teen', { consent: 'approved' });
    expect((await api.act(near, 'accept', other)).statusCode).toBe(200);
    expect((await recommendations(teen, '?limit=50')).recommendations.map((r) => r.id)).not.toContain(near.id);
  });

  it('follows the safety rules the lock applies: no power mower for a 15-year-old', async () => {
    const mower = await api.post({ title: 'Power mow', category: 'lawn_care', equipment: ['lawn_mower'], physicalDemands: 'medium' });
    const adult = await teenWith({ preferredCategories: ['lawn_care'] });
    const fifteen = await teenWith({ preferredCategories: ['lawn_care'] }, BORN_15);
    expect((await recommendations(adult, '?limit=50')).recommendations.map((r) => r.id)).toContain(mower.id);
    expect((await recommendations(fifteen, '?limit=50')).recommendations.map((r) => r.id)).not.toContain(mower.id);
  });

  it('recommends nothing without consent, or with matching off', async () => {
    const pending = await signInAs(api.t, 'teen');
    expect((await recommendations(pending)).recommendations).toEqual([]);
    const off = await teenWith({ aiMatchingEnabled: false });
    expect(await recommendations(off)).toEqual({ recommendations: [], matchingEnabled: false, excludedMost: null });
  });

  it('names the preference that keeps out the most open jobs when none matches', async () => {
    // Every job in this app is within 2.7 miles of 02139 and at most 4 hours: a 1-hour limit and a light
    // capability keep out many; nothing is farther than 15 miles.
    const teen = await teenWith({ maxJobDuration: 1, physicalCapability: 'light', preferredCategories: ['landscaping'], minMatchScore: 90 });
    const body = await recommendations(teen, '?limit=50');
    expect(body.recommendations).toEqual([]);
    expect(body.excludedMost).not.toBeNull();
    const { preference, jobs, text } = body.excludedMost!;
    expect(['maxJobDuration', 'physicalCapability', 'minMatchScore']).toContain(preference);
    expect(text).toMatch(new RegExp(`^${jobs} open jobs? `));

    const far = await teenWith({ maxDistance: 1, minMatchScore: 40 });
    await api.post({ title: 'Across town', zipCode: '02140', category: 'cleaning', equipment: [] });
    const farBody = await recommendations(far, '?limit=50');
    // Jobs in 02139 are 0 miles away: some match, so there is no empty-state line.
    expect(farBody.recommendations.length).toBeGreaterThan(0);
    expect(farBody.excludedMost).toBeNull();
  });

  it('lists exactly what the domain ranks over every job the teen could lock, for varied preferences', async () => {
    const random = (() => {
      let a = 7;
      return () => ((a = (a * 16807) % 2147483647) - 1) / 2147483646;
    })();
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    for (let i = 0; i < 30; i++) {
      await api.post({
        title: `Varied ${i}`,
        category: pick(['lawn_care', 'cleaning', 'seasonal', 'landscaping', 'leaf_raking'] as const),
        zipCode: pick(['02138', '02139', '02140', '02141', '02142'] as const),
        physicalDemands: pick(['easy', 'medium', 'hard'] as const),
        estimatedDuration: pick([30, 60, 90, 120, 180, 240] as const),
        payAmount: String(15 + 5 * Math.floor(random() * 40)),
        equipment: pick([[], ['rake'], ['hose'], ['shovel'], ['lawn_mower']] as const),
      });
    }
    const open = await api.t.database.db.select().from(jobs).where(eq(jobs.status, 'posted'));
    const preferenceSets: [Partial<UserPreferences>, string?][] = [
      [{}],
      [{ preferredCategories: ['cleaning'], maxDistance: 2, minMatchScore: 50 }],
      [{ experience: 'advanced', preferredTimeSlots: ['evening'], maxJobDuration: 3, toolAccess: ['rake', 'hose'] }],
      [{ physicalCapability: 'light', preferFamiliarNeighborhoods: false, requireAdultSupervision: false, minMatchScore: 45, weatherPreferences: ['light_rain'] }],
      [{ preferredCategories: ['lawn_care', 'landscaping'], avoidHeavyLifting: true, maxDistance: 1, minMatchScore: 40 }],
      [{ minMatchScore: 70, preferredCategories: ['seasonal'] }],
      // A 15-year-old on a school day: the evening holds 2 hours (5-7 PM), the day 3.
      [{ preferredTimeSlots: ['evening'], weatherPreferences: ['overcast'] }, BORN_15],
    ];
    const { ruleBook, localDate, localMinutes } = machineContext(api.t.ctx);
    for (const [preferences, dateOfBirth] of preferenceSets) {
      const teen = await teenWith(preferences, dateOfBirth);
      const [account] = await api.t.database.db.select().from(users).where(eq(users.id, teen.user.id));
      const saved = { ...OPEN, ...preferences };
      const milesByZip = new Map(['02138', '02139', '02140', '02141', '02142'].map((zip) => [zip, milesBetween(zipCentroid('02139')!, zipCentroid(zip)!)]));
      const facts = { dateOfBirth: account!.dateOfBirth, parentRules: parentLayer(account!.parentLimits), work: null };
      const legalHours = legalHoursOn(facts, ruleBook, localDate);
      const input = { preferences: saved, milesByZip, history: { completedByCategory: {}, workedZips: [] }, supervisedZips: ['02139'], legalHours };
      // The jobs the lock lets this teen have (a 15-year-old: no power equipment).
      const lockable = open.filter((job) => decideFor('lock', job, facts, ruleBook, { day: localDate, minutes: localMinutes }).allowed);
      const expected = recommend(lockable, input, 50).map((r) => [r.job.id, r.matchScore]);
      const actual = (await recommendations(teen, '?limit=50')).recommendations.map((r) => [r.id, r.matchScore]);
      expect(actual, JSON.stringify(preferences)).toEqual(expected);
    }
  });

  it('sends statements whose text is the same for every teen, so each is prepared once per connection', async () => {
    const dialect = new PgDialect();
    const texts = new Set<string>();
    for (const preferences of [{}, { preferredCategories: ['cleaning' as const], maxDistance: 1, toolAccess: [] }, { physicalCapability: 'light' as const, minMatchScore: 85 }]) {
      const teen = await teenWith(preferences);
      const [row] = await api.t.database.db.select().from(users).where(eq(users.id, teen.user.id));
      const { passwordHash: _, ...account } = row!;
      const setup = await prepareMatch(api.t.ctx, account);
      texts.add(dialect.sqlToQuery(firstBatchSql(setup, 15)).sql);
    }
    expect(texts.size).toBe(1);
  });

  it("follows the admins' service areas: a paused area's jobs stop being recommended, and come back when it resumes", async () => {
    const admin = await signInAs(api.t, 'admin');
    const across = await api.post({ title: 'Across the river', zipCode: '02141', category: 'cleaning', equipment: [] });
    const teen = await teenWith({ preferredCategories: ['cleaning'] });
    const listed = async () => (await recommendations(teen, '?limit=50')).recommendations;
    expect((await listed()).map((r) => r.id)).toContain(across.id);
    const pause = (active: boolean) => api.t.app.inject({ method: 'PATCH', url: '/api/admin/service-areas/02141', headers: { cookie: admin.cookie }, payload: { active } });
    try {
      expect((await pause(false)).statusCode).toBe(200);
      const paused = await listed();
      expect(paused.length).toBeGreaterThan(0);
      expect(paused.map((r) => r.id)).not.toContain(across.id);
      expect(paused.filter((r) => r.zipCode === '02141')).toEqual([]);
    } finally {
      expect((await pause(true)).statusCode).toBe(200);
    }
    expect((await listed()).map((r) => r.id)).toContain(across.id);
  });
});
