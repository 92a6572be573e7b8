import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../contract/preferences';
import { UpdatedUserSchema } from '../../../contract/users';
import { databaseKinds } from '../../test/databases';
import { caller, jobAt, NOON_BOSTON, signInCast } from '../../test/job-flow';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';

describe.each(databaseKinds())('Edit Profile: PATCH /api/users/{id} {fullName, zipCode} on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(NOON_BOSTON);
  });
  afterAll(() => t.close());

  const patch = (id: string, body: unknown, cookie?: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, payload: body as object, headers: cookie ? { cookie } : {} });
  const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json();
  const teensOf = async (coordinator: { user: { id: string }; cookie: string }) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/coordinators/${coordinator.user.id}/teens`, headers: { cookie: coordinator.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().teens as { id: string; fullName: string; zipCode: string }[]).map((teen) => teen.id);
  };

  it.each(['teen', 'homeowner'] as const)('lets a %s change their full name and ZIP code, answered in the usual shape and kept', async (role) => {
    const { user, cookie } = await signUp(t, role);
    const response = await patch(user.id, { fullName: '  Maya Lopez  ', zipCode: ' 02141 ' }, cookie);
    expect(response.statusCode, response.body).toBe(200);
    // The same public shape as every answer of this call, trimmed by sign-up's rules.
    expect(UpdatedUserSchema.strict().parse(response.json())).toEqual({ ...user, fullName: 'Maya Lopez', zipCode: '02141', base: null });
    expect(await me(cookie)).toMatchObject({ fullName: 'Maya Lopez', zipCode: '02141' });

    // Either alone changes only itself.
    expect((await patch(user.id, { fullName: 'Maya L Lopez' }, cookie)).json()).toMatchObject({ fullName: 'Maya L Lopez', zipCode: '02141' });
    expect((await patch(user.id, { zipCode: '02138' }, cookie)).json()).toMatchObject({ fullName: 'Maya L Lopez', zipCode: '02138' });
    expect(await me(cookie)).toMatchObject({ fullName: 'Maya L Lopez', zipCode: '02138' });
  });

  it("refuses another person's profile, admins included (403), an unknown id (403) and a visitor (401)", async () => {
    const teen = await signUp(t, 'teen');
    const homeowner = await signUp(t, 'homeowner');
    const coordinator = await signInAs(t, 'coordinator');
    const admin = await signInAs(t, 'admin');
    for (const [label, cookie] of [
      ['another teen', (await signUp(t, 'teen')).cookie],
      ['a homeowner', homeowner.cookie],
      ['a coordinator', coordinator.cookie],
      ['an admin', admin.cookie],
    ] as const) {
      const response = await patch(teen.user.id, { fullName: 'Someone Else' }, cookie);
      expect(response.statusCode, label).toBe(403);
      expect(response.json().message).toBe('You can only change your own profile.');
    }
    expect((await patch(homeowner.user.id, { zipCode: '02141' }, teen.cookie)).statusCode).toBe(403);
    expect((await patch('6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e', { fullName: 'Nobody' }, teen.cookie)).statusCode).toBe(403);
    expect((await patch(teen.user.id, { fullName: 'Someone Else' })).statusCode).toBe(401);
    expect(await me(teen.cookie)).toMatchObject({ fullName: teen.user.fullName, zipCode: '02139' });
  });

  it.each([
    ['an empty name', { fullName: '   ' }, 'fullName', 'Please enter your full name'],
    ['a name too long', { fullName: 'A'.repeat(101) }, 'fullName', 'Full name is too long'],
    ['a name with a link', { fullName: 'Maya www.example.com' }, 'fullName', 'A name cannot contain a link or an email address'],
    ['a name of the wrong type', { fullName: 42 }, 'fullName', undefined],
    ['a ZIP code of four digits', { zipCode: '0213' }, 'zipCode', 'ZIP code must be 5 digits'],
    ['a ZIP code with letters', { fullName: 'Maya Lopez', zipCode: '0213x' }, 'zipCode', 'ZIP code must be 5 digits'],
  ])('refuses %s with 400 naming the field', async (_label, body, field, message) => {
    const { user, cookie } = await signUp(t, 'teen');
    const response = await patch(user.id, body, cookie);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(response.json().fields)).toEqual([field]);
    if (message) expect(response.json().fields[field]).toBe(message);
    expect(await me(cookie)).toMatchObject({ fullName: user.fullName, zipCode: '02139' });
  });

  it('refuses nothing to change, and a profile change mixed with another setting, with 400', async () => {
    const { user, cookie } = await signUp(t, 'teen');
    for (const body of [{}, { fullName: 'Maya Lopez', isAvailable: true }, { zipCode: '02141', role: 'admin' }]) {
      const response = await patch(user.id, body, cookie);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await me(cookie)).toMatchObject({ fullName: user.fullName, zipCode: '02139', role: 'teen' });
  });

  it("refuses a ZIP code outside the active service areas with sign-up's message, naming zipCode", async () => {
    const { user, cookie } = await signUp(t, 'homeowner');
    const response = await patch(user.id, { fullName: 'Maya Lopez', zipCode: '90210' }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Yardly is not available in 90210 yet. We currently serve ZIP codes 02138, 02139, 02140, 02141, 02142.',
      code: 'ZIP_NOT_SERVED',
      fields: { zipCode: 'This ZIP code is outside our service area' },
    });
    // Nothing of the refused change was kept, the name included.
    expect(await me(cookie)).toMatchObject({ fullName: user.fullName, zipCode: '02139' });

    // A paused area is not served either.
    const admin = await signInAs(t, 'admin');
    const paused = await t.app.inject({ method: 'PATCH', url: '/api/admin/service-areas/02142', payload: { active: false }, headers: { cookie: admin.cookie } });
    expect(paused.statusCode, paused.body).toBe(200);
    const refused = await patch(user.id, { zipCode: '02142' }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('ZIP_NOT_SERVED');
    await t.app.inject({ method: 'PATCH', url: '/api/admin/service-areas/02142', payload: { active: true }, headers: { cookie: admin.cookie } });
    expect((await patch(user.id, { zipCode: '02142' }, cookie)).statusCode).toBe(200);
  });

  it("lets coordinators and admins change their name but not a ZIP code (a coordinator's are the admins' to set)", async () => {
    const coordinator = await signInAs(t, 'coordinator');
    const renamed = await patch(coordinator.user.id, { fullName: 'Casey Coordinator' }, coordinator.cookie);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ fullName: 'Casey Coordinator', role: 'coordinator' });
    const zip = await patch(coordinator.user.id, { zipCode: '02141' }, coordinator.cookie);
    expect(zip.statusCode).toBe(400);
    expect(zip.json().fields).toEqual({ zipCode: "A coordinator's ZIP codes are set by an admin." });

    const admin = await signInAs(t, 'admin');
    expect((await patch(admin.user.id, { fullName: 'Ada Admin' }, admin.cookie)).json()).toMatchObject({ fullName: 'Ada Admin', zipCode: null });
    const adminZip = await patch(admin.user.id, { fullName: 'Ada Admin', zipCode: '02141' }, admin.cookie);
    expect(adminZip.statusCode).toBe(400);
    expect(Object.keys(adminZip.json().fields)).toEqual(['zipCode']);
    expect(await me(admin.cookie)).toMatchObject({ fullName: 'Ada Admin', zipCode: null });
  });

  it("moves a teen to the new area's coordinator, while their live lock stays theirs", async () => {
    const { cast, ids } = await signInCast(t);
    const here = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    const there = await signInAs(t, 'coordinator', { coordinatorZips: ['02141'] });
    // The teen locks a job in 02139 (the first accept is the lock).
    const job = await jobAt(t, cast, 'posted');
    const locked = await caller(t)('POST', `/api/jobs/${job.id}/accept`, cast.teen, {});
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({ status: 'locked', teenId: ids.teen });
    expect(await teensOf(here)).toContain(ids.teen);
    expect(await teensOf(there)).not.toContain(ids.teen);

    const moved = await patch(ids.teen, { zipCode: '02141' }, cast.teen);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await teensOf(here)).not.toContain(ids.teen);
    expect(await teensOf(there)).toContain(ids.teen);

    // The job keeps its ZIP code and its lock: the teen can still finish accepting it.
    const seen = await caller(t)('GET', `/api/jobs/${job.id}`, cast.teen);
    expect(seen.json()).toMatchObject({ status: 'locked', teenId: ids.teen, zipCode: '02139' });
    const accepted = await caller(t)('POST', `/api/jobs/${job.id}/accept`, cast.teen, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', teenId: ids.teen });
  });

  it("serves the teen's next explorer page and recommendations from their new ZIP code, not a cached copy", async () => {
    const { cast, ids } = await signInCast(t);
    const job = await jobAt(t, cast, 'posted');
    // Preferences that leave the job in the teen's recommendations wherever in the area they live.
    const open = { ...DEFAULT_PREFERENCES, maxDistance: 15, minMatchScore: 40, preferredCategories: [], physicalCapability: 'heavy', toolAccess: ['rake'] };
    const saved = await t.app.inject({ method: 'PUT', url: `/api/users/${ids.teen}/preferences`, payload: open, headers: { cookie: cast.teen } });
    expect(saved.statusCode, saved.body).toBe(200);
    const distanceIn = async (url: string, pick: (body: never) => { id: string; distance: number | null }[]) => {
      const response = await caller(t)('GET', url, cast.teen);
      expect(response.statusCode, response.body).toBe(200);
      return pick(response.json() as never).find((listed) => listed.id === job.id)?.distance;
    };
    const explorer = () => distanceIn('/api/jobs?limit=50', (body: { jobs: { id: string; distance: number | null }[] }) => body.jobs);
    const recommended = () =>
      distanceIn(`/api/teens/${ids.teen}/job-recommendations?limit=20`, (body: { recommendations: { id: string; distance: number | null }[] }) => body.recommendations);
    // Open jobs show the distance from the teen's ZIP code's centre to the job's: none at home.
    expect(await explorer()).toBe(0);
    expect(await recommended()).toBe(0);

    expect((await patch(ids.teen, { zipCode: '02142' }, cast.teen)).statusCode).toBe(200);
    const fromKendall = await explorer();
    expect(fromKendall).toBeGreaterThan(0);
    expect(await recommended()).toBe(fromKendall);
    // The same distance a teen who lives there is shown.
    const neighbour = await signInAs(t, 'teen', { consent: 'approved' });
    expect((await patch(neighbour.user.id, { zipCode: '02142' }, neighbour.cookie)).statusCode).toBe(200);
    const theirs = await caller(t)('GET', '/api/jobs?limit=50', neighbour.cookie);
    expect(theirs.json().jobs.find((listed: { id: string }) => listed.id === job.id).distance).toBe(fromKendall);
  });
});
