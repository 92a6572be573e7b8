import { describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { NO_PARENT_LIMITS, type ParentLimits } from '../../../contract/safety';
import { databaseKinds } from '../../test/databases';
import { validJob } from '../../test/fixtures';
import { useConsentApi, type Person } from './consent.test-helpers';

const LIMITS: ParentLimits = { maxHoursPerWeek: 2, latestFinish: '17:00', blockedCategories: ['snow_shoveling', 'leaf_raking'], noHardJobs: true };

describe.each(databaseKinds())("a parent's own limits, through the consent link, on %s", (kind) => {
  const api = useConsentApi(kind);
  const limitsOf = (token: string) => api.call('GET', `/api/parental-consent/${token}/limits`);
  const setLimits = (token: string, limits: unknown) => api.t.app.inject({ method: 'PUT', url: `/api/parental-consent/${token}/limits`, payload: limits as object });
  /** A teen whose parent signed, born on `birthday`, and the link the parent signed through. */
  const signedTeen = async (name: string, birthday?: string): Promise<{ teen: Person; token: string }> => {
    const teen = await api.teenNamed(name);
    const { token } = await api.send(teen);
    expect((await api.sign(token, birthday ? { teenDateOfBirth: birthday } : {})).statusCode).toBe(200);
    return { teen, token };
  };
  const post = async (overrides: Record<string, unknown>): Promise<Job> => {
    const response = await api.call('POST', '/api/jobs', { cookie: api.homeowner.cookie, payload: validJob(overrides) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const act = (job: Job, path: string, teen: Person) => api.call('POST', `/api/jobs/${job.id}/${path}`, { cookie: teen.cookie, payload: {} });

  it('opens once the parent has signed, stores what they set and tells the teen once per change', async () => {
    const teen = await api.teenNamed('Lena Ortiz');
    const { token } = await api.send(teen);
    expect((await limitsOf(token)).json()).toEqual({ code: 'INVALID_TRANSITION', message: 'Sign the consent first; then you can set your own limits on this page.' });
    expect((await setLimits(token, LIMITS)).statusCode).toBe(409);
    expect((await api.sign(token)).statusCode).toBe(200);
    expect((await limitsOf(token)).json()).toEqual(NO_PARENT_LIMITS);
    const set = await setLimits(token, LIMITS);
    expect(set.statusCode, set.body).toBe(200);
    // Kinds of job come back once each, in the list's order.
    const stored = { ...LIMITS, blockedCategories: ['leaf_raking', 'snow_shoveling'] };
    expect(set.json()).toEqual(stored);
    expect((await limitsOf(token)).json()).toEqual(stored);
    expect((await setLimits(token, { ...LIMITS, blockedCategories: ['leaf_raking', 'snow_shoveling', 'leaf_raking'] })).json()).toEqual(stored);
    expect((await api.noticesOf(teen)).filter(([kind]) => kind === 'work_limits_changed')).toEqual([
      [
        'work_limits_changed',
        'Work limits updated',
        'Your parent updated your work limits: at most 2 hours a week; work ends by 5:00 PM; no leaf raking, snow shoveling jobs; no jobs marked hard.',
      ],
    ]);
    api.t.clock.advance(60_000);
    expect((await setLimits(token, NO_PARENT_LIMITS)).json()).toEqual(NO_PARENT_LIMITS);
    expect((await api.noticesOf(teen))[0]).toEqual(['work_limits_changed', 'Work limits updated', "Your parent removed their own work limits. The law's and Yardly's rules still apply."]);
    expect((await api.teenRow(teen.user.id)).parentLimits).toBeNull();
  });

  it("applies them as the parent's layer of the safety rules, naming each, at every decision", async () => {
    const { teen, token } = await signedTeen('Omar Haddad');
    await setLimits(token, LIMITS);
    const raking = await post({ category: 'leaf_raking', title: 'Rake under the oaks' });
    const refused = await act(raking, 'accept', teen);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'AGE_RULE',
      message: "Your parent's limit: no leaf raking, snow shoveling jobs.",
      rules: [{ id: 'parent-categories', citation: "Your parent's limit", text: "Your parent's limit: no leaf raking, snow shoveling jobs." }],
      alternative: 'Other kinds of jobs are open to you.',
    });
    const listed = (await api.call('GET', '/api/jobs?status=posted&limit=100', { cookie: teen.cookie })).json<{ jobs: Job[] }>().jobs.find((j) => j.id === raking.id);
    expect(listed?.actions).toEqual([]);
    const hard = await post({ category: 'cleaning', physicalDemands: 'hard' });
    expect((await act(hard, 'accept', teen)).json()).toMatchObject({ code: 'AGE_RULE', rules: [expect.objectContaining({ id: 'parent-no-hard-jobs' })] });
    const long = await post({ category: 'cleaning', estimatedDuration: 180 });
    expect((await act(long, 'accept', teen)).json()).toMatchObject({ status: 'locked' });
    expect((await act(long, 'accept', teen)).json()).toMatchObject({
      code: 'AGE_RULE',
      message: "Your parent's limit: at most 2 hours a week.",
      alternative: 'You have 2 hours left this week; this job takes 3 hours.',
    });
    await act(long, 'release-lock', teen);
    const week = (await api.call('GET', `/api/teens/${teen.user.id}/work-hours`, { cookie: teen.cookie })).json<{ week: unknown }>().week;
    expect(week).toEqual({ usedHours: 0, limitHours: 2, rule: expect.objectContaining({ id: 'parent-hours-per-week' }) });
  });

  it('cannot loosen the law: 40 hours a week leaves a 15-year-old the 18 of a school week', async () => {
    const { teen, token } = await signedTeen('Ivy Chen', '2011-01-10');
    await setLimits(token, { ...NO_PARENT_LIMITS, maxHoursPerWeek: 40 });
    const hours = (await api.call('GET', `/api/teens/${teen.user.id}/work-hours`, { cookie: teen.cookie })).json<{ week: unknown }>();
    expect(hours.week).toEqual({ usedHours: 0, limitHours: 18, rule: expect.objectContaining({ id: 'us-under-16-school-week' }) });
  });

  it('refuses values out of range, unknown links, and a consent that no longer stands', async () => {
    const { token } = await signedTeen('Noah Brooks');
    for (const [limits, field] of [
      [{ ...LIMITS, maxHoursPerWeek: 0 }, 'maxHoursPerWeek'],
      [{ ...LIMITS, maxHoursPerWeek: 41 }, 'maxHoursPerWeek'],
      [{ ...LIMITS, latestFinish: '25:00' }, 'latestFinish'],
      [{ ...LIMITS, blockedCategories: ['babysitting'] }, 'blockedCategories.0'],
      [{ ...LIMITS, noHardJobs: 'yes' }, 'noHardJobs'],
    ] as const) {
      const response = await setLimits(token, limits);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual([field]);
    }
    const [id] = token.split('.');
    expect((await limitsOf(`${id}.${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await setLimits('not-a-token', LIMITS)).statusCode).toBe(404);
    expect((await api.call('POST', `/api/parental-consent/${token}/revoke`)).statusCode).toBe(200);
    const afterRevoke = await setLimits(token, LIMITS);
    expect(afterRevoke.statusCode).toBe(409);
    expect(afterRevoke.json().message).toBe('There is no approved consent to set limits for: your teen cannot take jobs on Yardly.');
  });
});
