// Start-up on an existing embedded database: create and seed a DATA_DIR once, then time three
// restarts on it, from spawning `node --import tsx src/main.ts` to the first 200 from /api/health.
// Budget (DESIGN.md 9): <= 3 s to healthy.
import { rmSync } from 'node:fs';
import { ensureBuild, log, makeTempDataDir, measureLauncherBaseline, measureStartup, median, round, type BenchResult } from './lib';

export const name = 'startup';

const RESTARTS = Math.max(1, Number.parseInt(process.env.BENCH_STARTUP_RUNS ?? '3', 10) || 3);
const BUDGET_MS = 3000;

export async function run(): Promise<BenchResult> {
  // The server serves dist/web; building first keeps a build out of the timings.
  ensureBuild();
  const dataDir = await makeTempDataDir();
  try {
    const firstMs = await measureStartup(dataDir);
    log(`startup: fresh database created and seeded in ${round(firstMs)} ms`);
    const times: number[] = [];
    // What `node --import tsx` alone costs, measured next to each restart so that the server's own share can
    // be read off a machine that other work is loading.
    const baselines: number[] = [];
    for (let i = 0; i < RESTARTS; i++) {
      baselines.push(await measureLauncherBaseline());
      const ms = await measureStartup(dataDir);
      times.push(ms);
      log(`startup: restart ${i + 1}/${RESTARTS} healthy in ${round(ms)} ms (tsx loader alone ${round(baselines[i]!)} ms)`);
    }
    const med = median(times);
    const baseline = median(baselines);
    const ownShare = median(times.map((t, i) => t - baselines[i]!));
    return {
      name,
      figures: {
        'first start, new database (ms)': round(firstMs),
        restarts: RESTARTS,
        'restart min (ms)': round(Math.min(...times)),
        'restart median (ms)': round(med),
        'restart max (ms)': round(Math.max(...times)),
        'restarts (ms)': times.map((t) => round(t)).join(', '),
        'tsx loader on an empty script (ms, median)': round(baseline),
        'restart minus the tsx loader (ms, median)': round(ownShare),
      },
      budgets: [{ label: `start-up on existing database, median ${round(med)} ms <= ${BUDGET_MS} ms`, ok: med <= BUDGET_MS }],
      details: { command: 'node --import tsx src/main.ts', firstMs, restartsMs: times, loaderBaselineMs: baselines },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
