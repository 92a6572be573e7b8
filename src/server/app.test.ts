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
