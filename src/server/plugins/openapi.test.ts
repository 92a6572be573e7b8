import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { SESSION_COOKIE } from '../modules/auth/sessions';
import { createTestApp, openTestDatabase, type TestApp } from '../test/test-app';
import type { DocumentedLimit } from './openapi';
import { LIMITS, type RateLimitRule } from './rate-limit';

const PUBLIC_URL = 'https://yardly.example';

interface DocumentedOperation {
  operationId?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  'x-rate-limits'?: DocumentedLimit[];
}

describe('the API document (GET /api/docs)', () => {
  let t: TestApp;
  let document: {
    servers: { url: string }[];
    components: { securitySchemes: Record<string, unknown> };
    paths: Record<string, Record<string, DocumentedOperation>>;
  };
  let operations: { name: string; path: string; operation: DocumentedOperation }[];

  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL });
    document = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, operation })),
    );
  });
  afterAll(() => t.close());

  it('names PUBLIC_URL as its server and the session cookie as its security scheme', () => {
    expect(document.servers.map((server) => server.url)).toEqual([PUBLIC_URL]);
    expect(document.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }),
    });
  });

  it('states the security of every operation: none for public ones, the session cookie for the rest, with the roles', () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const { name, operation } of operations) {
      const who = /Who may call: (.+)\./.exec(operation.description ?? '')?.[1];
      expect(who, name).toBeDefined();
      expect(operation.security, name).toEqual(who === 'anyone, no session needed' ? [] : [{ sessionCookie: [] }]);
    }
    const operation = (path: string, method: string) => document.paths[path]![method]!;
    expect(operation('/api/health', 'get').security).toEqual([]);
    expect(operation('/api/auth/login', 'post').security).toEqual([]);
    expect(operation('/api/auth/me', 'get').description).toContain('Who may call: any signed-in user.');
    expect(operation('/api/users/{id}/parental-consent', 'get').description).toContain('Who may call: teen, admin.');
  });

  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z]+[A-Z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/jobs/{id}/accept']!.post!.operationId).toBe('postJobsByIdAccept');
  });

  it('lists the refusals each operation can give: bad input, no session, wrong role, unknown id, too many attempts', () => {
    for (const { name, path, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect(statuses.some((status) => status.startsWith('2')), name).toBe(true);
      expect(statuses, name).toContain('400');
      if (operation.security?.length) expect(statuses, name).toContain('401');
      if (path.includes('{')) expect(statuses, name).toContain('404');
      if (!name.startsWith('GET')) expect(statuses, name).toEqual(expect.arrayContaining(['403', '413', '415']));
      if (operation['x-rate-limits']) expect(statuses, name).toContain('429');
    }
    expect(Object.keys(document.paths['/api/jobs']!.post!.responses)).toContain('403');
  });

  it('shows the limits each limited route declares, and every limit is declared by a route', () => {
    const declared = operations.flatMap(({ operation }) => operation['x-rate-limits'] ?? []);
    expect(new Set(declared.map((limit) => limit.rule))).toEqual(new Set(Object.keys(LIMITS)));
    for (const limit of declared) {
      const rule: RateLimitRule = LIMITS[limit.rule];
      expect(limit).toMatchObject({ limit: rule.limit, windowSeconds: rule.windowMs / 1000 });
    }
    const login = document.paths['/api/auth/login']!.post!;
    expect(login['x-rate-limits']!.map((limit) => limit.rule)).toEqual(['signInPerAddress', 'signInPerAddressAndAccount']);
    expect(login.description).toContain(
      `Limited: ${LIMITS.signInPerAddress.limit} per 15 minutes per address; ${LIMITS.signInPerAddressAndAccount.limit} per 15 minutes per address and account.`,
    );
  });
});

describe('declaring limits', () => {
  it('refuses to start when a route declares a limit that is not in LIMITS', async () => {
    const { database, drop } = await openTestDatabase('pglite');
    try {
      const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, logger: false, webRoot: null });
      const madeUp: RateLimitRule = { bucket: 'made-up', limit: 1, windowMs: 60_000 };
      expect(() => app.get('/api/made-up', { config: { auth: 'public', limits: [madeUp] } }, async () => 'no')).toThrow(
        'Route GET /api/made-up declares a limit that is not in LIMITS (made-up).',
      );
      await app.close();
    } finally {
      await drop();
    }
  });
});
