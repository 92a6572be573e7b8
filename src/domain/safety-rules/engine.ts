import { TEEN_MAX_AGE } from '../../contract/constants';
import type { Equipment, JobCategory, PhysicalDemand } from '../../contract/job-constants';
import type { MinimumAge } from '../../contract/safety';
import { formatClockTime } from '../format';
import { ageOn, type LocalDate } from '../calendar';
import { isFromThroughLaborDay, isSchoolDay, isSchoolWeek, type SchoolCalendar } from './school-calendar';
import { ADULT_ONLY_EQUIPMENT, type DayKind, type SafetyRule, type WeekKind } from './rules';
import { bookedOn, NOTHING_BOOKED, type Booked, type WorkEntry } from './work';

/**
 * The one place that decides what a teen may do (issue 21). Pure and fast: the server gathers the
 * facts (age, the day, the hours already booked) and every decision, from the lock to the start of
 * work, asks here, so the answer and its reasons are the same everywhere.
 */

/** How far a job has come: each stage checks what the earlier ones did, and more. */
export type Stage = 'lock' | 'accept' | 'start';

export interface JobNeeds {
  equipment: readonly Equipment[];
  category: JobCategory;
  physicalDemands: PhysicalDemand;
  /** Minutes. */
  estimatedDuration: number;
}

export interface Situation {
  dateOfBirth: LocalDate | null;
  /** The local day of the work and, for the start, the local time it starts. */
  day: LocalDate;
  startMinutes: number;
  booked: Booked;
  calendar: SchoolCalendar;
  /** Every row for the teen's state and parent (rulesFor(state) plus parentLayer(...)). */
  rules: readonly SafetyRule[];
}

export interface RuleReference {
  id: string;
  citation: string;
  text: string;
}

export type Verdict =
  | { allowed: true; rules: []; alternative: null }
  | {
      allowed: false;
      message: string;
      rules: RuleReference[];
      alternative: string | null;
      /** Only the time of day or the hours already booked refuse: the same job is open to the teen later. */
      waits: boolean;
    };

const ALLOWED: Verdict = { allowed: true, rules: [], alternative: null };

const UNKNOWN_AGE: RuleReference = {
  id: 'yardly-confirmed-age',
  citation: 'Yardly safety rules',
  text: 'Your parent confirms your date of birth when they sign consent; jobs open once they have.',
};

const reference = (rule: SafetyRule): RuleReference => ({ id: rule.id, citation: rule.citation, text: rule.text });

/** '2.5 hours', '1 hour', 'no hours' */
function hoursPhrase(minutes: number): string {
  if (minutes <= 0) return 'no hours';
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/**
 * The age the rows are read at. Yardly's own rows cover teens up to TEEN_MAX_AGE; an account that has
 * since grown older keeps them (every legal row ends at 17, so this changes nothing else).
 */
function ruleAge(dateOfBirth: LocalDate, day: LocalDate): number {
  return Math.min(ageOn(dateOfBirth, day), TEEN_MAX_AGE);
}

function applies(rule: SafetyRule, age: number): boolean {
  return age >= rule.minAge && age <= rule.maxAge;
}

function barsEquipment(rule: SafetyRule, equipment: readonly Equipment[]): boolean {
  const limit = rule.limit;
  return limit.kind === 'no-equipment' && equipment.some((item) => limit.equipment.includes(item));
}

function dayMatches(days: DayKind, schoolDay: boolean): boolean {
  return days === 'any-day' || (days === 'school-day') === schoolDay;
}

function weekMatches(weeks: WeekKind, schoolWeek: boolean): boolean {
  return weeks === 'any-week' || (weeks === 'school-week') === schoolWeek;
}

/** The window a time-window row allows on a day: [start, end) in local minutes. */
export function windowOn(limit: Extract<SafetyRule['limit'], { kind: 'time-window' }>, day: LocalDate): { start: number; end: number } {
  const summer = limit.summer && isFromThroughLaborDay(day, limit.summer.from);
  return { start: limit.startMinutes, end: summer && limit.summer ? limit.summer.endMinutes : limit.endMinutes };
}

interface Refusal {
  rule: SafetyRule;
  alternative: string | null;
  /** Waiting (another time, day or week) lifts it. */
  waits: boolean;
}

/** What the job is (equipment, kind, effort, a length no day holds): refused whatever the day or time. */
function refusalsForTheJob(rules: readonly SafetyRule[], job: JobNeeds): Refusal[] {
  const refusals: Refusal[] = [];
  for (const rule of rules) {
    const limit = rule.limit;
    const refused =
      limit.kind === 'no-work' ||
      barsEquipment(rule, job.equipment) ||
      (limit.kind === 'no-category' && limit.categories.includes(job.category)) ||
      (limit.kind === 'no-physical-demand' && limit.demands.includes(job.physicalDemands));
    if (refused) refusals.push({ rule, alternative: rule.alternative ?? null, waits: false });
  }
  return [...refusals, ...refusalsForTheLength(rules, job)];
}

/**
 * A job longer than the time every window leaves on any day (a parent's 9 AM finish after the law's
 * 7 AM start leaves 2 hours): no day or hour would do, so it is refused from the lock on. The windows
 * are taken at their widest (summer evenings), and the rows that bound them are named, the end first.
 */
function refusalsForTheLength(rules: readonly SafetyRule[], job: JobNeeds): Refusal[] {
  let opens: { rule: SafetyRule; at: number } | null = null;
  let closes: { rule: SafetyRule; at: number } | null = null;
  for (const rule of rules) {
    const limit = rule.limit;
    if (limit.kind !== 'time-window') continue;
    const end = Math.max(limit.endMinutes, limit.summer?.endMinutes ?? 0);
    if (!opens || limit.startMinutes > opens.at) opens = { rule, at: limit.startMinutes };
    if (!closes || end < closes.at) closes = { rule, at: end };
  }
  if (!opens || !closes) return [];
  const span = closes.at - opens.at;
  if (job.estimatedDuration <= span) return [];
  // A parent's finish before the law's start leaves no time at all: nothing to offer instead.
  const alternative = span > 0 ? `Jobs of up to ${hoursPhrase(span)} are open to you.` : null;
  return [...new Set([closes.rule, opens.rule])].map((rule) => ({ rule, alternative, waits: false }));
}

/** The day's and the week's hours and days, with this job's estimated duration added. */
function refusalsForTheHours(rules: readonly SafetyRule[], job: JobNeeds, situation: Situation): Refusal[] {
  const { booked, day, calendar } = situation;
  const schoolDay = isSchoolDay(calendar, day);
  const schoolWeek = isSchoolWeek(calendar, day);
  const takes = hoursPhrase(job.estimatedDuration);
  const refusals: Refusal[] = [];
  for (const rule of rules) {
    const limit = rule.limit;
    if (limit.kind === 'hours-per-day' && dayMatches(limit.days, schoolDay)) {
      const left = limit.hours * 60 - booked.dayMinutes;
      if (job.estimatedDuration > left) refusals.push({ rule, alternative: `You have ${hoursPhrase(left)} left today; this job takes ${takes}.`, waits: true });
    } else if (limit.kind === 'hours-per-week' && weekMatches(limit.weeks, schoolWeek)) {
      const left = limit.hours * 60 - booked.weekMinutes;
      if (job.estimatedDuration > left) refusals.push({ rule, alternative: `You have ${hoursPhrase(left)} left this week; this job takes ${takes}.`, waits: true });
    } else if (limit.kind === 'days-per-week' && !booked.daysWorked.includes(day) && new Set(booked.daysWorked).size >= limit.days) {
      refusals.push({ rule, alternative: `You already work ${limit.days} days this week; a job on one of those days is still open to you.`, waits: true });
    }
  }
  return refusals;
}

/** The time of day: the work must start and finish inside every window that applies. */
function refusalsForTheTime(rules: readonly SafetyRule[], job: JobNeeds, situation: Situation): Refusal[] {
  const { day, startMinutes } = situation;
  const refusals: Refusal[] = [];
  for (const rule of rules) {
    if (rule.limit.kind !== 'time-window') continue;
    const { start, end } = windowOn(rule.limit, day);
    const finish = startMinutes + job.estimatedDuration;
    if (startMinutes >= start && finish <= end) continue;
    const latestStart = end - job.estimatedDuration;
    // A job longer than today's window (a summer evening's job in September) waits for no hour today.
    const fitsToday = latestStart >= start;
    const alternative = !fitsToday
      ? `This job takes ${hoursPhrase(job.estimatedDuration)}, longer than the time between ${formatClockTime(start)} and ${formatClockTime(end)}.`
      : startMinutes < start
        ? `You may start at ${formatClockTime(start)}.`
        : startMinutes < end
          ? `This job takes ${hoursPhrase(job.estimatedDuration)}, so it must start by ${formatClockTime(latestStart)}. You may start it tomorrow from ${formatClockTime(start)}.`
          : `You may start it tomorrow from ${formatClockTime(start)}.`;
    refusals.push({ rule, alternative, waits: true });
  }
  return refusals;
}

const EQUIPMENT_PHRASES: Record<Equipment, string> = {
  rake: 'a rake',
  shovel: 'a shovel',
  hose: 'a hose',
  pruning_shears: 'pruning shears',
  wheelbarrow: 'a wheelbarrow',
  lawn_mower: 'a power lawn mower',
  push_reel_mower: 'a push reel mower',
  leaf_blower: 'a power leaf blower',
  snow_blower: 'a snow blower',
  string_trimmer: 'a string trimmer',
  ladder: 'a ladder',
  chainsaw: 'a chain saw',
  wood_chipper: 'a wood chipper',
};

/** Where a row comes from, in the words of a refusal's brackets; Yardly's and a parent's rows say it themselves. */
const SOURCE_NAMES: Record<SafetyRule['layer'], (rule: SafetyRule) => string | null> = {
  federal: () => 'federal child labor rule',
  state: (rule) => `${rule.jurisdiction} child labor law`,
  platform: () => null,
  parent: () => null,
};

/**
 * One sentence naming the rule and where it comes from; for equipment it names the job's own item:
 * 'Teens under 16 may not use a power lawn mower (federal child labor rule, 29 CFR 570.33).'
 */
function refusalMessage(rule: SafetyRule, equipment: readonly Equipment[]): string {
  if (rule.layer === 'parent') return rule.text;
  const limit = rule.limit;
  const item = limit.kind === 'no-equipment' ? equipment.find((e) => limit.equipment.includes(e)) : undefined;
  const sentence = item ? `${rule.maxAge >= 17 ? 'No one under 18 may use' : `Teens under ${rule.maxAge + 1} may not use`} ${EQUIPMENT_PHRASES[item]}` : rule.text.replace(/\.$/, '');
  const source = SOURCE_NAMES[rule.layer](rule);
  return `${sentence} (${source ? `${source}, ` : ''}${rule.citation}).`;
}

/** The first refusal speaks; every rule that refused is listed. */
function verdictOf(refusals: Refusal[], equipment: readonly Equipment[]): Verdict {
  const first = refusals[0];
  if (!first) return ALLOWED;
  return {
    allowed: false,
    message: refusalMessage(first.rule, equipment),
    rules: refusals.map((r) => reference(r.rule)),
    alternative: first.alternative,
    waits: refusals.every((r) => r.waits),
  };
}

/** Whether the teen may take the job at this stage, and if not, which rules say no and what is open instead. */
export function decide(stage: Stage, job: JobNeeds, situation: Situation): Verdict {
  if (!situation.dateOfBirth) return { allowed: false, message: UNKNOWN_AGE.text, rules: [UNKNOWN_AGE], alternative: null, waits: false };
  const age = ruleAge(situation.dateOfBirth, situation.day);
  const rules = situation.rules.filter((rule) => applies(rule, age));
  const refusals = refusalsForTheJob(rules, job);
  if (stage !== 'lock') refusals.push(...refusalsForTheHours(rules, job, situation));
  if (stage === 'start') refusals.push(...refusalsForTheTime(rules, job, situation));
  return verdictOf(refusals, job.equipment);
}

/** The law and the school year in force where the service runs: rulesFor(STATE) and SCHOOL_CALENDAR. */
export interface RuleBook {
  rules: readonly SafetyRule[];
  calendar: SchoolCalendar;
}

/** What the engine knows of a teen whatever the job, gathered once per request. */
export interface TeenFacts {
  /** Confirmed by the parent at consent; null until then. */
  dateOfBirth: LocalDate | null;
  /** The parent's layer (parentLayer of their limits). */
  parentRules: readonly SafetyRule[];
  /** Their work as the hours count it (workEntries); null when not read, which only a lock may decide without. */
  work: readonly WorkEntry[] | null;
}

/** The local day and time (TIMEZONE) a decision is made at. */
export interface LocalNow {
  day: LocalDate;
  minutes: number;
}

/** decide() for a teen, a job and the local time: the Situation built from their facts, leaving the job out of their booked hours. */
export function decideFor(stage: Stage, job: JobNeeds & { id: string }, teen: TeenFacts, book: RuleBook, now: LocalNow): Verdict {
  if (stage !== 'lock' && teen.work === null) throw new Error(`The ${stage} stage needs the teen's booked work, which was not read`);
  return decide(stage, job, {
    dateOfBirth: teen.dateOfBirth,
    day: now.day,
    startMinutes: now.minutes,
    booked: teen.work ? bookedOn(teen.work, now.day, job.id) : NOTHING_BOOKED,
    calendar: book.calendar,
    rules: teen.parentRules.length ? [...book.rules, ...teen.parentRules] : book.rules,
  });
}

/** Per rule list, each equipment list's minimum age: every job in a list is shaped with one, from a few dozen lists. */
const minimumAges = new WeakMap<readonly SafetyRule[], Map<string, MinimumAge>>();

/** The youngest age (14, 16 or 18) the rules let take a job with this equipment. */
export function minimumAgeFor(equipment: readonly Equipment[], rules: readonly SafetyRule[]): MinimumAge {
  let known = minimumAges.get(rules);
  if (!known) {
    known = new Map();
    minimumAges.set(rules, known);
  }
  const key = equipment.join(',');
  let age = known.get(key);
  if (age === undefined) {
    const barredAt = (at: number) => rules.some((rule) => applies(rule, at) && barsEquipment(rule, equipment));
    age = !barredAt(14) ? 14 : barredAt(16) ? 18 : 16;
    // Equipment lists are subsets of a short list, so this stays small.
    known.set(key, age);
  }
  return age;
}

/**
 * Why this equipment keeps a teen of `age` off a job, whatever the day or hour, in the words the teen
 * would read: 'Teens under 16 may not use a power lawn mower (federal child labor rule, 29 CFR
 * 570.33).' Null when it does not. The post form says it to the homeowner (issue 21).
 */
export function equipmentRefusal(age: number, equipment: readonly Equipment[], rules: readonly SafetyRule[]): Extract<Verdict, { allowed: false }> | null {
  const refusals = rules.filter((rule) => applies(rule, age) && barsEquipment(rule, equipment)).map((rule) => ({ rule, alternative: rule.alternative ?? null, waits: false }));
  const verdict = verdictOf(refusals, equipment);
  return verdict.allowed ? null : verdict;
}

/** Whether any item is one only adults may use (the post form says 'adults only'). */
export function needsAnAdult(equipment: readonly Equipment[]): boolean {
  return equipment.some((item) => ADULT_ONLY_EQUIPMENT.includes(item));
}

export interface HoursLimit {
  usedMinutes: number;
  limitMinutes: number | null;
  rule: RuleReference | null;
}

/** The tightest day and week limits that apply, with what is used (the 'Work hours' card). */
export function workHours(situation: Omit<Situation, 'startMinutes'>): { schoolDay: boolean; schoolWeek: boolean; today: HoursLimit; week: HoursLimit } {
  const schoolDay = isSchoolDay(situation.calendar, situation.day);
  const schoolWeek = isSchoolWeek(situation.calendar, situation.day);
  const age = situation.dateOfBirth ? ruleAge(situation.dateOfBirth, situation.day) : null;
  const rules = age === null ? [] : situation.rules.filter((rule) => applies(rule, age));
  const tightest = (matches: (rule: SafetyRule) => number | null, usedMinutes: number): HoursLimit => {
    let best: HoursLimit = { usedMinutes, limitMinutes: null, rule: null };
    for (const rule of rules) {
      const hours = matches(rule);
      if (hours !== null && (best.limitMinutes === null || hours * 60 < best.limitMinutes)) best = { usedMinutes, limitMinutes: hours * 60, rule: reference(rule) };
    }
    return best;
  };
  return {
    schoolDay,
    schoolWeek,
    today: tightest((r) => (r.limit.kind === 'hours-per-day' && dayMatches(r.limit.days, schoolDay) ? r.limit.hours : null), situation.booked.dayMinutes),
    week: tightest((r) => (r.limit.kind === 'hours-per-week' && weekMatches(r.limit.weeks, schoolWeek) ? r.limit.hours : null), situation.booked.weekMinutes),
  };
}

/**
 * The hours a teen may work on a day, whatever is booked: the window every time-window row that
 * applies leaves ([start, end) in local minutes, summer evenings included) and the day's hours limit
 * (school day or not; null when none). The recommendations read it so a preferred time slot earns
 * nothing for hours the law keeps the teen from working (issue 15).
 */
export interface LegalHours {
  start: number;
  end: number;
  dayMinutes: number | null;
}

/** No hours at all: an age not yet confirmed, or a row against all work. */
export const NO_LEGAL_HOURS: LegalHours = { start: 0, end: 0, dayMinutes: 0 };

export function legalHoursOn(teen: Pick<TeenFacts, 'dateOfBirth' | 'parentRules'>, book: RuleBook, day: LocalDate): LegalHours {
  if (!teen.dateOfBirth) return NO_LEGAL_HOURS;
  const age = ruleAge(teen.dateOfBirth, day);
  const all = teen.parentRules.length ? [...book.rules, ...teen.parentRules] : book.rules;
  const rules = all.filter((rule) => applies(rule, age));
  if (rules.some((rule) => rule.limit.kind === 'no-work')) return NO_LEGAL_HOURS;
  let start = 0;
  let end = 24 * 60;
  for (const rule of rules) {
    if (rule.limit.kind !== 'time-window') continue;
    const window = windowOn(rule.limit, day);
    start = Math.max(start, window.start);
    end = Math.min(end, window.end);
  }
  const { today } = workHours({ dateOfBirth: teen.dateOfBirth, day, booked: NOTHING_BOOKED, calendar: book.calendar, rules: all });
  return { start, end: Math.max(start, end), dayMinutes: today.limitMinutes };
}
