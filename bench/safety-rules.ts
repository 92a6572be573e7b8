// The safety rules by age (issue 21) decide in memory: 10,000 (teen, job) pairs, each at the start
// stage (what the job needs, the day's and week's hours, the time of day: every check there is), and
// at the lock stage the explorer asks for every job it shows. Teens of 13 to 18 with and without a
// parent's limits and booked work; jobs of every category, effort, length and equipment. Median of
// several runs after a warm-up. Budget (issue 21): well under a second for 10,000 pairs.
import { EQUIPMENT, JOB_CATEGORIES, PHYSICAL_DEMANDS, DURATIONS } from '../src/contract/job-constants';
import { NO_PARENT_LIMITS, type ParentLimits } from '../src/contract/safety';
import { addDays } from '../src/domain/calendar';
import { pick, seededRandom, type RandomSource } from '../src/domain/random';
import { parseSchoolCalendar } from '../src/domain/safety-rules/school-calendar';
import { decideFor, minimumAgeFor, type JobNeeds, type RuleBook, type Stage, type TeenFacts } from '../src/domain/safety-rules/engine';
import { parentLayer, rulesFor } from '../src/domain/safety-rules/rules';
import type { WorkEntry } from '../src/domain/safety-rules/work';
import calendarJson from '../src/server/modules/safety/ma-school-calendar.json';
import { log, median, round, type BenchResult } from './lib';

export const name = 'safety-rules';

const PAIRS = 10_000;
const RUNS = Math.max(3, Number.parseInt(process.env.BENCH_SAFETY_RUNS ?? '7', 10) || 7);
const BUDGET_MS = 1000;
/** A Tuesday in the school year, 3 PM. */
const NOW = { day: '2026-11-24', minutes: 15 * 60 };


function makeTeen(random: RandomSource, i: number): TeenFacts {
  const age = 13 + Math.floor(random() * 6);
  const dateOfBirth = `${2026 - age}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
  const limits: ParentLimits | null =
    random() < 0.3 ? { ...NO_PARENT_LIMITS, maxHoursPerWeek: 5 + Math.floor(random() * 20), latestFinish: random() < 0.5 ? '18:00' : null, noHardJobs: random() < 0.3 } : null;
  const work: WorkEntry[] = Array.from({ length: Math.floor(random() * 6) }, (_, j) => ({
    jobId: `booked-${i}-${j}`,
    day: addDays(NOW.day, -Math.floor(random() * 6)),
    minutes: pick(random, DURATIONS),
  }));
  return { dateOfBirth: random() < 0.02 ? null : dateOfBirth, parentRules: parentLayer(limits), work };
}

function makeJob(random: RandomSource, i: number): JobNeeds & { id: string } {
  const equipment = EQUIPMENT.filter(() => random() < 0.12);
  return { id: `job-${i}`, equipment, category: pick(random, JOB_CATEGORIES), physicalDemands: pick(random, PHYSICAL_DEMANDS), estimatedDuration: pick(random, DURATIONS) };
}

/** Milliseconds to decide every pair at `stage`, and how many were allowed (so the work cannot be optimised away). */
function decideAll(stage: Stage, teens: TeenFacts[], jobs: (JobNeeds & { id: string })[], book: RuleBook): { ms: number; allowed: number } {
  let allowed = 0;
  const t0 = performance.now();
  for (let i = 0; i < PAIRS; i++) if (decideFor(stage, jobs[i]!, teens[i]!, book, NOW).allowed) allowed++;
  return { ms: performance.now() - t0, allowed };
}

export async function run(): Promise<BenchResult> {
  const random = seededRandom(21);
  const book: RuleBook = { rules: rulesFor('MA'), calendar: parseSchoolCalendar(calendarJson, 'ma-school-calendar.json') };
  const teens = Array.from({ length: PAIRS }, (_, i) => makeTeen(random, i));
  const jobs = Array.from({ length: PAIRS }, (_, i) => makeJob(random, i));
  // Warm-up: the JIT compiles the engine before anything is timed.
  for (let i = 0; i < 3; i++) decideAll('start', teens, jobs, book);
  const start: number[] = [];
  const lock: number[] = [];
  let allowed = { start: 0, lock: 0 };
  for (let r = 0; r < RUNS; r++) {
    const s = decideAll('start', teens, jobs, book);
    const l = decideAll('lock', teens, jobs, book);
    start.push(s.ms);
    lock.push(l.ms);
    allowed = { start: s.allowed, lock: l.allowed };
    log(`safety-rules: run ${r + 1}/${RUNS}: start stage ${round(s.ms, 1)} ms, lock stage ${round(l.ms, 1)} ms`);
  }
  const t0 = performance.now();
  for (const job of jobs) minimumAgeFor(job.equipment, book.rules);
  const minimumAgeMs = performance.now() - t0;
  const startMedian = median(start);
  return {
    name,
    figures: {
      pairs: PAIRS,
      runs: RUNS,
      'start stage, every check (median ms)': round(startMedian, 1),
      'start stage (min-max ms)': `${round(Math.min(...start), 1)}-${round(Math.max(...start), 1)}`,
      'lock stage (median ms)': round(median(lock), 1),
      'per decision at the start stage (µs)': round((startMedian * 1000) / PAIRS, 2),
      'minimumAge of 10,000 jobs (ms)': round(minimumAgeMs, 1),
      'allowed at the start / lock stage': `${allowed.start} / ${allowed.lock}`,
    },
    budgets: [{ label: `10,000 pairs decided in < ${BUDGET_MS} ms (median)`, ok: startMedian < BUDGET_MS }],
  };
}
