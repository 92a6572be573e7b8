import type { LocalDate } from '../contract/dates';

// Days on the calendar as 'YYYY-MM-DD' (contract/dates.ts), one module for every rule that reads
// them: a consent's signing age, the safety rules' ages, weeks and summers, the demo's birthdays.

export type { LocalDate } from '../contract/dates';

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

/**
 * The day and time `now` is in `timezone` (design 5: TIMEZONE decides work hours and the day's
 * limits; a signature made at 11 PM in Boston is that day's, not tomorrow's UTC).
 */
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

/**
 * Completed years between a date of birth and a day. A birthday on that day counts; someone born on
 * 29 February turns a year older on 1 March in other years.
 */
export function ageOn(dateOfBirth: LocalDate, day: LocalDate): number {
  // 'MM-DD' compares as text: 29 February comes after 28 February and before 1 March.
  const hadBirthday = day.slice(5) >= dateOfBirth.slice(5);
  return Number(day.slice(0, 4)) - Number(dateOfBirth.slice(0, 4)) - (hadBirthday ? 0 : 1);
}

/**
 * A bounded memo of a pure function of a day: every decision of a day asks the same questions about
 * it (its week, whether it is a school day), and working them out again cost more than the rest of a
 * decision.
 */
export function memoByDay<T>(compute: (date: LocalDate) => T): (date: LocalDate) => T {
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

const DAY_MS = 86_400_000;

function toUtc(date: LocalDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function fromUtc(ms: number): LocalDate {
  return new Date(ms).toISOString().slice(0, 10);
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
