import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './server/test/server-process';

const login = (url: string, email: string, password: string) =>
  fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

/** What a real operator sets: production behind HTTPS, on the embedded database (the README's default). */
const production = (dataDir: string) => ({ NODE_ENV: 'production', PUBLIC_URL: 'https://yardly.example.org', DATA_DIR: dataDir, SEED_DEMO: '' });

describe('the server process in production', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yardly-production-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two server processes, the first creating a new embedded database (over 30 s on a loaded machine).
  it('seeds no demo account on a fresh embedded database, creates the ADMIN_EMAIL admin, and never overwrites it', { timeout: 120_000 }, async () => {
    const first = await startServer({ ...production(dataDir), ADMIN_EMAIL: 'Ops@Town.gov', ADMIN_PASSWORD: 'ops-secret-1' });
    try {
      expect(first.output()).not.toContain('Demo accounts');
      for (const email of ['teen@demo.yardly.app', 'homeowner@demo.yardly.app', 'coordinator@demo.yardly.app', 'admin@demo.yardly.app']) {
        expect((await login(first.url, email, 'yardly-demo')).status, email).toBe(401);
      }
      const admin = await login(first.url, 'ops@town.gov', 'ops-secret-1');
      expect(admin.status).toBe(200);
      expect(await admin.json()).toMatchObject({ role: 'admin', email: 'ops@town.gov' });
    } finally {
      await first.stop();
    }

    // The operator changed the variable after the admin existed: the account is kept as it is.
    const second = await startServer({ ...production(dataDir), ADMIN_EMAIL: 'ops@town.gov', ADMIN_PASSWORD: 'replaced-secret-2' });
    try {
      expect((await login(second.url, 'ops@town.gov', 'ops-secret-1')).status).toBe(200);
      expect((await login(second.url, 'ops@town.gov', 'replaced-secret-2')).status).toBe(401);
    } finally {
      await second.stop();
    }
  });

  it('refuses to start with SEED_DEMO=1, with one line naming it', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, ...production(dataDir), SEED_DEMO: '1', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(/^Invalid configuration: SEED_DEMO: demo accounts are never seeded in production \(NODE_ENV=production\)[^\n]*$/);
  });
});
