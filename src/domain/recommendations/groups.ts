import { DURATIONS, JOB_CATEGORIES, PHYSICAL_DEMANDS, type JobCategory, type PhysicalDemand } from '../../contract/job-constants';
import type { LockLimits } from './lock-limits';
import { sumFor, type MatchPlan } from './plan';
import { roundScore } from './score';
import { WEIGHTS } from './weights';

/**
 * The candidates by group (decision 018): jobs alike in ZIP code, physical demands, duration and
 * category score alike but for their pay, and in a group a higher pay never scores lower. So the best
 * jobs are found group by group, best groups first, through an index on those four columns and the
 * pay: each group is read from the pay its jobs need to beat the best found so far, and a group whose
 * best possible score cannot is not read at all.
 */
export interface JobGroup {
  zipCode: string;
  physicalDemands: PhysicalDemand;
  /** One of DURATIONS: the posting contract allows no other. */
  estimatedDuration: number;
  category: JobCategory;
  /** Every fact's points but the pay's, summed as scoreJob sums them. */
  base: number;
  /** The score with the most pay points. */
  best: number;
}

/**
 * The groups the hard limits and the lock allow, best first (ties in a fixed order); with `minBest`,
 * only those whose best score reaches it (the server's reads: the others hold no candidate).
 */
export function jobGroupsOf(plan: MatchPlan, lock: LockLimits, zips: readonly string[], minBest = -Infinity): JobGroup[] {
  if (lock.none) return [];
  const maxMinutes = Math.min(plan.limits.maxMinutes, lock.maxMinutes);
  const demands = PHYSICAL_DEMANDS.filter((d) => plan.limits.demands.includes(d) && lock.demands.includes(d));
  const categories = JOB_CATEGORIES.filter((c) => lock.categories.includes(c));
  const durations = DURATIONS.filter((minutes) => minutes <= maxMinutes);
  const [category, zipCode, physicalDemands, estimatedDuration] = plan.fields;
  if (!category || !zipCode || !physicalDemands || !estimatedDuration) throw new Error('a plan has its five fields');
  // Each value's points once, not once per group (hundreds of groups per request).
  const pointsOf = (field: MatchPlan['fields'][number], values: readonly (string | number)[]) => values.map((value) => field.points[value] ?? sumFor(field.rest, value));
  const categoryPoints = pointsOf(category, categories);
  const zipPoints = pointsOf(zipCode, zips);
  const demandPoints = pointsOf(physicalDemands, demands);
  const durationPoints = pointsOf(estimatedDuration, durations);
  const groups: JobGroup[] = [];
  for (let z = 0; z < zips.length; z++)
    for (let d = 0; d < demands.length; d++)
      for (let m = 0; m < durations.length; m++)
        for (let k = 0; k < categories.length; k++) {
          // The order of scoreJob's sum: category, ZIP code, demands, duration (then the pay).
          let base = 0;
          base += categoryPoints[k]!;
          base += zipPoints[z]!;
          base += demandPoints[d]!;
          base += durationPoints[m]!;
          const best = roundScore(base + WEIGHTS.payPerHour);
          if (best >= minBest) groups.push({ zipCode: zips[z]!, physicalDemands: demands[d]!, estimatedDuration: durations[m]!, category: categories[k]!, base, best });
        }
  return groups.sort((a, b) => b.best - a.best || b.base - a.base);
}

/**
 * The least pay, in cents, a job of the group may have and still score `score`: a bound for the index,
 * a cent below the exact figure (the statement tests the score itself). Null when no pay reaches it.
 */
export function minPayCents(group: JobGroup, plan: MatchPlan, score: number): number | null {
  if (group.best < score) return null;
  const pay = plan.fields[4]?.rest[0];
  if (!pay || pay.kind !== 'linear') throw new Error('the pay is a linear term');
  const needed = score - 0.5 - group.base;
  if (needed <= 0) return 0;
  // needed = pay.base + pay.slope * dollarsPerHour, and cents = dollarsPerHour * minutes / 60 * 100.
  const dollarsPerHour = (needed - pay.base) / pay.slope;
  return Math.max(0, Math.floor((dollarsPerHour * group.estimatedDuration * 100) / 60) - 1);
}
