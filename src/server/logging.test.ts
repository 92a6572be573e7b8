import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { redactUrl } from './logging';
import { openTestDatabase } from './test/test-app';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc123', '/reset-password?token=[redacted]'],
    ['/reset-password?x=1&token=abc&y=2', '/reset-password?x=[redacted]&token=[redacted]&y=[redacted]'],
    ['/consent/abcDEF_123', '/consent/[redacted]'],
    ['/consent/abcDEF_123?from=mail', '/consent/[redacted]?from=[redacted]'],
    ['/api/parental-consent/abcDEF/sign', '/api/parental-consent/[redacted]/sign'],
    ['/api/parental-consent/send', '/api/parental-consent/send'],
    ['/api/jobs?status=posted', '/api/jobs?status=[redacted]'],
    ['/api/jobs?search=my%20street%2012&flag', '/api/jobs?search=[redacted]&flag'],
    ['/api/jobs?', '/api/jobs'],
    ['/api/jobs?a=1#fragment', '/api/jobs?a=[redacted]'],
    ['/api/health', '/api/health'],
  ])('%s -> %s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});

describe('the request log', () => {
  it('keeps the path and query names but no query value, cookie, authorization header or body', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const { database, drop } = await openTestDatabase('pglite');
    try {
      const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0', LOG_LEVEL: 'info' }), database, webRoot: null, logStream: stream });
      await app.inject({
        method: 'POST',
        url: '/api/auth/login?password=pw-in-query&reset_token=reset-in-query&q=search-in-query',
        headers: { cookie: 'yardly_session=session-in-cookie', authorization: 'Bearer bearer-in-header' },
        payload: { email: 'someone@example.com', password: 'pw-in-body' },
      });
      await app.inject({ method: 'GET', url: '/api/jobs?q=another-search', headers: { cookie: 'yardly_session=second-cookie' } });
      await app.close();
    } finally {
      await drop();
    }
    expect(log).toContain('"url":"/api/auth/login?password=[redacted]&reset_token=[redacted]&q=[redacted]"');
    expect(log).toContain('"url":"/api/jobs?q=[redacted]"');
    for (const secret of ['pw-in-query', 'reset-in-query', 'search-in-query', 'session-in-cookie', 'bearer-in-header', 'pw-in-body', 'someone@example.com', 'another-search', 'second-cookie']) {
      expect(log).not.toContain(secret);
    }
  });
});
