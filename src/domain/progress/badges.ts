import type { Badge, BADGE_IDS } from '../../contract/progress';
import { localClock } from '../calendar';
import { averageRating, type TeenTotals } from './totals';

// Profile badges (spec 9), from real figures: the spec's Early Riser was always achieved and its
// rating a formula of paid jobs; here both come from what happened.

export type BadgeId = (typeof BADGE_IDS)[number];
export type { Badge };

/** Spec 2's work day starts at 6 AM; a start before 8 AM local time is an early one. */
const EARLY_START_BEFORE_MINUTES = 8 * 60;

/** Whether a job started at `startedAt` counts as an early start in the service's time zone. */
export function isEarlyStart(startedAt: Date, timezone: string): boolean {
  return localClock(startedAt, timezone).minutes < EARLY_START_BEFORE_MINUTES;
}

/** Every badge of spec 9 and whether the teen has it. */
export function badgesOf(totals: TeenTotals): Badge[] {
  const rating = averageRating(totals);
  return [
    { id: 'five_star_club', title: '5-Star Club', description: 'An average rating of 4.8 or more', earned: rating !== null && rating >= 4.8 },
    { id: 'early_riser', title: 'Early Riser', description: 'Started a job before 8 AM', earned: totals.earlyStarts > 0 },
    { id: 'top_earner', title: 'Top Earner', description: 'Earned more than $500', earned: totals.earningsCents > 50_000 },
    { id: 'reliable', title: 'Reliable', description: 'More than 10 paid jobs', earned: totals.paidJobs > 10 },
  ];
}
