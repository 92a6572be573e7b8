// Lighthouse mobile (default simulated throttling), several runs, median: the public landing page,
// and the job explorer as the signed-in demo teen.
// Budget (DESIGN.md 9), for both: performance 100 (FCP <= 1.07 s, LCP <= 1.55 s, TBT <= 65 ms,
// CLS <= 0.039), and accessibility 100. BENCH_LIGHTHOUSE_RUNS runs each (default 5); BENCH_WEB_ROOTS
// compares builds, alternating their runs (bench/lib.ts, webBuildsUnderTest).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO } from '../e2e/support/accounts';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium';
import { log, median, round, signIn, startServer, webBuildsUnderTest, type BenchResult, type RunningServer } from './lib';

const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_LIGHTHOUSE_RUNS ?? '5', 10) || 5);
/** A folder to keep each run's full Lighthouse report in (JSON, for the Lighthouse viewer). */
const KEEP_REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;

interface PageTarget {
  /** The benchmark's name, and its results file. */
  name: string;
  pagePath: string;
  /** Sign in as this account before each run (a fresh browser each time). */
  signInAs?: string;
}

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
  /** The HTML of the element Lighthouse took as the largest contentful paint. */
  lcpElement?: string;
  failingAudits: { id: string; category: string; score: number | null; displayValue?: string }[];
}

/** The first DOM snippet in an audit's details, wherever its table nests it. */
function firstSnippet(details: unknown): string | undefined {
  if (details === null || typeof details !== 'object') return undefined;
  if ('snippet' in details && typeof details.snippet === 'string') return details.snippet;
  for (const value of Object.values(details)) {
    const found = firstSnippet(value);
    if (found) return found;
  }
  return undefined;
}

async function lighthouseOnce(url: string, signInAs?: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], logLevel: 'silent' });
  try {
    if (signInAs) {
      // Lighthouse empties the HTTP cache before it loads the page, but keeps cookies and storage.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        await signIn(browser.contexts()[0]!, new URL(url).origin, signInAs);
      } finally {
        await browser.close();
      }
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      formFactor: 'mobile',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    if (KEEP_REPORTS) {
      mkdirSync(KEEP_REPORTS, { recursive: true });
      writeFileSync(path.join(KEEP_REPORTS, `${new URL(url).pathname.replace(/\W+/g, '-')}${Date.now()}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    // A signed-out visitor is sent elsewhere: then the figures would be another page's.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url}`);
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
      lcpElement: firstSnippet(lhr.audits['largest-contentful-paint-element']?.details),
      failingAudits,
    };
  } finally {
    chrome.kill();
  }
}

/** One build's runs as figures and budgets; `label` prefixes them when several builds are compared. */
function summarize(runs: RunFigures[], label: string): Pick<BenchResult, 'figures' | 'budgets'> {
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
    runs: runs.length,
    'performance (median)': round(perf * 100, 1),
    'performance (each run)': runs.map((r) => round(r.performance * 100)).join(', '),
    'FCP ms (median)': round(fcp),
    'LCP ms (median)': round(lcp),
    'TBT ms (median)': round(tbt),
    'TBT ms (each run)': runs.map((r) => round(r.tbtMs)).join(', '),
    'CLS (median)': round(cls, 3),
    'Speed Index ms (median)': round(med((r) => r.siMs)),
    accessibility: round(a11y * 100, 1),
    'best-practices': round(med((r) => r.bestPractices) * 100, 1),
    seo: round(med((r) => r.seo) * 100, 1),
  };
  if (medianRun.failingAudits.length > 0) figures['audits below 90'] = medianRun.failingAudits.map((a) => `${a.category}/${a.id}`).join(', ');
  const budgets = [
    { label: `performance ${round(perf * 100, 1)} = 100 (score >= 0.995)`, ok: perf >= 0.995 },
    { label: `accessibility ${round(a11y * 100, 1)} = 100`, ok: a11y >= 0.995 },
    { label: `FCP ${round(fcp)} ms <= 1070 ms`, ok: fcp <= 1070 },
    { label: `LCP ${round(lcp)} ms <= 1550 ms`, ok: lcp <= 1550 },
    { label: `TBT ${round(tbt)} ms <= 65 ms`, ok: tbt <= 65 },
    { label: `CLS ${round(cls, 3)} <= 0.039`, ok: cls <= 0.039 },
  ];
  const prefix = label ? `[${label}] ` : '';
  return {
    figures: Object.fromEntries(Object.entries(figures).map(([key, value]) => [`${prefix}${key}`, value])),
    budgets: budgets.map((budget) => ({ ...budget, label: `${prefix}${budget.label}` })),
  };
}

async function measurePage({ name, pagePath, signInAs }: PageTarget): Promise<BenchResult> {
  const builds = webBuildsUnderTest();
  // One server per build, all started before the first run, so the runs can alternate between them.
  const servers: RunningServer[] = [];
  try {
    for (const build of builds) servers.push(await startServer(build.webRoot ? { webRoot: build.webRoot } : {}));
    const runs: RunFigures[][] = builds.map(() => []);
    for (let i = 0; i < RUNS; i++) {
      for (const [b, build] of builds.entries()) {
        const url = `${servers[b]!.url}${pagePath}`;
        const t0 = performance.now();
        let r: RunFigures | undefined;
        // Lighthouse's own advice for a trace it failed to record ("Please run Lighthouse again"),
        // seen now and then on this machine: up to three more runs; any other failure stands.
        for (let attempt = 0; !r; attempt++) {
          try {
            r = await lighthouseOnce(url, signInAs);
          } catch (error) {
            if (!(error instanceof Error && error.message.includes('NO_NAVSTART')) || attempt === 3) throw error;
            log(`${name} run ${i + 1}/${RUNS}: ${error.message}; running it again`);
          }
        }
        runs[b]!.push(r);
        const label = build.name ? ` [${build.name}]` : '';
        log(`${name}${label} run ${i + 1}/${RUNS}: performance ${round(r.performance * 100)}, TBT ${round(r.tbtMs)} ms in ${round((performance.now() - t0) / 1000, 1)} s (load ${round(loadavg()[0]!, 1)})`);
      }
    }
    const summaries = builds.map((build, b) => summarize(runs[b]!, build.name));
    return {
      name,
      figures: Object.assign({}, ...summaries.map((s) => s.figures)) as Record<string, number | string>,
      budgets: summaries.flatMap((s) => s.budgets),
      details: {
        ...(signInAs ? { signedInAs: signInAs } : {}),
        builds: builds.map((build, b) => ({ ...build, url: `${servers[b]!.url}${pagePath}`, runs: runs[b] })),
      },
    };
  } finally {
    for (const server of servers) await server.stop();
  }
}

export const landing = { name: 'lighthouse', run: () => measurePage({ name: 'lighthouse', pagePath: '/' }) };
export const explorer = { name: 'lighthouse-explorer', run: () => measurePage({ name: 'lighthouse-explorer', pagePath: '/job-explorer', signInAs: DEMO.teen }) };
