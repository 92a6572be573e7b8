/**
 * Local calendar dates ('YYYY-MM-DD') and the school calendar the hour limits depend on. Pure:
 * the server turns an instant into a local date in its TIMEZONE and loads the calendar file.
 */
export type LocalDate = string;

/** A school year: the days school is in session are its weekdays from `firstDay` to `lastDay`, minus `daysOff`. */
export interface SchoolYear {
  firstDay: LocalDate;
  lastDay: LocalDate;
  /** Holidays and vacation days (weekdays without school). */
  daysOff: LocalDate[];
}

export interface SchoolCalendar {
  name: string;
  years: SchoolYear[];
}

const DAY_MS = 86_400_000;

function toUtc(date: LocalDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/**
 * A bounded memo of a pure function of a day: every decision of a day asks the same questions about
 * it (its week, whether it is a school day), and working them out again cost more than the rest of a
 * decision.
 */
function memoByDay<T>(compute: (date: LocalDate) => T): (date: LocalDate) => T {
  const known = new Map<LocalDate, T>();
  return (date) => {
    let value = known.get(date);
    if (value === undefined) {
      if (known.size >= 512) known.clear();
      value = compute(date);
      known.set(date, value);
    }
    return value;
  };
}

function fromUtc(ms: number): LocalDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A local day and time: the day, and minutes since its midnight. */
export interface LocalClock {
  date: LocalDate;
  minutes: number;
}

/** Building an Intl.DateTimeFormat costs more than using it, and every request needs one. */
const clockFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The last answer per time zone, by UTC minute: every time zone in use is offset by whole minutes,
 * so the answer holds for the whole minute, and formatToParts cost more than the rest of a cached
 * job list's work.
 */
const lastClocks = new Map<string, { minute: number; clock: LocalClock }>();

/** The day and time `now` is in `timezone` (design 5: TIMEZONE decides work hours and the day's limits). */
export function localClock(now: Date, timezone: string): LocalClock {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastClocks.get(timezone);
  if (last?.minute === minute) return last.clock;
  let format = clockFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timezone, format);
  }
  const parts = format.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const clock = { date: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
  lastClocks.set(timezone, { minute, clock });
  return clock;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: LocalDate): number {
  return new Date(toUtc(date)).getUTCDay();
}

/** A work week runs Sunday to Saturday (29 CFR 570.35 counts hours per such week). */
export const weekOf = memoByDay((date: LocalDate): { first: LocalDate; last: LocalDate } => {
  const first = addDays(date, -dayOfWeek(date));
  return { first, last: addDays(first, 6) };
});

export function datesOfWeek(date: LocalDate): LocalDate[] {
  const { first } = weekOf(date);
  return Array.from({ length: 7 }, (_, i) => addDays(first, i));
}

/** Labor Day: the first Monday of September. */
export function laborDay(year: number): LocalDate {
  const first = `${year}-09-01`;
  return addDays(first, (8 - dayOfWeek(first)) % 7);
}

const laborDayOf = memoByDay((year: string) => laborDay(Number(year)));

/** Whether `date` falls from `from` ('MM-DD') through Labor Day of its year, both included. */
export function isFromThroughLaborDay(date: LocalDate, from: string): boolean {
  const year = date.slice(0, 4);
  return date >= `${year}-${from}` && date <= laborDayOf(year);
}

/** Per calendar, what its days are (school day, school week), worked out once per day. */
const calendarDays = new WeakMap<SchoolCalendar, (date: LocalDate) => { schoolDay: boolean; schoolWeek: boolean }>();

function schoolDayUncached(calendar: SchoolCalendar, date: LocalDate): boolean {
  const weekday = dayOfWeek(date);
  if (weekday === 0 || weekday === 6) return false;
  return calendar.years.some((year) => date >= year.firstDay && date <= year.lastDay && !year.daysOff.includes(date));
}

function dayIn(calendar: SchoolCalendar, date: LocalDate): { schoolDay: boolean; schoolWeek: boolean } {
  let lookUp = calendarDays.get(calendar);
  if (!lookUp) {
    lookUp = memoByDay((day) => ({
      schoolDay: schoolDayUncached(calendar, day),
      schoolWeek: datesOfWeek(day).some((weekday) => schoolDayUncached(calendar, weekday)),
    }));
    calendarDays.set(calendar, lookUp);
  }
  return lookUp(date);
}

export function isSchoolDay(calendar: SchoolCalendar, date: LocalDate): boolean {
  return dayIn(calendar, date).schoolDay;
}

/** A school week is any week (Sunday to Saturday) with school in session on at least one day. */
export function isSchoolWeek(calendar: SchoolCalendar, date: LocalDate): boolean {
  return dayIn(calendar, date).schoolWeek;
}

/** Reads a calendar file's JSON; a malformed one throws with what is wrong, at start-up. */
export function parseSchoolCalendar(json: unknown, source: string): SchoolCalendar {
  const isDate = (value: unknown): value is LocalDate => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && fromUtc(toUtc(value)) === value;
  const fail = (what: string): never => {
    throw new Error(`School calendar ${source}: ${what}`);
  };
  if (typeof json !== 'object' || json === null) return fail('not a JSON object');
  const { name, years } = json as { name?: unknown; years?: unknown };
  if (typeof name !== 'string' || !Array.isArray(years)) return fail('needs "name" and "years"');
  return {
    name,
    years: years.map((year: unknown, i) => {
      const { firstDay, lastDay, daysOff } = (year ?? {}) as Record<string, unknown>;
      if (!isDate(firstDay) || !isDate(lastDay) || firstDay > lastDay) return fail(`year ${i + 1} needs firstDay <= lastDay as YYYY-MM-DD`);
      if (!Array.isArray(daysOff) || !daysOff.every(isDate)) return fail(`year ${i + 1}: daysOff must be a list of YYYY-MM-DD dates`);
      return { firstDay, lastDay, daysOff };
    }),
  };
}
