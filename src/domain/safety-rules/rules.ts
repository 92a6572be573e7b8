import { TEEN_MAX_AGE, TEEN_MIN_AGE } from '../../contract/constants';
import { CATEGORY_LABELS, JOB_CATEGORIES, WORK_DAY_END_HOUR, WORK_DAY_START_HOUR, type Equipment, type JobCategory, type PhysicalDemand } from '../../contract/job-constants';
import type { ParentLimits } from '../../contract/safety';
import { formatClockTime } from '../format';

/**
 * The safety rules by age as data (issue 21): one row per rule, each with the ages it covers, what it
 * limits, where it comes from and a sentence a 14-year-old understands. The engine applies every row
 * that covers the teen, so the stricter of federal and state law always wins; the platform's rules
 * and a parent's limits are further layers of the same table and can only tighten.
 */
export type Layer = 'federal' | 'state' | 'platform' | 'parent';
export type DayKind = 'school-day' | 'non-school-day' | 'any-day';
export type WeekKind = 'school-week' | 'non-school-week' | 'any-week';

export type RuleLimit =
  | { kind: 'no-work' }
  | { kind: 'no-equipment'; equipment: readonly Equipment[] }
  /** Work lies between the two local times; from `summer.from` ('MM-DD') through Labor Day it may end later. */
  | { kind: 'time-window'; startMinutes: number; endMinutes: number; summer?: { from: string; endMinutes: number } }
  | { kind: 'hours-per-day'; hours: number; days: DayKind }
  | { kind: 'hours-per-week'; hours: number; weeks: WeekKind }
  | { kind: 'days-per-week'; days: number }
  | { kind: 'no-category'; categories: readonly JobCategory[] }
  | { kind: 'no-physical-demand'; demands: readonly PhysicalDemand[] };

export interface SafetyRule {
  id: string;
  /** Ages covered, both included. */
  minAge: number;
  maxAge: number;
  layer: Layer;
  /** 'US', a state's code, 'Yardly' or 'Parent'. */
  jurisdiction: string;
  citation: string;
  /** The rule in plain words. */
  text: string;
  /** What is still open to a teen this rule refuses, when it refuses a job for what the job is. */
  alternative?: string;
  limit: RuleLimit;
}

/** Power-driven yard and snow equipment (29 CFR 570.33 names mowers, trimmers and the like). */
export const POWER_EQUIPMENT: readonly Equipment[] = ['lawn_mower', 'leaf_blower', 'snow_blower', 'string_trimmer', 'chainsaw', 'wood_chipper'];
/** Hazardous Occupations Order 14: no one under 18 runs these. */
export const ADULT_ONLY_EQUIPMENT: readonly Equipment[] = ['chainsaw', 'wood_chipper'];

const HOUR = 60;
const HAND_TOOLS_ONLY = 'Jobs that need only hand tools are open to you.';

const FEDERAL: readonly SafetyRule[] = [
  {
    id: 'us-under-16-power-equipment',
    minAge: 14,
    maxAge: 15,
    layer: 'federal',
    jurisdiction: 'US',
    citation: '29 CFR 570.33',
    text: 'Teens under 16 may not use power-driven equipment such as lawn mowers, leaf blowers, snow blowers, string trimmers, chain saws or wood chippers.',
    alternative: HAND_TOOLS_ONLY,
    limit: { kind: 'no-equipment', equipment: POWER_EQUIPMENT },
  },
  {
    id: 'us-under-16-ladders',
    minAge: 14,
    maxAge: 15,
    layer: 'federal',
    jurisdiction: 'US',
    citation: '29 CFR 570.33',
    text: 'Teens under 16 may not do work that needs a ladder.',
    alternative: 'Jobs on the ground are open to you.',
    limit: { kind: 'no-equipment', equipment: ['ladder'] },
  },
  {
    id: 'us-under-18-chain-saws-and-chippers',
    minAge: 14,
    maxAge: 17,
    layer: 'federal',
    jurisdiction: 'US',
    citation: '29 CFR 570.65, Hazardous Occupations Order 14',
    text: 'No one under 18 may use a chain saw or a wood chipper.',
    alternative: 'Jobs without a chain saw or a wood chipper are open to you.',
    limit: { kind: 'no-equipment', equipment: ADULT_ONLY_EQUIPMENT },
  },
  {
    id: 'us-under-16-time-of-day',
    minAge: 14,
    maxAge: 15,
    layer: 'federal',
    jurisdiction: 'US',
    citation: '29 CFR 570.35(a)(6)',
    text: 'Teens under 16 may work only between 7 AM and 7 PM, or until 9 PM from June 1 through Labor Day.',
    limit: { kind: 'time-window', startMinutes: 7 * HOUR, endMinutes: 19 * HOUR, summer: { from: '06-01', endMinutes: 21 * HOUR } },
  },
  {
    id: 'us-under-16-school-day',
    minAge: 14,
    maxAge: 15,
    layer: 'federal',
    jurisdiction: 'US',
    citation: '29 CFR 570.35(a)(5)',
    text: 'Teens under 16 may work at most 3 hours on a school day.',
    limit: { kind: 'hours-per-day', hours: 3, days: 'school-day' },
  },
  {
    id: 'us-under-16-school-week',
    minAge: 14,
    maxAge: 15,
    layer: 'federal',
    jurisdiction: 'US',
    citation: '29 CFR 570.35(a)(3)',
    text: 'Teens under 16 may work at most 18 hours in a week with school.',
    limit: { kind: 'hours-per-week', hours: 18, weeks: 'school-week' },
  },
  {
    id: 'us-under-16-non-school-day',
    minAge: 14,
    maxAge: 15,
    layer: 'federal',
    jurisdiction: 'US',
    citation: '29 CFR 570.35(a)(4)',
    text: 'Teens under 16 may work at most 8 hours on a day without school.',
    limit: { kind: 'hours-per-day', hours: 8, days: 'non-school-day' },
  },
  {
    id: 'us-under-16-non-school-week',
    minAge: 14,
    maxAge: 15,
    layer: 'federal',
    jurisdiction: 'US',
    citation: '29 CFR 570.35(a)(2)',
    text: 'Teens under 16 may work at most 40 hours in a week without school.',
    limit: { kind: 'hours-per-week', hours: 40, weeks: 'non-school-week' },
  },
];

/**
 * Massachusetts, G.L. c. 149 (sections 56 and 60-66). Of the machines section 61 bars under 16 and
 * section 62 bars under 18, only section 61's hazardous machinery in motion concerns yard and snow
 * work; section 62's (motor vehicles, heights over 30 feet, hoists) name nothing a Yardly job lists.
 */
const MASSACHUSETTS: readonly SafetyRule[] = [
  {
    id: 'ma-under-16-power-machinery',
    minAge: 14,
    maxAge: 15,
    layer: 'state',
    jurisdiction: 'MA',
    citation: 'M.G.L. c. 149, § 61',
    text: 'In Massachusetts, teens under 16 may not operate or work near power-driven machinery in motion.',
    alternative: HAND_TOOLS_ONLY,
    limit: { kind: 'no-equipment', equipment: POWER_EQUIPMENT },
  },
  {
    id: 'ma-under-16-time-of-day',
    minAge: 14,
    maxAge: 15,
    layer: 'state',
    jurisdiction: 'MA',
    citation: 'M.G.L. c. 149, § 60',
    text: 'In Massachusetts, teens under 16 may work only between 7 AM and 7 PM, or until 9 PM from July 1 through Labor Day.',
    limit: { kind: 'time-window', startMinutes: 7 * HOUR, endMinutes: 19 * HOUR, summer: { from: '07-01', endMinutes: 21 * HOUR } },
  },
  {
    id: 'ma-under-16-school-day',
    minAge: 14,
    maxAge: 15,
    layer: 'state',
    jurisdiction: 'MA',
    citation: 'M.G.L. c. 149, § 60',
    text: 'In Massachusetts, teens under 16 may work at most 3 hours on a school day.',
    limit: { kind: 'hours-per-day', hours: 3, days: 'school-day' },
  },
  {
    id: 'ma-under-16-school-week',
    minAge: 14,
    maxAge: 15,
    layer: 'state',
    jurisdiction: 'MA',
    citation: 'M.G.L. c. 149, § 60',
    text: 'In Massachusetts, teens under 16 may work at most 18 hours in a week with school.',
    limit: { kind: 'hours-per-week', hours: 18, weeks: 'school-week' },
  },
  {
    id: 'ma-under-16-non-school-day',
    minAge: 14,
    maxAge: 15,
    layer: 'state',
    jurisdiction: 'MA',
    citation: 'M.G.L. c. 149, § 60',
    text: 'In Massachusetts, teens under 16 may work at most 8 hours on a day without school.',
    limit: { kind: 'hours-per-day', hours: 8, days: 'non-school-day' },
  },
  {
    id: 'ma-under-16-non-school-week',
    minAge: 14,
    maxAge: 15,
    layer: 'state',
    jurisdiction: 'MA',
    citation: 'M.G.L. c. 149, § 60',
    text: 'In Massachusetts, teens under 16 may work at most 40 hours in a week without school.',
    limit: { kind: 'hours-per-week', hours: 40, weeks: 'non-school-week' },
  },
  {
    id: 'ma-under-16-six-days',
    minAge: 14,
    maxAge: 15,
    layer: 'state',
    jurisdiction: 'MA',
    citation: 'M.G.L. c. 149, § 60',
    text: 'In Massachusetts, teens under 16 may work at most 6 days a week.',
    limit: { kind: 'days-per-week', days: 6 },
  },
  {
    id: 'ma-16-17-time-of-day',
    minAge: 16,
    maxAge: 17,
    layer: 'state',
    jurisdiction: 'MA',
    citation: 'M.G.L. c. 149, § 66',
    text: 'In Massachusetts, teens 16 and 17 may work only between 6 AM and 10 PM.',
    limit: { kind: 'time-window', startMinutes: 6 * HOUR, endMinutes: 22 * HOUR },
  },
  {
    id: 'ma-16-17-day',
    minAge: 16,
    maxAge: 17,
    layer: 'state',
    jurisdiction: 'MA',
    citation: 'M.G.L. c. 149, § 56',
    text: 'In Massachusetts, teens 16 and 17 may work at most 9 hours a day.',
    limit: { kind: 'hours-per-day', hours: 9, days: 'any-day' },
  },
  {
    id: 'ma-16-17-week',
    minAge: 16,
    maxAge: 17,
    layer: 'state',
    jurisdiction: 'MA',
    citation: 'M.G.L. c. 149, § 66',
    text: 'In Massachusetts, teens 16 and 17 may work at most 48 hours a week.',
    limit: { kind: 'hours-per-week', hours: 48, weeks: 'any-week' },
  },
  {
    id: 'ma-16-17-six-days',
    minAge: 16,
    maxAge: 17,
    layer: 'state',
    jurisdiction: 'MA',
    citation: 'M.G.L. c. 149, § 66',
    text: 'In Massachusetts, teens 16 and 17 may work at most 6 days a week.',
    limit: { kind: 'days-per-week', days: 6 },
  },
];

const PLATFORM: readonly SafetyRule[] = [
  {
    id: 'yardly-minimum-age',
    minAge: 0,
    maxAge: TEEN_MIN_AGE - 1,
    layer: 'platform',
    jurisdiction: 'Yardly',
    citation: 'Yardly Terms of Service',
    text: `Yardly jobs are for teens ${TEEN_MIN_AGE} and older.`,
    limit: { kind: 'no-work' },
  },
  {
    // Every teen account, 18-year-olds included: the window held for all before it moved here (the
    // engine counts anyone older as TEEN_MAX_AGE, so no account outgrows it).
    id: 'yardly-time-of-day',
    minAge: TEEN_MIN_AGE,
    maxAge: TEEN_MAX_AGE,
    layer: 'platform',
    jurisdiction: 'Yardly',
    citation: 'Yardly safety rules',
    text: `On Yardly, all work happens between ${WORK_DAY_START_HOUR} AM and ${WORK_DAY_END_HOUR - 12} PM.`,
    limit: { kind: 'time-window', startMinutes: WORK_DAY_START_HOUR * HOUR, endMinutes: WORK_DAY_END_HOUR * HOUR },
  },
];

/** State layers by code; a state without one follows federal rules only. */
const STATE_LAYERS: Readonly<Record<string, readonly SafetyRule[]>> = { MA: MASSACHUSETTS };

export function hasStateLayer(state: string): boolean {
  return state in STATE_LAYERS;
}

/** Every row that applies in a state, before any parent's limits: what the Safety page lists. */
export function rulesFor(state: string): readonly SafetyRule[] {
  return [...FEDERAL, ...(STATE_LAYERS[state] ?? []), ...PLATFORM];
}

/** 'HH:MM' (ParentLimitsSchema checked it) to minutes after midnight. */
function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * HOUR + minutes;
}

/**
 * A parent's limits (set on the consent page) as rows of the same table, so the engine applies them
 * like the law. They only add rows: a looser value than the law's leaves the law's row deciding.
 */
export function parentLayer(limits: ParentLimits | null): SafetyRule[] {
  if (!limits) return [];
  const row = (id: string, text: string, limit: RuleLimit, alternative?: string): SafetyRule => ({
    id,
    minAge: 0,
    maxAge: 17,
    layer: 'parent',
    jurisdiction: 'Parent',
    citation: "Your parent's limit",
    text: `Your parent's limit: ${text}`,
    ...(alternative ? { alternative } : {}),
    limit,
  });
  const rows: SafetyRule[] = [];
  if (limits.maxHoursPerWeek !== null) {
    rows.push(row('parent-hours-per-week', `at most ${limits.maxHoursPerWeek} hours a week.`, { kind: 'hours-per-week', hours: limits.maxHoursPerWeek, weeks: 'any-week' }));
  }
  if (limits.latestFinish !== null) {
    const finish = minutesOf(limits.latestFinish);
    rows.push(row('parent-latest-finish', `work ends by ${formatClockTime(finish)}.`, { kind: 'time-window', startMinutes: 0, endMinutes: finish }));
  }
  if (limits.blockedCategories.length) {
    const names = limits.blockedCategories.map((category) => CATEGORY_LABELS[category].toLowerCase()).join(', ');
    rows.push(row('parent-categories', `no ${names} jobs.`, { kind: 'no-category', categories: limits.blockedCategories }, 'Other kinds of jobs are open to you.'));
  }
  if (limits.noHardJobs) {
    rows.push(row('parent-no-hard-jobs', 'no jobs marked hard.', { kind: 'no-physical-demand', demands: ['hard'] }, 'Easy and medium jobs are open to you.'));
  }
  return rows;
}

/** Limits as stored: categories once each in the list's order, and null for no limit at all (nothing to apply). */
export function normalizeParentLimits(limits: ParentLimits): ParentLimits | null {
  const normalized = { ...limits, blockedCategories: JOB_CATEGORIES.filter((category) => limits.blockedCategories.includes(category)) };
  return parentLayer(normalized).length ? normalized : null;
}

/** The limits in the words of their rows ('at most 10 hours a week', ...): what the teen is told. */
export function describeParentLimits(limits: ParentLimits | null): string[] {
  return parentLayer(limits).map((row) => row.text.replace("Your parent's limit: ", '').replace(/\.$/, ''));
}
