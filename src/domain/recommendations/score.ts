import { CATEGORY_LABELS, JOB_CATEGORIES, type PhysicalDemand } from '../../contract/job-constants';
import {
  EXCLUDING_PREFERENCES,
  EXPERIENCE_LABELS,
  PHYSICAL_CAPABILITY_LABELS,
  TIME_SLOT_LABELS,
  TIME_SLOTS,
  WEATHER_LABELS,
  type WeatherPreference,
  type ExcludingPreference,
  type RecommendationReasonCode,
} from '../../contract/preference-constants';
import type { ExcludedMost, RecommendationReason, UserPreferences } from '../../contract/preferences';
import { formatDuration, formatPay } from '../format';
import { fitsWeather, hardExclusionsOf, legalSlotMinutes, matchPlanOf, pointsFor, sumFor, type FieldScore, type MatchInput, type MatchJob, type MatchPlan, type Term } from './plan';
import type { LockLimits } from './lock-limits';
import { CATEGORY_WEATHER, REASON_MIN_SHARE, WEIGHTS, type Weight } from './weights';

/** A term's field on a job; pay per hour in the order SQL computes it too (match-sql.ts), so both sums agree to the bit. */
export function termValue(term: Pick<Term, 'field'>, job: MatchJob): string | number {
  switch (term.field) {
    case 'payPerHour':
      return (job.payCents * 60) / job.estimatedDuration / 100;
    default:
      return job[term.field];
  }
}

export function termPoints(term: Term, job: MatchJob): number {
  return pointsFor(term, termValue(term, job));
}

/** A fact's points: its known value's total, or its terms added up (as match-sql.ts's CASE ... ELSE). */
export function fieldPoints(field: FieldScore, job: MatchJob): number {
  const value = termValue(field, job);
  const known = field.points[value];
  return known ?? sumFor(field.rest, value);
}

/** The match score: the terms' sum rounded half up, as SQL's floor(sum + 0.5). */
export function roundScore(sum: number): number {
  return Math.min(100, Math.max(0, Math.floor(sum + 0.5)));
}

export interface Scored {
  matchScore: number;
  /** Each term's points, in the plan's order. */
  points: { weight: Weight; points: number }[];
}

/** The match score alone: what the list's order and the minimum need, for every candidate. */
export function matchScoreOf(job: MatchJob, plan: MatchPlan): number {
  let sum = 0;
  for (const field of plan.fields) sum += fieldPoints(field, job);
  return roundScore(sum);
}

export function scoreJob(job: MatchJob, plan: MatchPlan): Scored {
  return { matchScore: matchScoreOf(job, plan), points: plan.terms.map((term) => ({ weight: term.weight, points: termPoints(term, job) })) };
}

const REASON_CODES: Record<Weight, RecommendationReasonCode> = {
  preferredCategory: 'preferred_category',
  distance: 'close_by',
  payPerHour: 'good_pay',
  duration: 'fits_duration',
  timeSlot: 'fits_time_slot',
  experience: 'matches_experience',
  familiarNeighborhood: 'familiar_neighborhood',
  ownHistory: 'done_before',
  supervision: 'supervised',
  weather: 'fits_weather',
};

const DEMAND_WORDS: Record<PhysicalDemand, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'sunny', 'sunny or cloudy', 'sunny, cloudy or overcast'. */
function weatherWords(list: readonly WeatherPreference[]): string {
  const words = list.map((weather) => WEATHER_LABELS[weather].toLowerCase());
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
}

function milesText(miles: number): string {
  return miles < 0.1 ? 'Right in your neighborhood.' : `${miles.toFixed(1)} miles from home.`;
}

/** A reason's sentence; null where the points came from no ask of the teen's (nothing ticked, no supervision asked). */
function reasonText(weight: Weight, job: MatchJob, miles: number, input: MatchInput): string | null {
  const { preferences, history } = input;
  switch (weight) {
    case 'preferredCategory':
      return preferences.preferredCategories.includes(job.category) ? `You picked ${CATEGORY_LABELS[job.category]}.` : null;
    case 'distance':
      return milesText(miles);
    case 'payPerHour':
      return `Pays about ${formatPay(String(Math.round((job.payCents * 60) / job.estimatedDuration / 100)), 0)} an hour.`;
    case 'duration':
      return `Takes ${formatDuration(job.estimatedDuration)}, inside your ${preferences.maxJobDuration}-hour limit.`;
    case 'timeSlot': {
      const slot = TIME_SLOTS.find((s) => preferences.preferredTimeSlots.includes(s) && legalSlotMinutes(s, input.legalHours) >= job.estimatedDuration);
      return slot ? `Fits in your ${TIME_SLOT_LABELS[slot].toLowerCase()}.` : null;
    }
    case 'experience':
      return `${DEMAND_WORDS[job.physicalDemands]} work suits your ${EXPERIENCE_LABELS[preferences.experience].toLowerCase()} experience.`;
    case 'familiarNeighborhood':
      return `In ${job.zipCode}, where you have worked before.`;
    case 'ownHistory': {
      const done = history.completedByCategory[job.category] ?? 0;
      return `You have done ${plural(done, `${CATEGORY_LABELS[job.category]} job`, `${CATEGORY_LABELS[job.category]} jobs`)} before.`;
    }
    case 'supervision':
      return preferences.requireAdultSupervision ? 'A Yardly coordinator supervises jobs here.' : null;
    case 'weather': {
      const liked = CATEGORY_WEATHER[job.category].filter((weather) => preferences.weatherPreferences.includes(weather));
      return liked.length ? `${CATEGORY_LABELS[job.category]} suits the ${weatherWords(liked)} weather you picked.` : null;
    }
  }
}

/**
 * The one reason that speaks against a job: its kind is done in weather the teen did not tick (the
 * score already lost the weather points). Null when it fits or the teen ticked no weather.
 */
function weatherCaveat(job: MatchJob, input: MatchInput): RecommendationReason | null {
  if (fitsWeather(job.category, input.preferences)) return null;
  return { code: 'outside_weather', text: `${CATEGORY_LABELS[job.category]} is done in ${weatherWords(CATEGORY_WEATHER[job.category])} weather, which you did not pick.` };
}

/** Each weight's place in the table: equal points list in the table's order. */
const WEIGHT_ORDER = Object.fromEntries(Object.keys(WEIGHTS).map((weight, i) => [weight, i])) as Record<Weight, number>;

/**
 * Why the job was picked, the terms that earned most first: each that earned at least half its weight
 * and answers an ask of the teen's. At least one: the distance, which every recommended job has. Last,
 * when the job's weather is not one the teen ticked, that caveat.
 */
export function reasonsFor(job: MatchJob, scored: Scored, miles: number, input: MatchInput): RecommendationReason[] {
  const strong = scored.points
    .filter(({ weight, points }) => points > 0 && points >= WEIGHTS[weight] * REASON_MIN_SHARE)
    .sort((a, b) => b.points - a.points || WEIGHT_ORDER[a.weight] - WEIGHT_ORDER[b.weight]);
  const reasons = strong.flatMap(({ weight }) => {
    const text = reasonText(weight, job, miles, input);
    return text ? [{ code: REASON_CODES[weight], text }] : [];
  });
  const caveat = weatherCaveat(job, input);
  return [...(reasons.length ? reasons : [{ code: 'close_by' as const, text: milesText(miles) }]), ...(caveat ? [caveat] : [])];
}

export interface Recommendation<J extends MatchJob> {
  job: J;
  miles: number;
  matchScore: number;
  reasons: RecommendationReason[];
}

/** The order of the list: match score, then distance, then id (the same inputs, the same order). */
export function compareRecommendations(a: { matchScore: number; miles: number; job: { id: string } }, b: { matchScore: number; miles: number; job: { id: string } }): number {
  return b.matchScore - a.matchScore || a.miles - b.miles || (a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0);
}

/**
 * The recommendations among `jobs` (the ones the teen could lock now): those that pass every hard
 * limit and reach the minimum score, best first, at most `limit`. Matching off: none.
 */
export function recommend<J extends MatchJob>(jobs: readonly J[], input: MatchInput, limit: number, plan: MatchPlan = matchPlanOf(input)): Recommendation<J>[] {
  if (!input.preferences.aiMatchingEnabled) return [];
  const passing: { job: J; miles: number; matchScore: number }[] = [];
  for (const job of jobs) {
    const miles = input.milesByZip.get(job.zipCode);
    if (miles === undefined || hardExclusionsOf(job, miles, input.preferences).length) continue;
    const matchScore = matchScoreOf(job, plan);
    if (matchScore >= plan.minScore) passing.push({ job, miles, matchScore });
  }
  // Each term's points and the reasons' sentences only for the jobs returned.
  return passing
    .sort(compareRecommendations)
    .slice(0, limit)
    .map(({ job, miles, matchScore }) => ({ job, miles, matchScore, reasons: reasonsFor(job, scoreJob(job, plan), miles, input) }));
}

export type ExclusionCounts = Record<ExcludingPreference, number>;

/**
 * How many of `jobs` each preference keeps out on its own; minMatchScore counts those that pass every
 * hard limit but score too low. The definition, job by job: the server counts from tallies instead
 * (emptyListExclusions), and the table tests hold the two equal.
 */
export function exclusionCounts(jobs: readonly MatchJob[], input: MatchInput, plan: MatchPlan = matchPlanOf(input)): ExclusionCounts {
  const counts = Object.fromEntries(EXCLUDING_PREFERENCES.map((p) => [p, 0])) as ExclusionCounts;
  for (const job of jobs) {
    const failed = hardExclusionsOf(job, input.milesByZip.get(job.zipCode), input.preferences);
    for (const preference of failed) counts[preference] += 1;
    if (!failed.length && matchScoreOf(job, plan) < plan.minScore) counts.minMatchScore += 1;
  }
  return counts;
}

/**
 * Open jobs alike in every fact the lock and the hard limits read but their category, counted by
 * category (in JOB_CATEGORIES' order): the server's tally of the jobs the lock could take now. The
 * category is a column of counts rather than of the key because only the lock reads it: a few hundred
 * tallies to walk per teen instead of thousands.
 */
export interface JobTally extends Pick<MatchJob, 'zipCode' | 'physicalDemands' | 'estimatedDuration' | 'equipment'> {
  byCategory: readonly number[];
}

/**
 * exclusionCounts for a list found empty, from the tallies of open jobs: those of the service area the
 * lock lets the teen have, each hard preference counted on its own. minMatchScore counts the jobs that
 * pass every hard limit: with the list empty, none of them reaches the minimum (the candidates' read
 * found none), so each is one the minimum keeps out; no job's pay or score is needed.
 */
export function emptyListExclusions(tallies: readonly JobTally[], input: MatchInput, lock: LockLimits, serviceZips: readonly string[]): ExclusionCounts {
  const counts = Object.fromEntries(EXCLUDING_PREFERENCES.map((p) => [p, 0])) as ExclusionCounts;
  if (lock.none) return counts;
  // Hundreds of tallies per call: the lock's lists as sets, its categories as positions in byCategory.
  const zips = new Set(serviceZips);
  const categories = JOB_CATEGORIES.flatMap((category, i) => (lock.categories.includes(category) ? [i] : []));
  const demands = new Set(lock.demands);
  const refused = new Set<string>(lock.refusedEquipment);
  for (const tally of tallies) {
    const lockable =
      zips.has(tally.zipCode) && demands.has(tally.physicalDemands) && tally.estimatedDuration <= lock.maxMinutes && !tally.equipment.some((item) => refused.has(item));
    if (!lockable) continue;
    let jobs = 0;
    for (const i of categories) jobs += tally.byCategory[i] ?? 0;
    if (!jobs) continue;
    const failed = hardExclusionsOf(tally, input.milesByZip.get(tally.zipCode), input.preferences);
    for (const preference of failed) counts[preference] += jobs;
    if (!failed.length) counts.minMatchScore += jobs;
  }
  return counts;
}

function openJobs(n: number, verb: { one: string; many: string }): string {
  return `${plural(n, 'open job', 'open jobs')} ${n === 1 ? verb.one : verb.many}`;
}


/** The empty state's line: the preference that keeps the most jobs out (ties: the order of EXCLUDING_PREFERENCES); null when none keeps any out. */
export function excludedMostOf(counts: ExclusionCounts, preferences: UserPreferences): ExcludedMost | null {
  let most: ExcludingPreference | null = null;
  for (const preference of EXCLUDING_PREFERENCES) if (counts[preference] > 0 && (most === null || counts[preference] > counts[most])) most = preference;
  if (most === null) return null;
  const n = counts[most];
  const texts: Record<ExcludingPreference, string> = {
    maxDistance: `${openJobs(n, { one: 'is', many: 'are' })} farther than your ${preferences.maxDistance}-mile limit.`,
    maxJobDuration: `${openJobs(n, { one: 'takes', many: 'take' })} longer than your ${preferences.maxJobDuration}-hour limit.`,
    physicalCapability: `${openJobs(n, { one: 'is', many: 'are' })} harder than your ${PHYSICAL_CAPABILITY_LABELS[preferences.physicalCapability].toLowerCase()} physical capability allows.`,
    avoidHeavyLifting: `${openJobs(n, { one: 'is', many: 'are' })} heavy work, which you chose to avoid.`,
    toolAccess: `${openJobs(n, { one: 'needs', many: 'need' })} a tool you have not ticked.`,
    minMatchScore: `${openJobs(n, { one: 'scores', many: 'score' })} below your ${preferences.minMatchScore}% minimum match.`,
  };
  return { preference: most, jobs: n, text: texts[most] };
}
