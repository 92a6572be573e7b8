import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openTestDatabase } from './test/test-app';

describe('buildApp', () => {
  it('refuses to start when a route does not declare who may call it', async () => {
    const { database, drop } = await openTestDatabase('pglite');
    try {
      const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, logger: false, webRoot: null });
      expect(() => app.get('/api/forgot-to-say', async () => 'oops')).toThrow(
        'Route GET /api/forgot-to-say does not declare who may call it (config.auth).',
      );
      await app.close();
    } finally {
      await drop();
    }
  });

  it('logs requests with their id but never the token of a reset link, a cookie or a password', async () => {
    const { database, drop } = await openTestDatabase('pglite');
    let log = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    try {
      const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, webRoot: null, logStream: stream });
      await app.inject({ method: 'GET', url: '/reset-password?token=very-secret-token', headers: { cookie: 'yardly_session=cookie-secret' } });
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: 'password-secret' } });
      await app.close();
      expect(log).toContain('"url":"/reset-password?token=[redacted]"');
      expect(log).toMatch(/"reqId":"[0-9a-f-]{36}"/);
      expect(log).not.toMatch(/very-secret-token|cookie-secret|password-secret/);
    } finally {
      await drop();
    }
  });

  it('answers an unexpected failure with a generic 500 that shows no internals', async () => {
    const { database, drop } = await openTestDatabase('pglite');
    try {
      const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, logger: false, webRoot: null });
      app.get('/api/explode', { config: { auth: 'public' } }, async () => {
        throw new Error('connection string postgres://admin:hunter2@db');
      });
      const response = await app.inject({ method: 'GET', url: '/api/explode' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
      expect(response.body).not.toContain('hunter2');
      await app.close();
    } finally {
      await drop();
    }
  });

  it('answers a value the database refuses with a 400, not a 500, and refuses NUL characters by field', async () => {
    const { database, drop } = await openTestDatabase('pglite');
    try {
      const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, logger: false, webRoot: null });
      app.get('/api/cast', { config: { auth: 'public' } }, async (request) => {
        // A real data exception (SQLSTATE 22P02) from the real database, as drizzle wraps it.
        await database.db.execute(sql`select ${(request.query as { n: string }).n}::int`);
        return { ok: true };
      });
      const refused = await app.inject({ method: 'GET', url: '/api/cast?n=twelve' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'A value in the request cannot be stored.' });
      expect((await app.inject({ method: 'GET', url: '/api/cast?n=12' })).statusCode).toBe(200);
      const nul = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: 'pass\u0000word' } });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'password: Text cannot contain a NUL character',
        fields: { password: 'Text cannot contain a NUL character' },
      });
      await app.close();
    } finally {
      await drop();
    }
  });

  it('sends HSTS in production only', async () => {
    const { database, drop } = await openTestDatabase('pglite');
    try {
      const { app } = await buildApp({
        config: loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://yardly.example' }),
        database,
        logger: false,
        webRoot: null,
      });
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      await app.close();
    } finally {
      await drop();
    }
  });
});
