import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';

describe.each(databaseKinds())('system routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('GET /api/health reports the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { kind, ok: true }, version: '1.0.0' });
  });

  it('answers an unknown /api path with a JSON 404, signed in or not', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No such endpoint: GET /api/no-such-thing' });
    const post = await t.app.inject({ method: 'POST', url: '/api/jobs/whatever', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('sends security headers with every answer, and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /api/docs describes every route', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(docs.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/users/{id}',
      '/api/health',
      '/api/test/send-email',
      '/api/admin/overview',
      '/api/jobs',
      '/api/jobs/{id}',
      '/api/jobs/{id}/accept',
      '/api/jobs/{id}/finalize-lock',
      '/api/jobs/{id}/release-lock',
      '/api/jobs/{id}/start',
      '/api/jobs/{id}/complete',
      '/api/jobs/{id}/verify',
      '/api/jobs/{id}/cancel',
      '/api/jobs/{id}/withdraw',
      '/api/users/{id}/job-summary',
      '/api/notifications/{userId}',
      '/api/notifications/{id}/read',
      '/api/notifications/{userId}/read-all',
      '/api/events',
    ]) {
      expect(Object.keys(docs.paths)).toContain(path);
    }
    expect(docs.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('zipCode');
  });

  describe('POST /api/test/send-email', () => {
    const send = (body: unknown, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/test/send-email', payload: body as object, headers: cookie ? { cookie } : {} });
    const message = { to: 'someone@example.com', subject: 'Hello', message: 'Testing the mail setup.' };

    it('is refused to visitors (401) and to every role but admin (403): no open relay', async () => {
      expect((await send(message)).statusCode).toBe(401);
      expect((await send(message, (await signUp(t, 'teen')).cookie)).statusCode).toBe(403);
      expect((await send(message, (await signUp(t, 'homeowner')).cookie)).statusCode).toBe(403);
      expect((await send(message, (await signInAs(t, 'coordinator')).cookie)).statusCode).toBe(403);
    });

    it('lets an admin send through the outbox, which records it', async () => {
      const admin = await signInAs(t, 'admin');
      const response = await send(message, admin.cookie);
      expect(response.statusCode).toBe(202);
      // No SMTP_URL in this app: the message is kept in the outbox and the log.
      expect(response.json()).toMatchObject({ to: 'someone@example.com', subject: 'Hello', status: 'logged' });
      const overview = await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: admin.cookie } });
      expect(overview.json().recentEmails[0]).toMatchObject({ id: response.json().id, status: 'logged' });
      expect(overview.json().emailDelivery).toBe('outbox');
    });

    it.each([
      ['a missing recipient', { subject: 'a', message: 'b' }, 'to'],
      ['a bad recipient', { to: 'nobody', subject: 'a', message: 'b' }, 'to'],
      ['a blank subject', { to: 'a@b.co', subject: ' ', message: 'b' }, 'subject'],
      ['a blank message', { to: 'a@b.co', subject: 'a', message: '' }, 'message'],
      ['an oversized subject', { to: 'a@b.co', subject: 'x'.repeat(201), message: 'b' }, 'subject'],
    ])('refuses %s with 400', async (_label, body, field) => {
      const admin = await signInAs(t, 'admin');
      const response = await send(body, admin.cookie);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields)[0]).toBe(field);
    });
  });

  describe('GET /api/admin/overview', () => {
    it('counts accounts by role for admins only', async () => {
      const teen = await signUp(t, 'teen');
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: teen.cookie } })).statusCode).toBe(403);
      const admin = await signInAs(t, 'admin');
      const overview = (await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: admin.cookie } })).json();
      expect(overview.usersByRole.teen).toBeGreaterThanOrEqual(1);
      expect(overview.usersByRole.admin).toBeGreaterThanOrEqual(1);
    });
    it('refuses a bad query', async () => {
      const admin = await signInAs(t, 'admin');
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/overview?emails=0', headers: { cookie: admin.cookie } })).statusCode).toBe(400);
    });
  });
});
