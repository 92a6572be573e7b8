// What a teen has done, as every progress rule reads it: running totals the server keeps in the
// same transaction as the events that change them (a paid job, a review, a completed challenge).

export interface TeenTotals {
  experiencePoints: number;
  /** Jobs verified and paid (a dispute settled with pay counts: the teen was paid for the work). */
  paidJobs: number;
  /** What the teen was paid, after the platform's fee. */
  earningsCents: number;
  /** Weeks in a row with a paid job: the longest run so far. */
  longestStreak: number;
  /** Paid jobs the teen started before 8 AM in the service's time zone. */
  earlyStarts: number;
  challengesCompleted: number;
  /** Reviews the teen received, the sum of their ratings, and how many gave five stars. */
  reviewCount: number;
  ratingSum: number;
  fiveStarReviews: number;
}

export const NO_TOTALS: TeenTotals = {
  experiencePoints: 0,
  paidJobs: 0,
  earningsCents: 0,
  longestStreak: 0,
  earlyStarts: 0,
  challengesCompleted: 0,
  reviewCount: 0,
  ratingSum: 0,
  fiveStarReviews: 0,
};

/** The average of real ratings to two decimals, or null without any (never the spec's 4.2 + 0.02 x jobs). */
export function averageRating(totals: Pick<TeenTotals, 'reviewCount' | 'ratingSum'>): number | null {
  if (totals.reviewCount === 0) return null;
  return Math.round((totals.ratingSum / totals.reviewCount) * 100) / 100;
}
