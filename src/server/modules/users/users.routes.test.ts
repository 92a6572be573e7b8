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

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    const admin = await signInAs(t, 'admin');
    expect((await patch('not-a-uuid', { isAvailable: true }, admin.cookie)).statusCode).toBe(400);
    expect((await patch('6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e', { isAvailable: true }, admin.cookie)).statusCode).toBe(404);
  });
});
