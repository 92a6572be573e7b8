import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoordinatorTeenListSchema } from '../../../contract/routes';
import { users, userStats } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';
import { insertJobAt } from './routes.test-support';

type Person = { user: { id: string; fullName: string }; cookie: string };

describe.each(databaseKinds())('GET /api/teens/coordinator/{id} on %s', (kind) => {
  let t: TestApp;
  let coordinator: Person;
  let homeowner: Person;
  const teens = (coordinatorId: string, cookie = coordinator.cookie) => t.app.inject({ method: 'GET', url: `/api/teens/coordinator/${coordinatorId}`, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    coordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02139', '02141'] });
    homeowner = await signUp(t, 'homeowner');
  });
  afterAll(() => t.close());

  it("lists the teens of the coordinator's ZIP codes with availability, level title, active jobs and consent, and nothing private", async () => {
    const approved = await signInAs(t, 'teen', { consent: 'approved' });
    const newcomer = await signUp(t, 'teen', { zipCode: '02141' });
    const elsewhere = await signUp(t, 'teen', { zipCode: '02138' });
    const suspended = await signUp(t, 'teen');
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    await t.database.db.update(users).set({ isAvailable: true }).where(eq(users.id, approved.user.id));
    await t.database.db.insert(userStats).values({ userId: approved.user.id, paidJobs: 7 });
    for (const status of ['accepted', 'in_progress', 'completed', 'paid'] as const) {
      await insertJobAt(t, homeowner.user.id, 42.37, -71.1, { teenId: approved.user.id, status });
    }

    const response = await teens(coordinator.user.id);
    expect(response.statusCode, response.body).toBe(200);
    const listed = CoordinatorTeenListSchema.parse(response.json()).teens;
    const ids = listed.map((teen) => teen.id);
    expect(ids).toContain(approved.user.id);
    expect(ids).toContain(newcomer.user.id);
    expect(ids).not.toContain(elsewhere.user.id);
    expect(ids).not.toContain(suspended.user.id);
    expect(listed.find((teen) => teen.id === approved.user.id)).toEqual({
      id: approved.user.id,
      fullName: approved.user.fullName,
      username: expect.any(String),
      zipCode: '02139',
      isAvailable: true,
      levelTitle: 'Worker',
      activeJobs: 3,
      parentalConsentStatus: 'approved',
    });
    expect(listed.find((teen) => teen.id === newcomer.user.id)).toMatchObject({ zipCode: '02141', isAvailable: false, levelTitle: 'Rookie', activeJobs: 0, parentalConsentStatus: 'none' });

    // Privacy: no date of birth, email or address, under any name.
    const body = response.body;
    for (const key of ['dateOfBirth', 'date_of_birth', 'email', 'address', 'location', 'parentLimits']) expect(body).not.toContain(key);
    expect(body).not.toContain(approved.email);
    expect(body).not.toContain(newcomer.payload.email);
    expect(body).not.toContain('2007-06-01');
    expect(body).not.toContain('@');
  });

  it('is for the coordinator themself and admins only', async () => {
    const admin = await signInAs(t, 'admin');
    expect((await teens(coordinator.user.id, admin.cookie)).statusCode).toBe(200);
    expect((await teens(homeowner.user.id, admin.cookie)).statusCode).toBe(404);
    const other = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    expect((await teens(coordinator.user.id, other.cookie)).statusCode).toBe(403);
    for (const role of ['teen', 'homeowner'] as const) {
      const person = await signInAs(t, role);
      expect((await teens(coordinator.user.id, person.cookie)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/teens/coordinator/${coordinator.user.id}` })).statusCode).toBe(401);
    expect((await teens('not-a-uuid')).statusCode).toBe(400);
    // The path the API document shows answers the same.
    const documented = await t.app.inject({ method: 'GET', url: `/api/coordinators/${coordinator.user.id}/teens`, headers: { cookie: coordinator.cookie } });
    expect(documented.statusCode).toBe(200);
    expect(documented.json()).toEqual((await teens(coordinator.user.id)).json());
  });
});
