import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, users } from '../db/schema';
import { validJob } from '../test/fixtures';
import { createTestApp, newPerson, signUp, type TestApp } from '../test/test-app';
import { allowedOriginsOf } from './origin-check';

const PUBLIC_URL = 'https://yardly.example';
const FOREIGN = 'https://evil.example';

describe('allowedOriginsOf', () => {
  it.each([
    ['production', 'https://yardly.example/', ['https://yardly.example']],
    ['test', 'http://127.0.0.1:3100', ['http://127.0.0.1:3100']],
    ['development', 'http://localhost:3000', ['http://localhost:3000', 'http://localhost:5173', 'http://127.0.0.1:5173']],
  ] as const)('in %s with PUBLIC_URL %s', (env, publicUrl, expected) => {
    expect([...allowedOriginsOf({ env, publicUrl })]).toEqual(expected);
  });
});

describe('cross-site state-changing requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL });
  });
  afterAll(() => t.close());

  const crossSite = { origin: FOREIGN };
  const countOf = async (table: typeof jobs | typeof users) => (await t.database.db.select({ n: count() }).from(table))[0]?.n;
  const expectRefused = (response: { statusCode: number; json(): unknown; headers: Record<string, unknown> }) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'CROSS_SITE_REQUEST', message: expect.stringMatching(/another site/) });
  };

  it('refuses sign-in from another site and sets no session', async () => {
    const { payload } = await signUp(t, 'teen');
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: crossSite, payload: { email: payload.email, password: payload.password } });
    expectRefused(response);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses sign-up from another site and creates no account', async () => {
    const before = await countOf(users);
    const person = newPerson('teen');
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: crossSite, payload: person }));
    expect(await countOf(users)).toBe(before);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.email, password: person.password } });
    expect(signIn.statusCode).toBe(401);
  });

  it('refuses sign-out from another site and the session stays valid', async () => {
    const { cookie } = await signUp(t, 'teen');
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...crossSite, cookie } }));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses an availability toggle from another site and keeps the availability', async () => {
    const { user, cookie } = await signUp(t, 'teen');
    const wasAvailable = user.isAvailable;
    const response = await t.app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: { ...crossSite, cookie }, payload: { isAvailable: !wasAvailable } });
    expectRefused(response);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json<{ isAvailable: boolean }>().isAvailable).toBe(wasAvailable);
  });

  it('refuses posting a job from another site (Origin, Referer, Origin: null) and posts nothing', async () => {
    const { cookie } = await signUp(t, 'homeowner');
    const before = await countOf(jobs);
    for (const headers of [crossSite, { referer: `${FOREIGN}/post-a-job` }, { origin: 'null' }, { origin: 'not a url' }, { origin: FOREIGN, referer: `${PUBLIC_URL}/jobs/new` }]) {
      expectRefused(await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { ...headers, cookie }, payload: validJob() }));
    }
    expect(await countOf(jobs)).toBe(before);
  });

  it('refuses before the body is read: a cross-site request with a broken body is 403, not 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...crossSite, 'content-type': 'application/json' }, payload: '{not json' });
    expectRefused(response);
  });

  it('lets same-origin requests and clients that send neither header work as before', async () => {
    const { cookie } = await signUp(t, 'homeowner');
    const before = await countOf(jobs);
    for (const headers of [{ origin: PUBLIC_URL }, { referer: `${PUBLIC_URL}/jobs/new?from=menu` }, {}]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { ...headers, cookie }, payload: validJob() });
      expect(response.statusCode).toBe(201);
    }
    expect(await countOf(jobs)).toBe(before! + 3);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: PUBLIC_URL, cookie } });
    expect(signOut.statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('lets reads from another site through (they change nothing; CORS keeps their answers from the page)', async () => {
    const { cookie } = await signUp(t, 'teen');
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { ...crossSite, cookie } });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: crossSite })).statusCode).toBe(200);
  });
});

describe('in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' });
  });
  afterAll(() => t.close());

  it("accepts the Vite dev server's origin, and still refuses other sites", async () => {
    const person = newPerson('teen');
    const fromDevServer = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { origin: 'http://localhost:5173' }, payload: person });
    expect(fromDevServer.statusCode).toBe(201);
    const fromElsewhere = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { origin: 'http://localhost:8080' }, payload: newPerson('teen') });
    expect(fromElsewhere.statusCode).toBe(403);
  });

  it('accepts a page served from the address the request is sent to (127.0.0.1, a LAN address), not another', async () => {
    const lan = { host: '192.168.1.5:3000' };
    const ownAddress = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { ...lan, origin: 'http://192.168.1.5:3000' }, payload: newPerson('teen') });
    expect(ownAddress.statusCode).toBe(201);
    const viaReferer = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { host: '127.0.0.1:3000', referer: 'http://127.0.0.1:3000/auth' }, payload: newPerson('teen') });
    expect(viaReferer.statusCode).toBe(201);
    const otherSite = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { ...lan, origin: 'http://192.168.1.6:3000' }, payload: newPerson('teen') });
    expect(otherSite.statusCode).toBe(403);
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { NODE_ENV: 'production', PUBLIC_URL });
  });
  afterAll(() => t.close());

  it("accepts PUBLIC_URL's origin only, whatever address the request was sent to", async () => {
    const viaOtherName = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { host: '10.0.0.5', origin: 'http://10.0.0.5' }, payload: newPerson('teen') });
    expect(viaOtherName.statusCode).toBe(403);
    const fromPublicUrl = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { host: '10.0.0.5', origin: PUBLIC_URL }, payload: newPerson('teen') });
    expect(fromPublicUrl.statusCode).toBe(201);
  });
});
