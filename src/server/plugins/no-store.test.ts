import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validJob } from '../test/fixtures';
import { createTestApp, newPerson, signUp, type TestApp } from '../test/test-app';

describe('Cache-Control on /api answers', () => {
  let t: TestApp;
  let teen: Awaited<ReturnType<typeof signUp>>;
  let homeowner: Awaited<ReturnType<typeof signUp>>;
  let jobId: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    teen = await signUp(t, 'teen');
    homeowner = await signUp(t, 'homeowner');
    const posted = await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie: homeowner.cookie }, payload: validJob() });
    jobId = posted.json<{ id: string }>().id;
  });
  afterAll(() => t.close());

  const personal: [string, () => { method: 'GET' | 'POST' | 'PATCH'; url: string; cookie?: string; payload?: object; origin?: string }, number][] = [
    ['the signed-in account', () => ({ method: 'GET', url: '/api/auth/me', cookie: teen.cookie }), 200],
    ['a sign-in', () => ({ method: 'POST', url: '/api/auth/login', payload: { email: teen.payload.email, password: teen.payload.password } }), 200],
    ['a sign-up', () => ({ method: 'POST', url: '/api/auth/register', payload: newPerson('teen') }), 201],
    ['a wallet', () => ({ method: 'GET', url: `/api/wallet/${teen.user.id}`, cookie: teen.cookie }), 200],
    ['notifications', () => ({ method: 'GET', url: `/api/notifications/${teen.user.id}`, cookie: teen.cookie }), 200],
    ['a consent status', () => ({ method: 'GET', url: `/api/users/${teen.user.id}/parental-consent`, cookie: teen.cookie }), 200],
    ["a person's jobs", () => ({ method: 'GET', url: '/api/jobs?status=posted', cookie: homeowner.cookie }), 200],
    ["a homeowner's counters", () => ({ method: 'GET', url: `/api/users/${homeowner.user.id}/job-summary`, cookie: homeowner.cookie }), 200],
    ['a job', () => ({ method: 'GET', url: `/api/jobs/${jobId}`, cookie: homeowner.cookie }), 200],
    ['an availability change', () => ({ method: 'PATCH', url: `/api/users/${teen.user.id}`, cookie: teen.cookie, payload: { isAvailable: true } }), 200],
    ['the payment policy', () => ({ method: 'GET', url: '/api/payments/policy', cookie: teen.cookie }), 200],
    ['a 401 without a session', () => ({ method: 'GET', url: '/api/auth/me' }), 401],
    ["a 403 for another person's wallet", () => ({ method: 'GET', url: `/api/wallet/${homeowner.user.id}`, cookie: teen.cookie }), 403],
    ['a 404 for an unknown job', () => ({ method: 'GET', url: '/api/jobs/00000000-0000-4000-8000-000000000000', cookie: teen.cookie }), 404],
    ['a 404 for an unknown /api path', () => ({ method: 'GET', url: '/api/no-such-thing' }), 404],
    ['a 400 for a bad body', () => ({ method: 'POST', url: '/api/auth/login', payload: { email: 'not an email' } }), 400],
    ['a 403 for a cross-site write', () => ({ method: 'POST', url: '/api/auth/logout', cookie: teen.cookie, payload: {}, origin: 'https://evil.example' }), 403],
  ];

  it.each(personal)('%s carries no-store', async (_name, request, status) => {
    const { method, url, cookie, payload, origin } = request();
    const response = await t.app.inject({ method, url, payload, headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) } });
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(['/api/health', '/api/docs'])('the public %s may be cached', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('leaves answers outside /api to their own headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/apiary' });
    expect(response.headers['cache-control']).toBeUndefined();
  });
});
