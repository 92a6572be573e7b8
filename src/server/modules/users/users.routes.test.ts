import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';

describe.each(databaseKinds())('PATCH /api/users/{id} on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const patch = (id: string, body: unknown, cookie?: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, payload: body as object, headers: cookie ? { cookie } : {} });

  it('lets a teen go available and offline, and the change is kept', async () => {
    const { user, cookie } = await signUp(t, 'teen');
    const on = await patch(user.id, { isAvailable: true }, cookie);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id: user.id, isAvailable: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().isAvailable).toBe(true);
    expect((await patch(user.id, { isAvailable: false }, cookie)).json().isAvailable).toBe(false);
  });

  it('refuses another teen (403), a homeowner (403) and a visitor (401)', async () => {
    const { user } = await signUp(t, 'teen');
    const other = await signUp(t, 'teen');
    const homeowner = await signUp(t, 'homeowner');
    expect((await patch(user.id, { isAvailable: true }, other.cookie)).statusCode).toBe(403);
    expect((await patch(user.id, { isAvailable: true }, homeowner.cookie)).statusCode).toBe(403);
    expect((await patch(user.id, { isAvailable: true })).statusCode).toBe(401);
  });

  it('lets an admin set a teen, but refuses availability for a non-teen', async () => {
    const { user } = await signUp(t, 'teen');
    const homeowner = await signUp(t, 'homeowner');
    const admin = await signInAs(t, 'admin');
    expect((await patch(user.id, { isAvailable: true }, admin.cookie)).json().isAvailable).toBe(true);
    const refused = await patch(homeowner.user.id, { isAvailable: true }, admin.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Only teens have an availability setting.');
  });

  it.each([
    ['a string', { isAvailable: 'yes' }],
    ['nothing', {}],
    ['an unknown field', { isAvailable: true, role: 'admin' }],
  ])('refuses %s with 400', async (_label, body) => {
    const { user, cookie } = await signUp(t, 'teen');
    const response = await patch(user.id, body, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it("lets a coordinator set their own base and clear it, and no one else's", async () => {
    const coordinator = await signInAs(t, 'coordinator');
    const set = await patch(coordinator.user.id, { baseLatitude: 42.365, baseLongitude: -71.104 }, coordinator.cookie);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: coordinator.user.id, base: { latitude: 42.365, longitude: -71.104 } });
    const cleared = await patch(coordinator.user.id, { baseLatitude: null, baseLongitude: null }, coordinator.cookie);
    expect(cleared.json().base).toBeNull();

    const other = await signInAs(t, 'coordinator');
    const admin = await signInAs(t, 'admin');
    const teen = await signUp(t, 'teen');
    expect((await patch(coordinator.user.id, { baseLatitude: 42.3, baseLongitude: -71.1 }, other.cookie)).statusCode).toBe(403);
    expect((await patch(coordinator.user.id, { baseLatitude: 42.3, baseLongitude: -71.1 }, admin.cookie)).statusCode).toBe(403);
    expect((await patch(teen.user.id, { baseLatitude: 42.3, baseLongitude: -71.1 }, teen.cookie)).statusCode).toBe(400);
    // A coordinator has no availability, and a teen's answer carries no base.
    expect((await patch(coordinator.user.id, { isAvailable: true }, coordinator.cookie)).statusCode).toBe(400);
    expect((await patch(teen.user.id, { isAvailable: true }, teen.cookie)).json().base).toBeNull();
    for (const body of [{ baseLatitude: 42.3 }, { baseLatitude: 42.3, baseLongitude: null }, { baseLatitude: 91, baseLongitude: 0 }, { baseLatitude: 42.3, baseLongitude: -71.1, isAvailable: true }]) {
      const response = await patch(coordinator.user.id, body, coordinator.cookie);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    const admin = await signInAs(t, 'admin');
    expect((await patch('not-a-uuid', { isAvailable: true }, admin.cookie)).statusCode).toBe(400);
    expect((await patch('6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e', { isAvailable: true }, admin.cookie)).statusCode).toBe(404);
  });
});
