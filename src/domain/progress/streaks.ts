import { addDays, localClock, weekOf, type LocalDate } from '../calendar';

// Streaks (issue 16): weeks in a row with at least one paid job. A week is the calendar's work week
// (Sunday to Saturday) in the service's time zone, named by its first day.

export interface StreakState {
  /** The first day of the last week with a paid job, or null before the first. */
  lastWeek: LocalDate | null;
  /** The run that ends with lastWeek. */
  current: number;
  longest: number;
}

export const NO_STREAK: StreakState = { lastWeek: null, current: 0, longest: 0 };

/** The week (its Sunday) that an instant falls in, in `timezone`. */
export function weekStartOf(at: Date, timezone: string): LocalDate {
  return weekOf(localClock(at, timezone).date).first;
}

/**
 * The streak after a paid job in `week`. Another job in the same week changes nothing; the week after
 * the last extends the run; a later one starts a new run of 1. An earlier week (a job paid late, out
 * of order) cannot lengthen a run that has already been counted past it, so it changes nothing.
 */
export function recordPaidWeek(state: StreakState, week: LocalDate): StreakState {
  const { lastWeek } = state;
  if (lastWeek !== null && week <= lastWeek) return state;
  const current = lastWeek !== null && addDays(lastWeek, 7) === week ? state.current + 1 : 1;
  return { lastWeek: week, current, longest: Math.max(state.longest, current) };
}

/**
 * The current streak as of `thisWeek`: the run still counts during the week after its last paid job
 * (this week's job may be still to come); once a whole week has passed without one it is 0.
 */
export function currentStreakAt(state: StreakState, thisWeek: LocalDate): number {
  if (state.lastWeek === null) return 0;
  return state.lastWeek === thisWeek || addDays(state.lastWeek, 7) === thisWeek ? state.current : 0;
}
