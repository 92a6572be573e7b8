import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { User } from '../../contract/auth';
import type { Role } from '../../contract/constants';
import { buildApp, type BuildAppOptions } from '../app';
import { ManualClock } from '../clock';
import { loadConfig, type Config } from '../config';
import type { AppContext } from '../context';
import { openDatabase, type Database } from '../db/client';
import { createAccount } from '../db/seed';
import { hashPassword } from '../modules/auth/passwords';
import { pgliteSnapshotPath, postgresTemplateName, testDatabaseUrl, withDatabase } from './databases';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  clock: ManualClock;
  close(): Promise<void>;
}

/** A fresh, migrated database of the given kind, private to the caller. */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<{ database: Database; drop(): Promise<void>; url?: string }> {
  if (kind === 'pglite') {
    const snapshot = new Blob([readFileSync(pgliteSnapshotPath())]);
    const database = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: snapshot });
    return { database, drop: () => database.close() };
  }
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `yardly_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${postgresTemplateName()}"`);
  await admin.end();
  const url = withDatabase(testDatabaseUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    database,
    url,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: testDatabaseUrl! });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export async function createTestApp(kind: 'pglite' | 'postgres', env: Record<string, string> = {}, options: Pick<BuildAppOptions, 'heartbeatMs' | 'webRoot' | 'explorer'> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase(kind);
  const clock = new ManualClock();
  const config: Config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0', ...env });
  const { app, ctx } = await buildApp({ config, database, clock, logger: false, webRoot: null, ...options });
  await app.ready();
  return {
    app,
    ctx,
    database,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export const TEST_PASSWORD = 'correct-horse-1';

let counter = 0;
/** A unique, valid registration payload. */
export function newPerson(role: 'teen' | 'homeowner' = 'teen', overrides: Record<string, unknown> = {}) {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  return {
    role,
    fullName: `Test ${role} ${tag}`,
    username: `u_${tag}`,
    email: `person.${tag}@example.com`,
    password: TEST_PASSWORD,
    zipCode: '02139',
    ...overrides,
  };
}

export function sessionCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : [header];
  const session = cookies.find((c): c is string => typeof c === 'string' && c.startsWith('yardly_session='));
  if (!session) throw new Error('no session cookie in the response');
  return session.split(';')[0]!;
}

/** Signs up through the API; returns the user and the session cookie to send back. */
export async function signUp(t: TestApp, role: 'teen' | 'homeowner' = 'teen', overrides: Record<string, unknown> = {}) {
  const payload = newPerson(role, overrides);
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { user: response.json<User>(), cookie: sessionCookieOf(response), payload };
}

/**
 * An approved teen's date of birth unless a test names one: 18 from June 2025, so the safety rules by
 * age leave a test of something else to Yardly's own hours (issue 21).
 */
export const ADULT_TEEN_BIRTHDAY = '2007-06-01';

/** Creates any account directly (coordinators and admins cannot self-register) and signs it in. */
export async function signInAs(t: TestApp, role: Role, extra: { coordinatorZips?: string[]; consent?: 'approved'; dateOfBirth?: string } = {}) {
  const person = newPerson();
  await createAccount(
    t.database.db,
    {
      role,
      email: person.email,
      passwordHash: await hashPassword(person.password),
      fullName: person.fullName,
      username: person.username,
      zipCode: role === 'admin' ? null : person.zipCode,
      coordinatorZips: extra.coordinatorZips ?? (role === 'coordinator' ? ['02139'] : undefined),
      parentalConsentStatus: extra.consent,
      dateOfBirth: extra.dateOfBirth ?? (role === 'teen' && extra.consent === 'approved' ? ADULT_TEEN_BIRTHDAY : undefined),
    },
    t.clock.now(),
  );
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.email, password: person.password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { user: response.json<User>(), cookie: sessionCookieOf(response), email: person.email };
}
