import { isLocalDate } from '../../contract/dates';
import { datesOfWeek, dayOfWeek, laborDay, memoByDay, type LocalDate } from '../calendar';

/**
 * The school calendar the hour limits depend on (SCHOOL_CALENDAR), and the summers the time-of-day
 * rows know. Pure: the server loads the calendar file once.
 */

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

/** Labor Day by year ('2027'), worked out once: every summer window asks. */
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
  const isDate = (value: unknown): value is LocalDate => typeof value === 'string' && isLocalDate(value);
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
