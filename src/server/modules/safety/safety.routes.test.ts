import { describe, expect, it } from 'vitest';
import { EligibilitySchema, SafetyRulesSchema, WorkHoursSchema } from '../../../contract/safety';
import { databaseKinds } from '../../test/databases';
import { signInAs } from '../../test/test-app';
import { BORN_15, BORN_16, useSafetyApi } from './safety.test-support';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(databaseKinds())('the safety rules API on %s', (kind) => {
  const api = useSafetyApi(kind);

  it('lists every rule of Massachusetts, federal law and Yardly for anyone, with no parent rows', async () => {
    const response = await api.call('GET', '/api/safety-rules');
    expect(response.statusCode).toBe(200);
    const body = SafetyRulesSchema.parse(response.json());
    expect(body).toMatchObject({ state: 'MA', stateHasOwnRules: true });
    expect(new Set(body.rules.map((r) => r.layer))).toEqual(new Set(['federal', 'state', 'platform']));
    expect(body.rules).toContainEqual({
      id: 'ma-under-16-six-days',
      minAge: 14,
      maxAge: 15,
      layer: 'state',
      jurisdiction: 'MA',
      citation: 'M.G.L. c. 149, § 60',
      text: 'In Massachusetts, teens under 16 may work at most 6 days a week.',
    });
  });

  it("tells the signed-in teen whether they may take a job today, with its minimum age, and nobody else's", async () => {
    const fifteen = await api.teen(BORN_15);
    const mower = await api.post({ equipment: ['snow_blower'], category: 'snow_shoveling' });
    const rake = await api.post({ equipment: ['rake'], estimatedDuration: 240 });
    const eligibility = async (jobId: string, cookie?: string) => api.call('GET', `/api/jobs/${jobId}/eligibility`, cookie);
    expect(EligibilitySchema.parse((await eligibility(mower.id, fifteen.cookie)).json())).toEqual({
      allowed: false,
      minimumAge: 16,
      message: 'Teens under 16 may not use a snow blower (federal child labor rule, 29 CFR 570.33).',
      rules: [expect.objectContaining({ id: 'us-under-16-power-equipment' }), expect.objectContaining({ id: 'ma-under-16-power-machinery' })],
      alternative: 'Jobs that need only hand tools are open to you.',
    });
    // Four hours are more than a school day allows a 15-year-old: the lock would be open, the accept not.
    expect((await eligibility(rake.id, fifteen.cookie)).json()).toMatchObject({ allowed: false, minimumAge: 14, alternative: 'You have 3 hours left today; this job takes 4 hours.' });
    const sixteen = await api.teen(BORN_16);
    expect((await eligibility(mower.id, sixteen.cookie)).json()).toEqual({ allowed: true, minimumAge: 16, message: null, rules: [], alternative: null });
    expect((await eligibility(UNKNOWN_ID, sixteen.cookie)).statusCode).toBe(404);
    expect((await eligibility(mower.id, api.homeowner.cookie)).statusCode).toBe(403);
    expect((await eligibility(mower.id)).statusCode).toBe(401);
    expect((await eligibility('not-a-uuid', sixteen.cookie)).statusCode).toBe(400);
  });

  it("counts a teen's hours for the teen, their area's coordinator and admins, and refuses everyone else", async () => {
    const fifteen = await api.teen(BORN_15);
    const job = await api.post({ estimatedDuration: 120 });
    await api.act(job, 'accept', fifteen);
    await api.act(job, 'accept', fifteen);
    const hoursOf = (teenId: string, cookie?: string) => api.call('GET', `/api/teens/${teenId}/work-hours`, cookie);
    const own = await hoursOf(fifteen.user.id, fifteen.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(WorkHoursSchema.parse(own.json())).toEqual({
      date: '2026-11-24',
      schoolDay: true,
      schoolWeek: true,
      today: { usedHours: 2, limitHours: 3, rule: expect.objectContaining({ id: 'us-under-16-school-day' }) },
      week: { usedHours: 2, limitHours: 18, rule: expect.objectContaining({ id: 'us-under-16-school-week' }) },
    });
    expect((await hoursOf(fifteen.user.id, api.coordinator.cookie)).json()).toEqual(own.json());
    const admin = await signInAs(api.t, 'admin');
    expect((await hoursOf(fifteen.user.id, admin.cookie)).statusCode).toBe(200);
    const farCoordinator = await signInAs(api.t, 'coordinator', { coordinatorZips: ['02142'] });
    const otherTeen = await api.teen(BORN_16);
    for (const cookie of [farCoordinator.cookie, otherTeen.cookie, api.homeowner.cookie]) expect((await hoursOf(fifteen.user.id, cookie)).statusCode).toBe(403);
    expect((await hoursOf(fifteen.user.id)).statusCode).toBe(401);
    expect((await hoursOf(UNKNOWN_ID, admin.cookie)).statusCode).toBe(404);
    expect((await hoursOf(api.homeowner.user.id, admin.cookie)).statusCode).toBe(404);
    expect((await hoursOf(UNKNOWN_ID, api.coordinator.cookie)).statusCode).toBe(403);
    // A 16-year-old in Massachusetts: 9 hours a day whatever the day, 48 a week.
    expect((await hoursOf(otherTeen.user.id, otherTeen.cookie)).json()).toMatchObject({
      today: { usedHours: 0, limitHours: 9, rule: { id: 'ma-16-17-day' } },
      week: { usedHours: 0, limitHours: 48, rule: { id: 'ma-16-17-week' } },
    });
  });

  it('reveals no date of birth in any answer a teen, their coordinator or a homeowner reads', async () => {
    const fifteen = await api.teen(BORN_15);
    const job = await api.post({ equipment: ['ladder'] });
    const answers = [
      await api.call('GET', '/api/auth/me', fifteen.cookie),
      await api.call('GET', `/api/jobs/${job.id}/eligibility`, fifteen.cookie),
      await api.call('GET', `/api/teens/${fifteen.user.id}/work-hours`, fifteen.cookie),
      await api.call('GET', `/api/teens/${fifteen.user.id}/work-hours`, api.coordinator.cookie),
      await api.act(job, 'accept', fifteen),
      await api.call('GET', `/api/jobs/${job.id}`, fifteen.cookie),
      await api.call('GET', '/api/jobs?status=posted', fifteen.cookie),
      await api.call('GET', '/api/safety-rules'),
    ];
    for (const answer of answers) {
      expect(answer.body).not.toContain(BORN_15);
      expect(answer.body).not.toMatch(/dateOfBirth|date_of_birth/);
    }
    expect(answers[4]?.json()).toMatchObject({ code: 'AGE_RULE', rules: [expect.objectContaining({ id: 'us-under-16-ladders' })] });
  });
});
