// A page's JavaScript: every script it requests until the network is idle, measured as the server
// sends it with `accept-encoding: gzip` (precompressed .gz files). The landing page, and the job
// explorer as the signed-in demo teen.
// Budget (DESIGN.md 9): landing page entry JavaScript <= 100 kB gzip. The explorer has none of its
// own: its Lighthouse score is the budget, these figures explain it.
import http from 'node:http';
import { chromium } from 'playwright-core';
import { DEMO } from '../e2e/support/accounts';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium';
import { log, signIn, sleep, startServer, webBuildsUnderTest, type BenchResult, type WebBuild } from './lib';

const LANDING_BUDGET_GZIP_BYTES = 100 * 1024;

interface Fetched {
  status: number;
  encoding: string;
  bytes: number;
}

/** Fetches a URL and returns the body length exactly as sent (not decompressed). */
function rawGet(url: string, acceptEncoding: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': acceptEncoding }, timeout: 10_000 }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? 'identity'), bytes }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout fetching ${url}`)));
    req.on('error', reject);
  });
}

interface PageOptions {
  signInAs?: string;
  budgetGzipBytes?: number;
}

/** The page's scripts in each build under test (figures prefixed by the build's name when there are several). */
async function measurePage(name: string, pagePath: string, options: PageOptions = {}): Promise<BenchResult> {
  const builds = webBuildsUnderTest();
  const results: BenchResult[] = [];
  for (const build of builds) results.push(await measureBuild(name, pagePath, options, build));
  if (results.length === 1) return results[0]!;
  return {
    name,
    figures: Object.assign({}, ...results.map((r) => r.figures)) as Record<string, number | string>,
    budgets: results.flatMap((r) => r.budgets),
    details: results.map((r) => r.details),
  };
}

async function measureBuild(name: string, pagePath: string, options: PageOptions, build: WebBuild): Promise<BenchResult> {
  const server = await startServer(build.webRoot ? { webRoot: build.webRoot } : {});
  try {
    const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
    const scripts = new Map<string, { initiator: 'load' | 'after-load' }>();
    try {
      const context = await browser.newContext();
      if (options.signInAs) await signIn(context, server.url, options.signInAs);
      const page = await context.newPage();
      let loaded = false;
      page.on('response', (response) => {
        const url = response.url();
        if (!url.startsWith('http')) return;
        const type = response.request().resourceType();
        const contentType = response.headers()['content-type'] ?? '';
        const isJs = type === 'script' || /javascript|ecmascript/.test(contentType) || /\.m?js(\?|$)/.test(new URL(url).pathname);
        if (isJs && !scripts.has(url)) scripts.set(url, { initiator: loaded ? 'after-load' : 'load' });
      });
      await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load', timeout: 30_000 });
      loaded = true;
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => log(`${name}: network did not go idle within 15 s`));
      if (new URL(page.url()).pathname !== pagePath) throw new Error(`${name}: ended on ${page.url()}, not ${pagePath}`);
      await sleep(1000);
    } finally {
      await browser.close();
    }

    const files = [];
    for (const [url, info] of scripts) {
      const gz = await rawGet(url, 'gzip');
      const plain = await rawGet(url, 'identity');
      if (gz.status !== 200) throw new Error(`GET ${url} answered ${gz.status}`);
      files.push({ path: new URL(url).pathname, gzipBytes: gz.bytes, rawBytes: plain.bytes, encoding: gz.encoding, requested: info.initiator });
    }
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    if (files.length === 0) throw new Error(`${pagePath} requested no JavaScript: is the client built?`);

    const totalGzip = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    const totalRaw = files.reduce((sum, f) => sum + f.rawBytes, 0);
    const atLoad = files.filter((f) => f.requested === 'load');
    const notGzipped = files.filter((f) => f.encoding !== 'gzip');

    const figures: Record<string, number | string> = {
      'JS files': files.length,
      'JS gzip total (bytes)': totalGzip,
      'JS gzip total (kB)': Math.round((totalGzip / 1024) * 10) / 10,
      'JS uncompressed total (bytes)': totalRaw,
      'JS gzip before load event (bytes)': atLoad.reduce((sum, f) => sum + f.gzipBytes, 0),
    };
    if (notGzipped.length > 0) figures['sent uncompressed (no .gz)'] = notGzipped.map((f) => f.path).join(', ');
    for (const f of files) figures[`  ${f.path}`] = `${f.gzipBytes} B gzip / ${f.rawBytes} B${f.requested === 'after-load' ? ' (after load)' : ''}`;

    const prefix = build.name ? `[${build.name}] ` : '';
    return {
      name,
      figures: Object.fromEntries(Object.entries(figures).map(([key, value]) => [`${prefix}${key}`, value])),
      budgets: options.budgetGzipBytes === undefined ? [] : [{ label: `${prefix}JS gzip ${totalGzip} B <= ${options.budgetGzipBytes} B`, ok: totalGzip <= options.budgetGzipBytes }],
      details: { ...(build.webRoot ? { webRoot: build.webRoot } : {}), url: `${server.url}${pagePath}`, ...(options.signInAs ? { signedInAs: options.signInAs } : {}), files },
    };
  } finally {
    await server.stop();
  }
}

export const landing = { name: 'landing-size', run: () => measurePage('landing-size', '/', { budgetGzipBytes: LANDING_BUDGET_GZIP_BYTES }) };
export const explorer = { name: 'explorer-size', run: () => measurePage('explorer-size', '/job-explorer', { signInAs: DEMO.teen }) };
