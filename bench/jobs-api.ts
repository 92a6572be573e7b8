// The jobs API under load (DESIGN.md 9), on PGlite (in memory) and, when TEST_DATABASE_URL or
// BENCH_DATABASE_URL is set, on a fresh PostgreSQL database created for the run and dropped after it.
// For each database: the real app in-process on 127.0.0.1, 10,000 posted jobs and 100 consented teens
// (sessions made in the database: a hundred sign-ins from one address would meet its limit);
//   1. the explorer list call (GET /api/jobs?status=posted&limit=10, its first page) with autocannon, 50 connections,
//      next to a bare Fastify route measured the same way in the same run (the budget is a ratio);
//   2. 100 teens trying to lock the same job at once, on 20 jobs: exactly one winner each, and p99.
// Budgets are judged on PostgreSQL: list >= 40% of bare Fastify's req/s, list p99 <= 50 ms, one
// winner per job and lock p99 <= 250 ms. PGlite runs one connection at a time (STACK-NOTES), so its
// figures are informational.
//
// BENCH_DURATION (s, default 10) sets each autocannon run; BENCH_WARMUP (s, default 2) the warm-up
// before it. BENCH_AUTOCANNON_WORKERS (default 1) runs autocannon in that many worker threads so it
// does not share the server's event loop; 0 runs it on the main thread. BENCH_CPU_PROFILE=<folder>
// writes a CPU profile of the server during each list load there.
import { mkdirSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { CATEGORY_LABELS, DURATIONS, EQUIPMENT, EXPLORER_PAGE_SIZE, JOB_CATEGORIES, PHYSICAL_DEMANDS, type Job } from '../src/contract/jobs';
import { pick, seededRandom } from '../src/domain/random';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { jobs } from '../src/server/db/schema';
import { zipCentroid } from '../src/server/geo/zip-centroids';
import { bulkLoadJobs } from '../src/server/test/bulk-jobs';
import { validJob } from '../src/server/test/fixtures';
import {
  AUTOCANNON_WORKERS,
  cannon,
  CONNECTIONS,
  DURATION_S,
  inParallel,
  LABEL,
  listenLocal,
  openBenchDatabase,
  personWithSession,
  runOnEachDatabase,
  WARMUP_S,
  type DatabaseRun,
  type Kind,
  type Person,
} from './api-load';
import { log, percentile, round, type BenchResult } from './lib';

export const name = 'jobs-api';

const JOB_COUNT = 10_000;
const BATCH = 500;
const TEENS = 100;
const LOCK_JOBS = 20;
const ZIPS = ['02138', '02139', '02140', '02141', '02142'];
/** What the explorer asks for its first page. */
const LIST_PATH = `/api/jobs?status=posted&limit=${EXPLORER_PAGE_SIZE}`;
const DAY_MS = 24 * 3600 * 1000;

const BUDGET = { listShareOfBare: 40, listP99Ms: 50, lockP99Ms: 250 };

interface Check {
  label: string;
  ok: boolean;
}


// ---------------------------------------------------------------------------------------------
// Data


async function loadJobs(database: Database, homeownerId: string, now: Date): Promise<number> {
  const rand = seededRandom(20_240_901);
  const centroids = ZIPS.map((zip) => {
    const c = zipCentroid(zip);
    if (!c) throw new Error(`no centroid for ${zip}`);
    return { zip, ...c };
  });
  const hand = EQUIPMENT.filter((e) => ['rake', 'shovel', 'hose', 'pruning_shears', 'wheelbarrow', 'push_reel_mower'].includes(e));
  const t0 = performance.now();
  await bulkLoadJobs(database.db, async () => {
    for (let start = 0; start < JOB_COUNT; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, JOB_COUNT - start) }, (_, k) => {
        const i = start + k;
        const place = centroids[i % centroids.length]!;
        const category = pick(rand, JOB_CATEGORIES);
        const createdAt = new Date(now.getTime() - Math.floor(rand() * 30 * DAY_MS));
        return {
          homeownerId,
          title: `${CATEGORY_LABELS[category]} #${i + 1}`,
          description: `Benchmark job ${i + 1}: ${CATEGORY_LABELS[category].toLowerCase()} near ${place.zip}.`,
          category,
          payCents: 1500 + 500 * Math.floor(rand() * 98), // 1500..50000 in steps of 500
          estimatedDuration: pick(rand, DURATIONS),
          location: `${1 + (i % 200)} Bench St`,
          zipCode: place.zip,
          latitude: place.latitude,
          longitude: place.longitude,
          physicalDemands: pick(rand, PHYSICAL_DEMANDS),
          equipment: rand() < 0.3 ? [] : [pick(rand, hand)],
          safetyNotes: rand() < 0.5 ? null : 'Mind the steps.',
          status: 'posted' as const,
          createdAt,
          updatedAt: createdAt,
        };
      });
      await database.db.insert(jobs).values(rows);
    }
  });
  await database.db.execute(sql`ANALYZE`);
  return performance.now() - t0;
}

// ---------------------------------------------------------------------------------------------
// HTTP

async function call(baseUrl: string, method: 'GET' | 'POST', path: string, cookie: string, body?: unknown): Promise<{ status: number; text: string; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - t0 };
}

/**
 * With BENCH_CPU_PROFILE=<folder>, writes a V8 CPU profile of this process (the server's event loop;
 * autocannon runs in its own worker) while `work` runs: `<folder>/jobs-api-<what>.cpuprofile`, for
 * Chrome's DevTools or any .cpuprofile viewer.
 */
async function profiled<T>(what: string, work: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return work();
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `jobs-api-${what}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// One database

async function explainList(database: Database, now: Date): Promise<string[]> {
  // The query listJobs builds for a teen's explorer (status=posted: an expired lock counts as posted).
  const result = (await database.db.execute(sql`explain (analyze, buffers)
    select *, exists (select 1 from coordinator_zip_codes c where c.zip_code = jobs.zip_code) as coordinator_supervised
    from jobs
    where status in ('posted', 'locked') and (status = 'posted' or lock_expires_at <= ${now.toISOString()}::timestamptz)
    order by created_at desc, id desc limit 21`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => String(Object.values(r)[0]));
}

async function runOn(kind: Kind): Promise<DatabaseRun> {
  const label = LABEL[kind];
  const t0 = performance.now();
  const { database, where, drop } = await openBenchDatabase(kind);
  let app: FastifyInstance | null = null;
  let bare: FastifyInstance | null = null;
  try {
    log(`${name}: ${label} (${where}) open and migrated in ${round(performance.now() - t0)} ms`);
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0', LOG_LEVEL: 'silent' });
    app = (await buildApp({ config, database, logger: false, webRoot: null })).app;
    const baseUrl = await listenLocal(app);

    bare = Fastify({ logger: false });
    bare.get('/', async () => ({ hello: 'world', ok: true }));
    const bareUrl = await listenLocal(bare);

    // 10,000 posted jobs from one homeowner, straight into the table.
    const now = new Date();
    const homeowner = await personWithSession(database, 'homeowner', 'homeowner', now);
    const loadMs = await loadJobs(database, homeowner.id, now);
    log(`${name}: ${label}: ${JOB_COUNT} jobs inserted and ANALYZEd in ${round(loadMs)} ms`);

    // 100 consented teens, each with a session.
    const t1 = performance.now();
    const teens: Person[] = await inParallel(
      Array.from({ length: TEENS }, (_, i) => i),
      10,
      (i) => personWithSession(database, 'teen', `teen.${i}`, now, { parentalConsentStatus: 'approved' }),
    );
    const homeownerCookie = homeowner.cookie;
    // Every cookie works, and each teen has a keep-alive connection open before the lock rounds.
    const me = await Promise.all(teens.map((t) => call(baseUrl, 'GET', '/api/auth/me', t.cookie)));
    if (me.some((r) => r.status !== 200)) throw new Error(`GET /api/auth/me failed for ${me.filter((r) => r.status !== 200).length} teens`);
    log(`${name}: ${label}: ${TEENS} teens created with sessions in ${round(performance.now() - t1)} ms`);

    // The list call must answer what the explorer expects before it is timed.
    const sample = await call(baseUrl, 'GET', LIST_PATH, teens[0]!.cookie);
    if (sample.status !== 200) throw new Error(`${LIST_PATH} answered ${sample.status}: ${sample.text.slice(0, 200)}`);
    const sampleJobs = (JSON.parse(sample.text) as { jobs: Job[] }).jobs;
    if (sampleJobs.length !== EXPLORER_PAGE_SIZE) throw new Error(`${LIST_PATH} returned ${sampleJobs.length} jobs, not ${EXPLORER_PAGE_SIZE}`);
    const plan = await explainList(database, now);

    // Throughput: warm both up, then the list call, then bare Fastify, back to back.
    const listUrl = `${baseUrl}${LIST_PATH}`;
    const listHeaders = { cookie: teens[0]!.cookie };
    if (WARMUP_S > 0) {
      await cannon(bareUrl, {}, WARMUP_S);
      await cannon(listUrl, listHeaders, WARMUP_S);
    }
    const list = await profiled(`${kind}-list`, () => cannon(listUrl, listHeaders, DURATION_S));
    log(`${name}: ${label}: list ${round(list.reqPerSec)} req/s, p99 ${list.p99Ms} ms, non-2xx ${list.non2xx}, errors ${list.errors} (load ${list.loadavg.join(' -> ')}, this process ${list.processCpuPercent}% CPU)`);
    const bareLoad = await cannon(bareUrl, {}, DURATION_S);
    log(`${name}: ${label}: bare Fastify ${round(bareLoad.reqPerSec)} req/s, p99 ${bareLoad.p99Ms} ms (load ${bareLoad.loadavg.join(' -> ')}, this process ${bareLoad.processCpuPercent}% CPU)`);
    const share = (100 * list.reqPerSec) / bareLoad.reqPerSec;

    // Locks: 100 teens on one fresh job at once, 20 times.
    const lockTimes: number[] = [];
    const rounds: { winners: number; conflicts: number; other: Record<string, number>; holderOk: boolean; released: boolean }[] = [];
    for (let j = 0; j < LOCK_JOBS; j++) {
      const created = await call(baseUrl, 'POST', '/api/jobs', homeownerCookie, validJob({ title: `Lock race ${j + 1}` }));
      if (created.status !== 201) throw new Error(`POST /api/jobs answered ${created.status}: ${created.text.slice(0, 200)}`);
      const jobId = (JSON.parse(created.text) as Job).id;
      const attempts = await Promise.all(teens.map(async (teen) => ({ teen, ...(await call(baseUrl, 'POST', `/api/jobs/${jobId}/accept`, teen.cookie, '{}')) })));
      for (const a of attempts) lockTimes.push(a.ms);
      const winners = attempts.filter((a) => a.status === 200);
      const other: Record<string, number> = {};
      for (const a of attempts) if (a.status !== 200 && a.status !== 409) other[a.status] = (other[a.status] ?? 0) + 1;
      // The database agrees: the job is locked by the one winner.
      const [row] = await database.db.select({ status: jobs.status, teenId: jobs.teenId }).from(jobs).where(eq(jobs.id, jobId));
      const holderOk = winners.length === 1 && row?.status === 'locked' && row.teenId === winners[0]!.teen.id;
      // Free the winners again for the next round.
      let released = true;
      for (const w of winners) {
        const r = await call(baseUrl, 'POST', `/api/jobs/${jobId}/release-lock`, w.teen.cookie, '{}');
        if (r.status !== 200) released = false;
      }
      rounds.push({ winners: winners.length, conflicts: attempts.filter((a) => a.status === 409).length, other, holderOk, released });
    }
    const oneWinner = rounds.filter((r) => r.winners === 1 && r.conflicts === TEENS - 1 && r.holderOk).length;
    const lockP99 = percentile(lockTimes, 99);
    log(`${name}: ${label}: locks p99 ${round(lockP99, 1)} ms, ${oneWinner}/${LOCK_JOBS} jobs with exactly one winner and ${TEENS - 1} 409s`);

    const figures: Record<string, number | string> = {
      [`${label}: list req/s`]: round(list.reqPerSec),
      [`${label}: list p99 ms`]: round(list.p99Ms, 1),
      [`${label}: bare fastify req/s`]: round(bareLoad.reqPerSec),
      [`${label}: list / bare (%)`]: round(share, 1),
      [`${label}: lock p99 ms (100 concurrent)`]: round(lockP99, 1),
      [`${label}: jobs with exactly one winner`]: oneWinner,
      [`${label}: machine load (1 min) during list / bare`]: `${list.loadavg[1]} / ${bareLoad.loadavg[1]}`,
    };
    const listClean = list.non2xx === 0 && list.errors === 0 && list.timeouts === 0;
    const checks: Check[] = [
      { label: `list call all 200 (${list.total} requests, ${list.non2xx} non-2xx, ${list.errors} errors)`, ok: listClean },
      { label: `list req/s ${round(share, 1)}% of bare Fastify >= ${BUDGET.listShareOfBare}%`, ok: listClean && share >= BUDGET.listShareOfBare },
      { label: `list p99 ${round(list.p99Ms, 1)} ms <= ${BUDGET.listP99Ms} ms at ${CONNECTIONS} connections`, ok: listClean && list.p99Ms <= BUDGET.listP99Ms },
      { label: `100 concurrent locks: exactly one winner on ${oneWinner}/${LOCK_JOBS} jobs`, ok: oneWinner === LOCK_JOBS },
      { label: `100 concurrent locks: p99 ${round(lockP99, 1)} ms <= ${BUDGET.lockP99Ms} ms`, ok: lockP99 <= BUDGET.lockP99Ms },
    ];
    return {
      figures,
      checks,
      details: {
        database: where,
        pool: database.pool ? { max: database.pool.options.max } : null,
        loadJobsMs: round(loadMs),
        list: { url: LIST_PATH, ...list },
        bare: bareLoad,
        listPlan: plan,
        locks: {
          attempts: lockTimes.length,
          p50Ms: round(percentile(lockTimes, 50), 1),
          p99Ms: round(lockP99, 1),
          maxMs: round(Math.max(...lockTimes), 1),
          rounds,
        },
      },
    };
  } finally {
    await bare?.close().catch(() => {});
    await app?.close().catch(() => {});
    await drop();
  }
}

// ---------------------------------------------------------------------------------------------

export async function run(): Promise<BenchResult> {
  return runOnEachDatabase(name, {
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    warmupSeconds: WARMUP_S,
    autocannonWorkers: AUTOCANNON_WORKERS,
    jobs: JOB_COUNT,
    teens: TEENS,
    lockJobs: LOCK_JOBS,
  }, runOn);
}
