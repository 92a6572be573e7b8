// Shared helpers for the benchmarks in bench/ (DESIGN.md section 9). Figures are reported, never
// asserted as timed tests: a missed budget is a finding, not a failure of `npm run bench`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { DEMO_PASSWORD } from '../e2e/support/accounts';
import { USER_STORAGE_KEY } from '../src/web/lib/auth';

export interface BenchResult {
  name: string;
  figures: Record<string, number | string>;
  budgets: { label: string; ok: boolean }[];
  /** Optional extra detail written to the JSON file only (for example the list of files). */
  details?: unknown;
}

export type Bench = () => Promise<BenchResult>;

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
export const WEB_DIST = path.join(ROOT, 'dist', 'web');

// ---------------------------------------------------------------------------------------------
// Small statistics and formatting helpers

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (0-100) by the nearest-rank method: a value that was actually measured. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function round(value: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

// ---------------------------------------------------------------------------------------------
// Build

// The client bundle is built from everything under src except the server; config files count too.
const BUILD_INPUTS = ['src', 'vite.config.ts', 'scripts/compress-assets.mjs', 'package.json'];
const BUILD_IGNORE = new Set(['server', 'node_modules', 'test']);

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) {
    if (BUILD_IGNORE.has(name) || /\.test\.tsx?$/.test(name)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

let buildChecked = false;

/** A build under measurement: dist/web (named '') unless BENCH_WEB_ROOTS names others. */
export interface WebBuild {
  name: string;
  webRoot?: string;
}

/**
 * The builds to measure. `BENCH_WEB_ROOTS="A=/tmp/a,B=/tmp/b"` compares builds made with
 * `vite build --outDir <dir> && tsx scripts/prerender.tsx <dir> && node scripts/compress-assets.mjs <dir>`:
 * each page's runs then alternate between them (A, B, A, B...), so the machine's load falls on both
 * alike, and nothing is rebuilt. Without it, dist/web, built first if it is older than its sources.
 */
export function webBuildsUnderTest(): WebBuild[] {
  const spec = process.env.BENCH_WEB_ROOTS?.trim();
  if (!spec) {
    ensureBuild();
    return [{ name: '' }];
  }
  return spec.split(',').map((pair) => {
    const [name, dir] = pair.split('=');
    if (!name || !dir) throw new Error(`BENCH_WEB_ROOTS: '${pair}' is not name=folder`);
    const webRoot = path.resolve(dir);
    if (!existsSync(path.join(webRoot, 'ssr.html'))) throw new Error(`BENCH_WEB_ROOTS: ${webRoot} holds no built client (no ssr.html)`);
    return { name, webRoot };
  });
}

/** Builds the client once (per process) if dist/web is missing or older than its sources. */
export function ensureBuild(): void {
  if (buildChecked) return;
  const index = path.join(WEB_DIST, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...BUILD_INPUTS.map((p) => newestMtime(path.join(ROOT, p))));
  if (builtAt === 0 || builtAt < sourcesAt || process.env.BENCH_FORCE_BUILD === '1') {
    log(builtAt === 0 ? 'dist/web is missing: npm run build' : 'dist/web is older than src: npm run build');
    const t0 = performance.now();
    const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], timeout: 240_000 });
    if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal ?? result.error?.message})`);
    log(`built in ${round((performance.now() - t0) / 1000, 1)} s`);
  }
  if (!existsSync(index)) throw new Error('dist/web/index.html is missing after the build');
  buildChecked = true;
}

// ---------------------------------------------------------------------------------------------
// Server

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      if (address === null || typeof address === 'string') return reject(new Error('no port'));
      srv.close(() => resolve(address.port));
    });
  });
}

export function makeTempDataDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'yardly-bench-'));
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Milliseconds from spawning the process to the first 200 from /api/health. */
  startupMs: number;
  /** Stops the server (SIGTERM, then SIGKILL) and removes DATA_DIR if this helper created it. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Reuse this DATA_DIR (kept on stop). Without it, a fresh temporary one is made and removed. */
  dataDir?: string;
  /** Give up waiting for health after this long. */
  timeoutMs?: number;
  /** Serve the web client built into this folder (the server's WEB_ROOT) instead of dist/web. */
  webRoot?: string;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // The child leads its own process group (detached): this reaches npx, tsx and node alike.
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function healthOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

// Servers still running if the bench itself is interrupted: they lead their own process groups,
// so Ctrl-C would not reach them.
const liveGroups = new Set<number>();
let exitHooked = false;
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const pgid of liveGroups) {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const pgid of liveGroups) {
        try {
          process.kill(-pgid, 'SIGTERM');
        } catch {
          /* gone */
        }
      }
      setTimeout(() => process.exit(130), 2000);
    });
  }
}

/** Starts the real server as `npm start` does (`node --import tsx src/main.ts`) and waits until /api/health answers 200. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await makeTempDataDir());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ...(options.webRoot ? { WEB_ROOT: options.webRoot } : {}),
  };
  delete env.DATABASE_URL; // always the embedded database

  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };

  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  hookExit();
  if (child.pid !== undefined) liveGroups.add(child.pid);
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // SIGTERM to the whole process group, as a terminal's Ctrl-C would: `sh` in the npx chain
    // does not relay signals, and tsx expects its child to receive the signal directly.
    if (!exited) {
      killGroup(child, 'SIGTERM');
      await waitForExit(child, 15_000);
    }
    // Anything left in the process group (a server still closing its database) gets a little
    // more time, then SIGKILL.
    for (let waited = 0; groupAlive(child) && waited < 5_000; waited += 100) await sleep(100);
    if (groupAlive(child)) killGroup(child, 'SIGKILL');
    await waitForExit(child, 5_000);
    if (child.pid !== undefined) liveGroups.delete(child.pid);
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = t0 + (options.timeoutMs ?? 120_000);
  try {
    for (;;) {
      if (exited) throw new Error(`the server exited before it was healthy (code ${child.exitCode}):\n${output.join('').slice(-3000)}`);
      if (await healthOk(url)) break;
      if (performance.now() > deadline) throw new Error(`the server was not healthy within ${options.timeoutMs ?? 120_000} ms:\n${output.join('').slice(-3000)}`);
      await sleep(50);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const startupMs = performance.now() - t0;
  return { url, port, dataDir, startupMs, stop };
}

/** Start-up time: from spawning the server process to its first 200 from /api/health, then stop it. */
export async function measureStartup(dataDir?: string): Promise<number> {
  const server = await startServer(dataDir === undefined ? {} : { dataDir });
  try {
    return server.startupMs;
  } finally {
    await server.stop();
  }
}

/** Launcher overhead: time for `node --import tsx` to start and exit on an empty script, in ms. */
export function measureLauncherBaseline(): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', 'process.exit(0)'], { cwd: ROOT, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - t0) : reject(new Error(`node --import tsx -e exited with ${code}`))));
  });
}

/**
 * Signs a browser context in as the sign-in form does: POST /api/auth/login sets the session cookie
 * and the user goes to local storage (spec 4). It runs on /api/health, so no asset of the app
 * reaches the browser's cache before the page under measurement loads.
 */
export async function signIn(context: BrowserContext, origin: string, email: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/api/health`);
    const failure = await page.evaluate(
      async ({ email, password, storageKey }) => {
        const response = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
        if (!response.ok) return `${response.status} ${await response.text()}`;
        localStorage.setItem(storageKey, await response.text());
        return null;
      },
      { email, password: DEMO_PASSWORD, storageKey: USER_STORAGE_KEY },
    );
    if (failure) throw new Error(`sign-in as ${email} failed: ${failure}`);
  } finally {
    await page.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Results

export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    totalmem: os.totalmem(),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    /** 1, 5 and 15 minute load averages: other work on the machine skews every timing. */
    loadavg: os.loadavg().map((l) => round(l, 2)),
  };
}

export function writeResult(result: BenchResult, extra: Record<string, unknown> = {}): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${result.name}.json`);
  const body = { name: result.name, date: new Date().toISOString(), machine: machineInfo(), ...extra, figures: result.figures, budgets: result.budgets, details: result.details };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return file;
}
