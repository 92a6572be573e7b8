// What the API benchmarks (jobs-api, search) share: a fresh database of each kind, the real app
// in-process on 127.0.0.1, people signed in straight in the database, and autocannon's figures.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Role } from '../src/contract/constants';
import { migrateDatabase, openDatabase, type Database } from '../src/server/db/client';
import { createAccount } from '../src/server/db/seed';
import { hashPassword } from '../src/server/modules/auth/passwords';
import { createSession, SESSION_COOKIE } from '../src/server/modules/auth/sessions';
import { log, round, type BenchResult } from './lib';

export const positiveInt = (value: string | undefined, fallback: number, min = 1) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= min ? n : fallback;
};

/** BENCH_DURATION (s, default 10) sets each autocannon run; BENCH_WARMUP (s, default 2) the warm-up before it. */
export const DURATION_S = positiveInt(process.env.BENCH_DURATION, 10);
export const WARMUP_S = positiveInt(process.env.BENCH_WARMUP, 2, 0);
/**
 * BENCH_AUTOCANNON_WORKERS (default 1) runs autocannon in that many worker threads so it does not
 * share the server's event loop; 0 runs it on the main thread.
 */
export const AUTOCANNON_WORKERS = positiveInt(process.env.BENCH_AUTOCANNON_WORKERS, 1, 0);
export const CONNECTIONS = 50;

export type Kind = 'pglite' | 'postgres';
export const LABEL: Record<Kind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

// ---------------------------------------------------------------------------------------------
// Databases

export function postgresAdminUrl(): string | null {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
}

/** PGlite, and PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server; BENCH_KINDS=postgres (or pglite) runs one. */
export function benchKinds(): Kind[] {
  const kinds: Kind[] = postgresAdminUrl() ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.BENCH_KINDS?.split(',').map((k) => k.trim());
  return only ? kinds.filter((kind) => only.includes(kind)) : kinds;
}

/** Everything in these benchmarks talks to this machine only. */
function assertLoopback(url: string): void {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (host === '' || host === 'localhost' || host === '::1' || /^127\./.test(host)) return;
  throw new Error(`the benchmark only talks to 127.0.0.1; refusing the database at ${host}`);
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database of the kind (PGlite in memory; on PostgreSQL one made for the run); drop() closes it and, on PostgreSQL, drops it. */
export async function openBenchDatabase(kind: Kind): Promise<{ database: Database; where: string; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrateDatabase(database);
    } catch (err) {
      await database.close();
      throw err;
    }
    return { database, where: 'in memory', drop: () => database.close() };
  }
  const adminUrl = postgresAdminUrl()!;
  assertLoopback(adminUrl);
  const dbName = `yardly_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${dbName}"`);
  const dropDatabase = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  let database: Database | null = null;
  try {
    database = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, dbName) });
    await migrateDatabase(database);
  } catch (err) {
    await database?.close().catch(() => {});
    await dropDatabase();
    throw err;
  }
  const opened = database;
  return {
    database: opened,
    where: `${new URL(adminUrl).host}/${dbName}`,
    async drop() {
      try {
        await opened.close();
      } finally {
        await dropDatabase();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// People

export interface Person {
  id: string;
  email: string;
  cookie: string;
}

let passwordHash: Promise<string> | null = null;

/**
 * An account made in the database with a session made there too: signing 100 people in over HTTP
 * from one address would meet the sign-in limit per address (decision 014), which is not under test.
 */
export async function personWithSession(database: Database, role: Role, name: string, now: Date, extra: { parentalConsentStatus?: 'approved' } = {}): Promise<Person> {
  const email = `bench.${name}@example.com`;
  passwordHash ??= hashPassword('bench-password-1');
  // A consented teen's date of birth is the one their parent confirmed: 17 in 2026.
  const dateOfBirth = extra.parentalConsentStatus === 'approved' ? { dateOfBirth: '2009-06-01' } : {};
  const account = { role, email, passwordHash: await passwordHash, fullName: `Bench ${name.replaceAll('.', ' ')}`, username: `bench_${name.replaceAll('.', '_')}`, zipCode: '02139', ...extra, ...dateOfBirth };
  const user = await createAccount(database.db, account, now);
  return { id: user.id, email, cookie: `${SESSION_COOKIE}=${await createSession(database.db, user.id, now)}` };
}

export async function inParallel<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

// ---------------------------------------------------------------------------------------------
// HTTP

export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export interface Load {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** The machine's 1-minute load average before and after: other work on it skews every figure. */
  loadavg: [number, number];
  /** CPU this process (server and autocannon alike) used, in % of one core. */
  processCpuPercent: number;
}

/** autocannon's requests: each a path, and with setupRequest a file that rewrites it per request (workers need a file). */
export type CannonRequest = { path: string; setupRequest?: string };

/** `url` loaded by CONNECTIONS connections for `seconds`; with `requests`, those in turn on each connection instead of `url`'s path. */
export async function cannon(url: string, headers: Record<string, string>, seconds: number, requests?: CannonRequest[]): Promise<Load> {
  const loadBefore = os.loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    ...(requests ? { requests: requests.map((r) => ({ method: 'GET' as const, ...r })) } : {}),
    ...(AUTOCANNON_WORKERS > 0 ? { workers: AUTOCANNON_WORKERS } : {}),
  });
  const cpu = process.cpuUsage(cpu0);
  const wallMs = performance.now() - t0;
  return {
    reqPerSec: result.requests.mean,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, (s as { count: number }).count])),
    loadavg: [round(loadBefore, 2), round(os.loadavg()[0]!, 2)],
    processCpuPercent: round(((cpu.user + cpu.system) / 1000 / wallMs) * 100),
  };
}

/** Every request answered 2xx, none failed or timed out. */
export const allOk = (load: Load) => load.non2xx === 0 && load.errors === 0 && load.timeouts === 0;

/** What a benchmark found on one database: its figures, its budgets' checks, and details to keep. */
export interface DatabaseRun {
  figures: Record<string, number | string>;
  checks: { label: string; ok: boolean }[];
  details: Record<string, unknown>;
}

/**
 * Runs a benchmark on each database benchKinds() names. PostgreSQL's checks are the budgets; PGlite's
 * are informational (it runs one statement at a time). A database whose run throws is a failed
 * budget with its error, and the other still runs; without PostgreSQL the budgets are not judged.
 */
export async function runOnEachDatabase(name: string, details: Record<string, unknown>, runOn: (kind: Kind) => Promise<DatabaseRun>): Promise<BenchResult> {
  const kinds = benchKinds();
  const figures: Record<string, number | string> = {};
  const budgets: BenchResult['budgets'] = [];
  for (const kind of kinds) {
    const label = LABEL[kind];
    try {
      const result = await runOn(kind);
      Object.assign(figures, result.figures);
      details[kind] = result.details;
      for (const check of result.checks) {
        if (kind === 'postgres') budgets.push({ label: `${label}: ${check.label}`, ok: check.ok });
        else figures[`${label} (informational): ${check.label}`] = check.ok ? 'met' : 'not met';
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log(`${name}: ${label} failed: ${err instanceof Error ? (err.stack ?? message) : message}`);
      figures[`${label}: error`] = message.split('\n')[0]!.slice(0, 200);
      budgets.push({ label: `${label}: benchmark ran`, ok: false });
      details[kind] = { error: message };
    }
  }
  if (!kinds.includes('postgres')) {
    figures.PostgreSQL = 'skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL';
    budgets.push({ label: 'PostgreSQL budgets judged (needs TEST_DATABASE_URL or BENCH_DATABASE_URL)', ok: false });
  }
  return { name, figures, budgets, details };
}
