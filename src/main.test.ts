import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from './server/test/databases';
import { startServer } from './server/test/server-process';

const login = (url: string, email: string, password: string) =>
  fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yardly-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two server processes, the first creating a new embedded database (over 30 s on a loaded machine).
  it('seeds the demo accounts on an empty embedded database next to the ADMIN_EMAIL admin, keeps every account across restarts, stops cleanly, and is refused in production', { timeout: 120_000 }, async () => {
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL: 'Ops@Town.gov', ADMIN_PASSWORD: 'ops-secret-1' };
    const first = await startServer(env);
    expect(first.output()).toContain('Demo accounts (password "yardly-demo")');
    expect(first.output()).toContain('teen@demo.yardly.app');
    const created = await fetch(`${first.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'homeowner', fullName: 'Kept Person', username: 'kept_person', email: 'kept@example.com', password: 'kept-pass-1', zipCode: '02139' }),
    });
    expect(created.status).toBe(201);
    expect(await first.stop()).toBe(0);

    const second = await startServer(env);
    try {
      expect(second.output()).not.toContain('Demo accounts (password');
      expect((await login(second.url, 'kept@example.com', 'kept-pass-1')).status).toBe(200);
      const teen = await login(second.url, 'teen@demo.yardly.app', 'yardly-demo');
      expect(await teen.json()).toMatchObject({ role: 'teen', parentalConsentStatus: 'approved' });
      // Demo jobs: open ones in every category, and the demo teen's in each later status.
      const cookie = teen.headers.getSetCookie()[0]!.split(';')[0]!;
      const open = await (await fetch(`${second.url}/api/jobs?status=posted&limit=100`, { headers: { cookie } })).json();
      expect(new Set(open.jobs.map((j: { category: string }) => j.category))).toEqual(
        new Set(['lawn_care', 'leaf_raking', 'snow_shoveling', 'cleaning', 'outdoor_maintenance', 'seasonal', 'landscaping']),
      );
      const me = (await (await fetch(`${second.url}/api/auth/me`, { headers: { cookie } })).json()) as { id: string };
      const mine = await (await fetch(`${second.url}/api/jobs?teenId=${me.id}`, { headers: { cookie } })).json();
      expect(mine.jobs.map((j: { status: string }) => j.status).sort()).toEqual(['accepted', 'completed', 'completed', 'in_progress', 'paid', 'paid', 'verified']);
      // Demo money is in the ledger: the two paid jobs ($40 and $25) less the 10% fee.
      const wallet = await (await fetch(`${second.url}/api/wallet/${me.id}`, { headers: { cookie } })).json();
      expect(wallet).toMatchObject({ total: '58.50', pending: '90.00' });
      expect(wallet.recentTransactions).toHaveLength(2);
      const secondTeen = await login(second.url, 'teen2@demo.yardly.app', 'yardly-demo');
      expect(await secondTeen.json()).toMatchObject({ role: 'teen', parentalConsentStatus: 'approved' });
      // The demo admin does not stand in for the operator's: ADMIN_EMAIL's admin exists too.
      expect(await (await login(second.url, 'ops@town.gov', 'ops-secret-1')).json()).toMatchObject({ role: 'admin', email: 'ops@town.gov' });
    } finally {
      await second.stop();
    }

    // The same database served in production would keep the demo doors open: the server refuses it.
    const inProduction = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, ...env, NODE_ENV: 'production', PUBLIC_URL: 'https://yardly.example.org', SEED_DEMO: '', PORT: '0', HOST: '127.0.0.1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(inProduction.status).toBe(1);
    expect(inProduction.stderr).toMatch(/^Refusing to start with NODE_ENV=production: this database holds demo accounts whose password is published \([^)]*admin@demo\.yardly\.app/);
  });

  it('stops with one clear line on bad configuration', async () => {
    await expect(startServer({ DATA_DIR: dataDir, SERVICE_ZIPS: 'abc' })).rejects.toThrow(
      /Invalid configuration: SERVICE_ZIPS: each ZIP code must be 5 digits/,
    );
  });

  it.runIf(testDatabaseUrl)('runs on PostgreSQL with DATABASE_URL, applying the migrations at start and creating the ADMIN_EMAIL admin', async () => {
    // A fresh, empty database: the process itself must migrate it.
    const url = new URL(testDatabaseUrl!);
    const name = `yardly_main_${Date.now()}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl! });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    url.pathname = `/${name}`;
    try {
      const server = await startServer({ DATABASE_URL: url.toString(), ADMIN_EMAIL: 'ops@town.gov', ADMIN_PASSWORD: 'ops-secret-1' });
      try {
        const health = await (await fetch(`${server.url}/api/health`)).json();
        expect(health.database).toMatchObject({ kind: 'postgres', ok: true });
        expect(server.output()).not.toContain('Demo accounts (password');
        expect((await login(server.url, 'ops@town.gov', 'ops-secret-1')).status).toBe(200);
      } finally {
        await server.stop();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
