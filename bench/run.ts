// `npm run bench` runs every benchmark in order; `npm run bench -- lighthouse-explorer startup` runs some.
// Prints one table of figures against the budgets of DESIGN.md section 9 and writes
// bench/results/<name>.json per benchmark. Budgets are reported, not enforced: the exit code is
// non-zero only when a benchmark could not run.
import * as jobsApi from './jobs-api';
import * as pageSize from './page-size';
import * as recommendations from './recommendations';
import * as lighthouse from './lighthouse';
import * as routeSolver from './route-solver';
import { log, machineInfo, round, writeResult, type BenchResult } from './lib';
import * as safetyRules from './safety-rules';
import * as search from './search';
import * as startup from './startup';

const BENCHMARKS: { name: string; run: () => Promise<BenchResult> }[] = [pageSize.landing, pageSize.explorer, lighthouse.landing, lighthouse.explorer, startup, jobsApi, search, safetyRules, routeSolver, recommendations];

function usage(): string {
  return `usage: npm run bench [-- <name>...]\nbenchmarks: ${BENCHMARKS.map((b) => b.name).join(', ')}`;
}

function printTable(results: { result: BenchResult; seconds: number }[]): void {
  const rows: [string, string, string][] = [['benchmark', 'figure / budget', 'value']];
  for (const { result, seconds } of results) {
    for (const [key, value] of Object.entries(result.figures)) rows.push([result.name, key, String(value)]);
    for (const budget of result.budgets) rows.push([result.name, `budget: ${budget.label}`, budget.ok ? 'OK' : 'MISSED']);
    rows.push([result.name, 'bench time (s)', String(round(seconds, 1))]);
  }
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i as 0 | 1 | 2].length)));
  const line = (r: [string, string, string]) => `${r[0].padEnd(widths[0]!)}  ${r[1].padEnd(widths[1]!)}  ${r[2]}`;
  const rule = '-'.repeat(widths[0]! + widths[1]! + widths[2]! + 4);
  console.log(rule);
  console.log(line(rows[0]!));
  console.log(rule);
  let previous = '';
  for (const r of rows.slice(1)) {
    if (previous && r[0] !== previous) console.log(rule);
    console.log(line([r[0] === previous ? '' : r[0], r[1], r[2]]));
    previous = r[0];
  }
  console.log(rule);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.includes('-h') || args.includes('--help')) {
    console.log(usage());
    return 0;
  }
  const unknown = args.filter((a) => !BENCHMARKS.some((b) => b.name === a));
  if (unknown.length > 0) {
    console.error(`unknown benchmark: ${unknown.join(', ')}\n${usage()}`);
    return 2;
  }
  const selected = args.length === 0 ? BENCHMARKS : BENCHMARKS.filter((b) => args.includes(b.name));

  const m = machineInfo();
  log(`${m.cpus} CPUs (${m.cpuModel}), ${round(m.totalmem / 2 ** 30, 1)} GiB, Node ${m.node}, ${m.platform}, load ${m.loadavg.join(' ')}`);

  const results: { result: BenchResult; seconds: number }[] = [];
  let failed = 0;
  for (const bench of selected) {
    log(`running ${bench.name}`);
    const t0 = performance.now();
    let result: BenchResult;
    try {
      result = await bench.run();
    } catch (err) {
      failed++;
      const message = err instanceof Error ? err.message : String(err);
      console.error(`[bench] ${bench.name} failed: ${err instanceof Error ? (err.stack ?? message) : message}`);
      result = { name: bench.name, figures: { error: message.split('\n')[0]!.slice(0, 200) }, budgets: [{ label: 'benchmark ran', ok: false }], details: { error: message } };
    }
    const seconds = (performance.now() - t0) / 1000;
    const file = writeResult(result, { seconds: round(seconds, 1) });
    log(`${bench.name} done in ${round(seconds, 1)} s -> ${file}`);
    results.push({ result, seconds });
  }

  printTable(results);
  const missed = results.flatMap((r) => r.result.budgets.filter((b) => !b.ok));
  console.log(missed.length === 0 ? 'All budgets met.' : `${missed.length} budget(s) missed.`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
