import { EQUIPMENT, JOB_CATEGORIES, PHYSICAL_DEMANDS, type Equipment, type JobCategory, type PhysicalDemand } from '../../contract/job-constants';
import { decideFor, type LocalNow, type RuleBook, type TeenFacts } from '../safety-rules/engine';

/**
 * What the safety rules let a teen lock (issue 15), as values SQL can filter by: the recommendations'
 * candidates are picked in SQL, and the rules are not written a second time there. The engine is asked
 * instead, one fact of a job at a time.
 *
 * At the lock stage the engine refuses a job for what it is, each fact on its own: an item of its
 * equipment, its category, its physical demands, or a length no day's window holds (engine.ts,
 * refusalsForTheJob); the hours and the time of day wait for the accept and the start. So a job is
 * allowed exactly when each of its facts is, and asking about each fact with the others harmless
 * answers for every job. The server still puts each returned job to the machine's lock decision.
 */
export interface LockLimits {
  /** No job at all (an unknown age, a rule against all work). */
  none: boolean;
  categories: readonly JobCategory[];
  demands: readonly PhysicalDemand[];
  /** Equipment the rules refuse this teen. */
  refusedEquipment: readonly Equipment[];
  /** The longest job, in minutes, a day's windows hold. */
  maxMinutes: number;
}

const NO_JOB: LockLimits = { none: true, categories: [], demands: [], refusedEquipment: [], maxMinutes: 0 };
/** Longer than any job: a day. */
const DAY_MINUTES = 24 * 60;

/** Per rule book, the answers by teen facts and day: the same for every request of a teen on a day. */
const known = new WeakMap<RuleBook, Map<string, LockLimits>>();
const KNOWN_MAX = 1000;

export function lockLimitsOf(teen: TeenFacts, book: RuleBook, now: LocalNow): LockLimits {
  let byFacts = known.get(book);
  if (!byFacts) {
    byFacts = new Map();
    known.set(book, byFacts);
  }
  // The lock stage reads neither the time of day nor booked work: the date of birth, the parent's rows and the day decide.
  const key = `${teen.dateOfBirth}|${now.day}|${JSON.stringify(teen.parentRules)}`;
  let limits = byFacts.get(key);
  if (!limits) {
    limits = probeLockLimits(teen, book, now);
    if (byFacts.size >= KNOWN_MAX) byFacts.clear();
    byFacts.set(key, limits);
  }
  return limits;
}

function probeLockLimits(teen: TeenFacts, book: RuleBook, now: LocalNow): LockLimits {
  const allows = (job: { equipment: readonly Equipment[]; category: JobCategory; physicalDemands: PhysicalDemand; estimatedDuration: number }) =>
    decideFor('lock', { id: 'recommendation-probe', ...job }, teen, book, now).allowed;
  const pairs = JOB_CATEGORIES.flatMap((category) => PHYSICAL_DEMANDS.map((physicalDemands) => ({ category, physicalDemands })));
  const allowedPairs = pairs.filter((pair) => allows({ ...pair, equipment: [], estimatedDuration: 1 }));
  const base = allowedPairs[0];
  if (!base) return NO_JOB;
  const categories = JOB_CATEGORIES.filter((c) => allowedPairs.some((p) => p.category === c));
  const demands = PHYSICAL_DEMANDS.filter((d) => allowedPairs.some((p) => p.physicalDemands === d));
  const refusedEquipment = EQUIPMENT.filter((item) => !allows({ ...base, equipment: [item], estimatedDuration: 1 }));
  // The length refusal is a bound: the longest allowed length, by halving.
  let low = 1;
  let high = DAY_MINUTES;
  if (allows({ ...base, equipment: [], estimatedDuration: high })) low = high;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (allows({ ...base, equipment: [], estimatedDuration: mid })) low = mid;
    else high = mid - 1;
  }
  return { none: false, categories, demands, refusedEquipment, maxMinutes: low };
}
