// `npm run profile:explorer`: where the job explorer's load spends the main thread (decision 011).
// Loads /job-explorer as the demo teen with a DevTools trace and the V8 sampling profiler on, then
// prints every main-thread task of at least PROFILE_MIN_TASK_MS (default 8) with the trace events
// in it and the functions that ran most (self time, from the samples). The trace goes to
// bench/results/explorer-trace-<n>.json.tmp (open it in DevTools' Performance panel). Build with
// `minify: false` in vite.config.ts first to see function names. Not a benchmark: no budgets.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO } from '../e2e/support/accounts';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium';
import { ensureBuild, RESULTS_DIR, signIn, startServer } from './lib';

const RUNS = Math.max(1, Number.parseInt(process.env.PROFILE_RUNS ?? '1', 10) || 1);
const MIN_TASK_MS = Number(process.env.PROFILE_MIN_TASK_MS ?? '8');
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'toplevel', 'loading', 'blink.user_timing'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { data?: Record<string, unknown> & { url?: string; documentLoaderURL?: string } };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface ProfileChunk {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

/** Events that only wrap others, or V8's internals: left out of a task's list. */
const WRAPPERS = /^(ThreadControllerImpl::RunTask|Receive mojo message|v8\.callFunction|V8\.)/;

const fileOf = (url: unknown) => (typeof url === 'string' ? url.split('/').pop() : '') || '';

function summarize(events: TraceEvent[]): string[] {
  const navigation = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.includes('/job-explorer')).pop();
  if (!navigation) return ['no navigation to /job-explorer in the trace'];
  const { pid, tid, ts: t0 } = navigation;
  const ms = (us: number) => ((us - t0) / 1000).toFixed(0).padStart(5);

  // The sampling profiler's chunks: nodes, and samples as time deltas.
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, number][] = [];
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid) continue;
    const chunk = event.args?.data as ProfileChunk;
    for (const node of chunk.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let time = samples.at(-1)?.[0] ?? (events.find((e) => e.name === 'Profile' && e.pid === pid && e.id === event.id)?.args?.data?.startTime as number | undefined) ?? event.ts;
    (chunk.cpuProfile?.samples ?? []).forEach((node, i) => {
      time += chunk.timeDeltas?.[i] ?? 0;
      samples.push([time, node]);
    });
  }
  const nameOf = (id: number) => {
    const frame = nodes.get(id)?.callFrame;
    return frame ? `${frame.functionName || '(anonymous)'}@${fileOf(frame.url)}:${frame.lineNumber}` : '?';
  };

  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  const lines = [`first contentful paint at ${paint ? ms(paint.ts).trim() : '?'} ms`];
  for (const task of main.filter((e) => e.name === 'RunTask' && e.dur! >= MIN_TASK_MS * 1000)) {
    const end = task.ts + task.dur!;
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && e.dur! >= 1000 && !WRAPPERS.test(e.name));
    const described = inside.slice(0, 6).map((e) => `${e.name}${e.args?.data?.url ? `[${fileOf(e.args.data.url)}]` : ''} ${(e.dur! / 1000).toFixed(1)}`);
    lines.push(`${ms(task.ts)} ms  ${(task.dur! / 1000).toFixed(1).padStart(5)} ms  ${described.join(', ')}`);
    const selfTime = new Map<string, number>();
    const inTask = samples.filter(([time]) => time >= task.ts && time < end);
    for (const [, id] of inTask) selfTime.set(nameOf(id), (selfTime.get(nameOf(id)) ?? 0) + 1);
    const top = [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 6);
    if (top.length > 0) lines.push(`                   ${top.map(([name, count]) => `${name} ${Math.round((100 * count) / inTask.length)}%`).join(', ')}`);
  }
  return lines;
}

ensureBuild();
const server = await startServer();
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    await signIn(context, server.url, DEMO.teen);
    // The server loads its renderer on the first explorer it draws: not this trace's business.
    await context.request.get(`${server.url}/job-explorer`);
    const page = await context.newPage();
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(`${server.url}/job-explorer`);
    await page.waitForTimeout(2500);
    const trace = await browser.stopTracing();
    const file = path.join(RESULTS_DIR, `explorer-trace-${run}.json.tmp`);
    writeFileSync(file, trace);
    const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
    console.log(`run ${run} (${file}):\n${summarize(traceEvents).join('\n')}\n`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
