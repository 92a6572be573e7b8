// Lighthouse mobile (default simulated throttling) against the landing page, several runs, median.
// Budget (DESIGN.md 9): performance 100 (FCP <= 1.07 s, LCP <= 1.55 s, TBT <= 65 ms, CLS <= 0.039),
// and accessibility 100.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, ensureBuild, log, median, round, startServer, type BenchResult } from './lib';

export const name = 'lighthouse';

const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_LIGHTHOUSE_RUNS ?? '3', 10) || 3);

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  failingAudits: { id: string; category: string; score: number | null; displayValue?: string }[];
}

async function lighthouseOnce(url: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      formFactor: 'mobile',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const score = (id: string) => lhr.categories[id]?.score ?? Number.NaN;
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

    const failingAudits: RunFigures['failingAudits'] = [];
    for (const [categoryId, category] of Object.entries(lhr.categories)) {
      for (const ref of category.auditRefs) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
        if (audit.score !== null && audit.score >= 0.9) continue;
        if (audit.score === null && audit.scoreDisplayMode !== 'error') continue;
        failingAudits.push({ id: ref.id, category: categoryId, score: audit.score, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) });
      }
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      siMs: numeric('speed-index'),
      failingAudits,
    };
  } finally {
    chrome.kill();
  }
}

export async function run(): Promise<BenchResult> {
  ensureBuild();
  const server = await startServer();
  try {
    const url = `${server.url}/`;
    const runs: RunFigures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const r = await lighthouseOnce(url);
      runs.push(r);
      log(`lighthouse run ${i + 1}/${RUNS}: performance ${round(r.performance * 100)} in ${round((performance.now() - t0) / 1000, 1)} s`);
    }
    const med = (pick: (r: RunFigures) => number) => median(runs.map(pick));
    const perf = med((r) => r.performance);
    const a11y = med((r) => r.accessibility);
    const fcp = med((r) => r.fcpMs);
    const lcp = med((r) => r.lcpMs);
    const tbt = med((r) => r.tbtMs);
    const cls = med((r) => r.cls);

    // The failing audits of the run whose performance score is the median one.
    const medianRun = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)]!;

    const figures: Record<string, number | string> = {
      runs: RUNS,
      'performance (median)': round(perf * 100, 1),
      'performance (each run)': runs.map((r) => round(r.performance * 100)).join(', '),
      'FCP ms (median)': round(fcp),
      'LCP ms (median)': round(lcp),
      'TBT ms (median)': round(tbt),
      'CLS (median)': round(cls, 3),
      'Speed Index ms (median)': round(med((r) => r.siMs)),
      accessibility: round(a11y * 100, 1),
      'best-practices': round(med((r) => r.bestPractices) * 100, 1),
      seo: round(med((r) => r.seo) * 100, 1),
    };
    if (medianRun.failingAudits.length > 0) figures['audits below 90'] = medianRun.failingAudits.map((a) => `${a.category}/${a.id}`).join(', ');

    return {
      name,
      figures,
      budgets: [
        { label: `performance ${round(perf * 100, 1)} = 100 (score >= 0.995)`, ok: perf >= 0.995 },
        { label: `accessibility ${round(a11y * 100, 1)} = 100`, ok: a11y >= 0.995 },
        { label: `FCP ${round(fcp)} ms <= 1070 ms`, ok: fcp <= 1070 },
        { label: `LCP ${round(lcp)} ms <= 1550 ms`, ok: lcp <= 1550 },
        { label: `TBT ${round(tbt)} ms <= 65 ms`, ok: tbt <= 65 },
        { label: `CLS ${round(cls, 3)} <= 0.039`, ok: cls <= 0.039 },
      ],
      details: { url, runs },
    };
  } finally {
    await server.stop();
  }
}
