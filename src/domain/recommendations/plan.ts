import { DURATIONS, JOB_CATEGORIES, PHYSICAL_DEMANDS, type Equipment, type JobCategory, type PhysicalDemand } from '../../contract/job-constants';
import {
  PREFERENCE_TOOLS,
  TIME_SLOT_HOURS,
  TIME_SLOTS,
  type ExcludingPreference,
  type PhysicalCapability,
  type PreferenceTool,
  type TimeSlot,
} from '../../contract/preference-constants';
import type { UserPreferences } from '../../contract/preferences';
import type { LegalHours } from '../safety-rules/engine';
import { CATEGORY_WEATHER, EXPERIENCE_FIT, HISTORY_FULL_AT, PAY_PER_HOUR_FLOOR, PAY_PER_HOUR_TOP, WEIGHTS, type Weight } from './weights';

/**
 * A teen's preferences and history turned into a plan (issue 15): the hard limits a job must pass and
 * the terms of its score. The plan is plain data, so the server can hand the same numbers to SQL to
 * pick and order the candidates by an index, and score.ts scores the rows it returns with them again.
 */

/** A job's facts the match reads. */
export interface MatchJob {
  id: string;
  category: JobCategory;
  zipCode: string;
  payCents: number;
  /** Minutes. */
  estimatedDuration: number;
  physicalDemands: PhysicalDemand;
  equipment: readonly Equipment[];
}

/** What the teen did before: completed jobs (completed, verified or paid). */
export interface TeenHistory {
  completedByCategory: Partial<Record<JobCategory, number>>;
  /** ZIP codes of the teen's completed jobs: their familiar neighbourhoods. */
  workedZips: readonly string[];
}

export interface MatchInput {
  preferences: UserPreferences;
  /**
   * Miles from the teen's home ZIP code to each ZIP code of the service area the server knows a
   * centroid of; a job in a ZIP code not here has no known distance and is never within reach.
   */
  milesByZip: ReadonlyMap<string, number>;
  history: TeenHistory;
  /** ZIP codes a coordinator serves. */
  supervisedZips: readonly string[];
  /** The hours the law lets the teen work today (legalHoursOn): a time slot counts only inside them. */
  legalHours: LegalHours;
}

/** The preferences' hard limits as values. */
export interface HardLimits {
  maxMiles: number;
  maxMinutes: number;
  /** The physical demands the teen's capability allows, less 'hard' when they avoid heavy lifting. */
  demands: readonly PhysicalDemand[];
  /** Tools of the preference list the teen did not tick: a job needing one is not for them. */
  lackingTools: readonly PreferenceTool[];
}

/** What each capability takes on. */
export const CAPABLE_OF: Record<PhysicalCapability, readonly PhysicalDemand[]> = {
  light: ['easy'],
  moderate: ['easy', 'medium'],
  heavy: ['easy', 'medium', 'hard'],
};

export function hardLimitsOf(preferences: UserPreferences): HardLimits {
  const capable = CAPABLE_OF[preferences.physicalCapability];
  return {
    maxMiles: preferences.maxDistance,
    maxMinutes: preferences.maxJobDuration * 60,
    demands: preferences.avoidHeavyLifting ? capable.filter((d) => d !== 'hard') : capable,
    lackingTools: PREFERENCE_TOOLS.filter((tool) => !preferences.toolAccess.includes(tool)),
  };
}

/**
 * Every hard preference the job fails, each on its own (the empty state counts them one by one). An
 * unknown distance fails maxDistance: the limit cannot be shown to hold.
 */
export function hardExclusionsOf(job: Pick<MatchJob, 'estimatedDuration' | 'physicalDemands' | 'equipment'>, miles: number | undefined, preferences: UserPreferences): ExcludingPreference[] {
  const failed: ExcludingPreference[] = [];
  if (miles === undefined || miles > preferences.maxDistance) failed.push('maxDistance');
  if (job.estimatedDuration > preferences.maxJobDuration * 60) failed.push('maxJobDuration');
  if (!CAPABLE_OF[preferences.physicalCapability].includes(job.physicalDemands)) failed.push('physicalCapability');
  if (preferences.avoidHeavyLifting && job.physicalDemands === 'hard') failed.push('avoidHeavyLifting');
  if (job.equipment.some((item) => (PREFERENCE_TOOLS as readonly string[]).includes(item) && !preferences.toolAccess.includes(item as PreferenceTool))) failed.push('toolAccess');
  return failed;
}

/** The job facts a term reads; payPerHour is dollars an hour (payCents * 60 / estimatedDuration / 100). */
export type TermField = 'category' | 'zipCode' | 'physicalDemands' | 'estimatedDuration' | 'payPerHour';

/** One term of the score, worth at most WEIGHTS[weight] points. */
export type Term =
  /** Points for the field's value, `otherwise` for any value not listed. */
  | { weight: Weight; kind: 'lookup'; field: 'category' | 'zipCode' | 'physicalDemands'; points: Readonly<Record<string, number>>; otherwise: number }
  /** base + slope * field, kept between 0 and the weight. */
  | { weight: Weight; kind: 'linear'; field: 'estimatedDuration' | 'payPerHour'; base: number; slope: number }
  /** `points` when the field is at most `bound`, else none. */
  | { weight: Weight; kind: 'atMost'; field: 'estimatedDuration'; bound: number; points: number };

/**
 * The terms gathered by the job fact they read, for the sum: one lookup per fact instead of one per
 * term (the candidate scan in SQL works the sum out for thousands of rows). `points` holds each known
 * value's total; a value not listed adds up `rest`, the terms themselves, in order.
 */
export interface FieldScore {
  field: TermField;
  points: Readonly<Record<string, number>>;
  rest: readonly Term[];
}

export interface MatchPlan {
  limits: HardLimits;
  /** Each weight's term, in the table's order: the reasons read these. */
  terms: readonly Term[];
  /** The same terms by job fact: the match score is their sum, in this order, in score.ts and in SQL alike. */
  fields: readonly FieldScore[];
  /** A job is recommended when its match score (the rounded sum) is at least this. */
  minScore: number;
}

/**
 * The minutes of a slot the teen may work today: the slot's hours inside the law's window, and no more
 * than the day's hours limit. A 15-year-old's evening (5-8 PM) is 5-7 PM, 2 hours; on a school day an
 * afternoon holds 3 hours, not 5.
 */
export function legalSlotMinutes(slot: TimeSlot, legal: LegalHours): number {
  const hours = TIME_SLOT_HOURS[slot];
  const open = Math.max(0, Math.min(hours.end * 60, legal.end) - Math.max(hours.start * 60, legal.start));
  return legal.dayMinutes === null ? open : Math.min(open, legal.dayMinutes);
}

/** The longest job, in minutes, that fits in the legal part of one of the slots (none ticked: any slot). */
export function longestSlotMinutes(preferences: UserPreferences, legal: LegalHours): number {
  const slots = preferences.preferredTimeSlots.length ? preferences.preferredTimeSlots : TIME_SLOTS;
  return Math.max(...slots.map((slot) => legalSlotMinutes(slot, legal)));
}

/** Whether a job of this kind is done in weather the teen ticked (none ticked: any weather). */
export function fitsWeather(category: JobCategory, preferences: UserPreferences): boolean {
  return !preferences.weatherPreferences.length || CATEGORY_WEATHER[category].some((weather) => preferences.weatherPreferences.includes(weather));
}

export function matchPlanOf(input: MatchInput): MatchPlan {
  const { preferences, history } = input;
  const limits = hardLimitsOf(preferences);
  const preferred = preferences.preferredCategories;
  const categoryPoints = Object.fromEntries(preferred.map((category) => [category, WEIGHTS.preferredCategory]));
  const historyPoints = Object.fromEntries(
    Object.entries(history.completedByCategory).map(([category, done]) => [category, (WEIGHTS.ownHistory * Math.min(done ?? 0, HISTORY_FULL_AT)) / HISTORY_FULL_AT]),
  );
  const distancePoints = Object.fromEntries(
    [...input.milesByZip].filter(([, miles]) => miles <= limits.maxMiles).map(([zip, miles]) => [zip, WEIGHTS.distance * (1 - miles / limits.maxMiles)]),
  );
  const familiarPoints = preferences.preferFamiliarNeighborhoods ? Object.fromEntries(history.workedZips.map((zip) => [zip, WEIGHTS.familiarNeighborhood])) : {};
  const supervisedPoints = Object.fromEntries(input.supervisedZips.map((zip) => [zip, WEIGHTS.supervision]));
  const payRange = PAY_PER_HOUR_TOP - PAY_PER_HOUR_FLOOR;
  const terms: Term[] = [
    { weight: 'preferredCategory', kind: 'lookup', field: 'category', points: categoryPoints, otherwise: preferred.length ? 0 : WEIGHTS.preferredCategory / 2 },
    { weight: 'distance', kind: 'lookup', field: 'zipCode', points: distancePoints, otherwise: 0 },
    { weight: 'payPerHour', kind: 'linear', field: 'payPerHour', base: (-WEIGHTS.payPerHour * PAY_PER_HOUR_FLOOR) / payRange, slope: WEIGHTS.payPerHour / payRange },
    // Full at 0 minutes, half at the limit.
    { weight: 'duration', kind: 'linear', field: 'estimatedDuration', base: WEIGHTS.duration, slope: -WEIGHTS.duration / (2 * limits.maxMinutes) },
    { weight: 'timeSlot', kind: 'atMost', field: 'estimatedDuration', bound: longestSlotMinutes(preferences, input.legalHours), points: WEIGHTS.timeSlot },
    {
      weight: 'experience',
      kind: 'lookup',
      field: 'physicalDemands',
      points: Object.fromEntries(Object.entries(EXPERIENCE_FIT[preferences.experience]).map(([demand, share]) => [demand, WEIGHTS.experience * share])),
      otherwise: 0,
    },
    { weight: 'familiarNeighborhood', kind: 'lookup', field: 'zipCode', points: familiarPoints, otherwise: 0 },
    { weight: 'ownHistory', kind: 'lookup', field: 'category', points: historyPoints, otherwise: 0 },
    {
      weight: 'supervision',
      kind: 'lookup',
      field: 'zipCode',
      points: preferences.requireAdultSupervision ? supervisedPoints : {},
      otherwise: preferences.requireAdultSupervision ? 0 : WEIGHTS.supervision,
    },
    {
      weight: 'weather',
      kind: 'lookup',
      field: 'category',
      points: Object.fromEntries(JOB_CATEGORIES.map((category) => [category, fitsWeather(category, preferences) ? WEIGHTS.weather : 0])),
      otherwise: 0,
    },
  ];
  return { limits, terms, fields: fieldScoresOf(terms, [...input.milesByZip.keys()]), minScore: preferences.minMatchScore };
}

/** A term's points for a value of its field; payPerHour's value is dollars an hour. */
export function pointsFor(term: Term, value: string | number): number {
  switch (term.kind) {
    case 'lookup':
      return term.points[value] ?? term.otherwise;
    case 'linear':
      return Math.min(Math.max(term.base + term.slope * (value as number), 0), WEIGHTS[term.weight]);
    case 'atMost':
      return (value as number) <= term.bound ? term.points : 0;
  }
}

/** The terms' sum for one value, in order. */
export function sumFor(terms: readonly Term[], value: string | number): number {
  let sum = 0;
  for (const term of terms) sum += pointsFor(term, value);
  return sum;
}

const FIELD_ORDER: readonly TermField[] = ['category', 'zipCode', 'physicalDemands', 'estimatedDuration', 'payPerHour'];

function fieldScoresOf(terms: readonly Term[], zips: readonly string[]): FieldScore[] {
  const knownValues: Record<TermField, readonly (string | number)[]> = {
    category: JOB_CATEGORIES,
    zipCode: zips,
    physicalDemands: PHYSICAL_DEMANDS,
    estimatedDuration: DURATIONS,
    payPerHour: [],
  };
  return FIELD_ORDER.map((field) => {
    const rest = terms.filter((term) => term.field === field);
    return { field, points: Object.fromEntries(knownValues[field].map((value) => [value, sumFor(rest, value)])), rest };
  });
}
