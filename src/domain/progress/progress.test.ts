import { describe, expect, it } from 'vitest';
import { ACHIEVEMENT_TYPES, RARITIES } from '../../contract/progress';
import { achievementNotice, ACHIEVEMENTS, findAchievement, newAchievements } from './achievements';
import { badgesOf, isEarlyStart } from './badges';
import { LEVEL_THRESHOLDS, levelColour, levelOf, levelProgress, levelTitle } from './levels';
import { currentStreakAt, NO_STREAK, recordPaidWeek, weekStartOf, type StreakState } from './streaks';
import { averageRating, NO_TOTALS, type TeenTotals } from './totals';
import { xpFor } from './xp';

const BOSTON = 'America/New_York';
const totals = (overrides: Partial<TeenTotals>): TeenTotals => ({ ...NO_TOTALS, ...overrides });

describe('XP rules', () => {
  it.each([
    [{ kind: 'paid_job', earnedCents: 0 }, 50],
    [{ kind: 'paid_job', earnedCents: 2250 }, 72],
    [{ kind: 'paid_job', earnedCents: 2299 }, 72],
    [{ kind: 'paid_job', earnedCents: 45_000 }, 500],
    [{ kind: 'review_received', rating: 5 }, 25],
    [{ kind: 'review_received', rating: 4 }, 0],
    [{ kind: 'review_received', rating: 1 }, 0],
    [{ kind: 'challenge_completed', rewardPoints: 150 }, 150],
    [{ kind: 'challenge_completed', rewardPoints: 0 }, 0],
  ] as const)('%o earns %i XP', (event, xp) => {
    expect(xpFor(event)).toBe(xp);
  });
});

describe('levels (spec 9 thresholds)', () => {
  it.each([
    [0, 1, 0, 100],
    [99, 1, 0, 100],
    [100, 2, 100, 300],
    [299, 2, 100, 300],
    [300, 3, 300, 600],
    [600, 4, 600, 1000],
    [1000, 5, 1000, 1500],
    [1500, 6, 1500, 2200],
    [2200, 7, 2200, 3000],
    [3000, 8, 3000, 4000],
    [4000, 9, 4000, 5500],
    [5500, 10, 5500, 7500],
    [7499, 10, 5500, 7500],
    [7500, 11, 7500, null],
    [1_000_000, 11, 7500, null],
  ])('%i XP is level %i, from %i to %s', (xp, level, levelStartsAt, nextLevelAt) => {
    expect(levelOf(xp)).toBe(level);
    expect(levelProgress(xp)).toEqual({ level, levelStartsAt, nextLevelAt });
  });

  it('has the eleven thresholds of spec 9', () => {
    expect(LEVEL_THRESHOLDS).toEqual([0, 100, 300, 600, 1000, 1500, 2200, 3000, 4000, 5500, 7500]);
  });

  it.each([
    [1, 'grey'],
    [2, 'grey'],
    [3, 'green'],
    [4, 'green'],
    [5, 'blue'],
    [7, 'blue'],
    [8, 'purple'],
    [11, 'purple'],
  ] as const)('level %i is %s', (level, colour) => {
    expect(levelColour(level)).toBe(colour);
  });

  it.each([
    [0, 'Rookie'],
    [4, 'Rookie'],
    [5, 'Worker'],
    [19, 'Worker'],
    [20, 'Grinder'],
    [49, 'Grinder'],
    [50, 'Pro'],
    [300, 'Pro'],
  ] as const)('%i paid jobs: %s (spec 4)', (paidJobs, title) => {
    expect(levelTitle(paidJobs)).toBe(title);
  });
});

describe('streaks by week, in the service time zone', () => {
  it.each([
    // Saturday 11 PM in Boston is still Saturday: the week that began the Sunday before.
    ['2026-06-21T03:30:00Z', '2026-06-14'],
    // Sunday 00:30 in Boston starts the next week, though UTC says the same.
    ['2026-06-21T04:30:00Z', '2026-06-21'],
    ['2026-06-15T16:00:00Z', '2026-06-14'],
  ])('%s falls in the week of %s', (at, week) => {
    expect(weekStartOf(new Date(at), BOSTON)).toBe(week);
  });

  const fold = (weeks: string[]): StreakState => weeks.reduce(recordPaidWeek, NO_STREAK);
  it.each([
    [[], null, 0, 0],
    [['2026-06-14'], '2026-06-14', 1, 1],
    [['2026-06-14', '2026-06-14'], '2026-06-14', 1, 1],
    [['2026-06-14', '2026-06-21', '2026-06-28'], '2026-06-28', 3, 3],
    [['2026-06-14', '2026-06-21', '2026-07-05'], '2026-07-05', 1, 2],
    [['2026-06-14', '2026-06-21', '2026-07-05', '2026-07-12', '2026-07-19'], '2026-07-19', 3, 3],
    // A week already passed (a job paid late, out of order) changes nothing.
    [['2026-06-21', '2026-06-14'], '2026-06-21', 1, 1],
    // Across the end of a year.
    [['2025-12-21', '2025-12-28', '2026-01-04'], '2026-01-04', 3, 3],
  ])('paid weeks %j: last %s, current %i, longest %i', (weeks, lastWeek, current, longest) => {
    expect(fold(weeks)).toEqual({ lastWeek, current, longest });
  });

  const run: StreakState = { lastWeek: '2026-06-21', current: 2, longest: 4 };
  it.each([
    ['2026-06-21', 2],
    ['2026-06-28', 2],
    ['2026-07-05', 0],
  ])('the current streak in the week of %s is %i', (thisWeek, current) => {
    expect(currentStreakAt(run, thisWeek)).toBe(current);
  });
  it('is 0 before any paid job', () => {
    expect(currentStreakAt(NO_STREAK, '2026-06-21')).toBe(0);
  });
});

describe('the achievements catalogue', () => {
  it('has at least 12, every type and every rarity, with unique ids, titles, descriptions and points', () => {
    expect(ACHIEVEMENTS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(ACHIEVEMENTS.map((a) => a.type))).toEqual(new Set(ACHIEVEMENT_TYPES));
    expect(new Set(ACHIEVEMENTS.map((a) => a.rarity))).toEqual(new Set(RARITIES));
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(ACHIEVEMENTS.length);
    for (const a of ACHIEVEMENTS) {
      expect(a.title.length).toBeGreaterThan(0);
      expect(a.description.length).toBeGreaterThan(0);
      expect(a.points).toBeGreaterThan(0);
    }
  });

  // Each condition just below its threshold and at it.
  it.each<[string, Partial<TeenTotals>, Partial<TeenTotals>]>([
    ['first_paid_job', { paidJobs: 0 }, { paidJobs: 1 }],
    ['five_paid_jobs', { paidJobs: 4 }, { paidJobs: 5 }],
    ['twenty_paid_jobs', { paidJobs: 19 }, { paidJobs: 20 }],
    ['fifty_paid_jobs', { paidJobs: 49 }, { paidJobs: 50 }],
    ['level_3', { experiencePoints: 299 }, { experiencePoints: 300 }],
    ['level_5', { experiencePoints: 999 }, { experiencePoints: 1000 }],
    ['level_8', { experiencePoints: 2999 }, { experiencePoints: 3000 }],
    ['level_11', { experiencePoints: 7499 }, { experiencePoints: 7500 }],
    ['earned_100', { earningsCents: 9999 }, { earningsCents: 10_000 }],
    ['earned_500', { earningsCents: 49_999 }, { earningsCents: 50_000 }],
    ['earned_2000', { earningsCents: 199_999 }, { earningsCents: 200_000 }],
    ['early_riser', { earlyStarts: 0 }, { earlyStarts: 1 }],
    ['streak_3_weeks', { longestStreak: 2 }, { longestStreak: 3 }],
    ['streak_8_weeks', { longestStreak: 7 }, { longestStreak: 8 }],
    ['first_challenge', { challengesCompleted: 0 }, { challengesCompleted: 1 }],
    ['first_five_stars', { fiveStarReviews: 0 }, { fiveStarReviews: 1 }],
    // 4.8 over 10 reviews is the club; 9 reviews or 4.7 are not.
    ['five_star_club', { reviewCount: 9, ratingSum: 45, fiveStarReviews: 9 }, { reviewCount: 10, ratingSum: 48 }],
    ['five_star_club', { reviewCount: 10, ratingSum: 47 }, { reviewCount: 10, ratingSum: 50 }],
  ])('%s: not at %o, earned at %o', (id, below, at) => {
    const achievement = findAchievement(id);
    expect(achievement).toBeDefined();
    expect(achievement?.isEarned(totals(below))).toBe(false);
    expect(achievement?.isEarned(totals(at))).toBe(true);
  });

  it('every achievement has a row in the table above', () => {
    const tested = new Set(['first_paid_job', 'five_paid_jobs', 'twenty_paid_jobs', 'fifty_paid_jobs', 'level_3', 'level_5', 'level_8', 'level_11', 'earned_100', 'earned_500', 'earned_2000', 'early_riser', 'streak_3_weeks', 'streak_8_weeks', 'first_challenge', 'first_five_stars', 'five_star_club']);
    expect(new Set(ACHIEVEMENTS.map((a) => a.id))).toEqual(tested);
  });

  it('gives only what is newly reached, once', () => {
    const after = totals({ paidJobs: 5, experiencePoints: 360, earningsCents: 11_250 });
    expect(newAchievements(after, new Set()).map((a) => a.id)).toEqual(['first_paid_job', 'five_paid_jobs', 'level_3', 'earned_100']);
    expect(newAchievements(after, new Set(['first_paid_job', 'level_3'])).map((a) => a.id)).toEqual(['five_paid_jobs', 'earned_100']);
    expect(newAchievements(NO_TOTALS, new Set())).toEqual([]);
  });

  it('announces an achievement in the issue words', () => {
    expect(achievementNotice({ title: 'First Paycheck', description: 'Finish your first job and get paid for it.', points: 10 })).toEqual({
      title: 'Achievement unlocked: First Paycheck',
      body: 'Finish your first job and get paid for it. +10 points.',
    });
  });
});

describe('profile badges (spec 9, from real figures)', () => {
  const earnedBadges = (t: Partial<TeenTotals>) => badgesOf(totals(t)).filter((b) => b.earned).map((b) => b.id);
  it.each<[Partial<TeenTotals>, string[]]>([
    [{}, []],
    // No reviews: no 5-Star Club, whatever the spec's formula would have said.
    [{ paidJobs: 40 }, ['reliable']],
    [{ reviewCount: 5, ratingSum: 24 }, ['five_star_club']],
    [{ reviewCount: 5, ratingSum: 23 }, []],
    [{ earlyStarts: 1 }, ['early_riser']],
    [{ earningsCents: 50_000 }, []],
    [{ earningsCents: 50_001 }, ['top_earner']],
    [{ paidJobs: 10 }, []],
    [{ paidJobs: 11 }, ['reliable']],
  ])('%o: %j', (t, ids) => {
    expect(earnedBadges(t)).toEqual(ids);
  });

  it.each([
    ['2026-06-15T10:00:00Z', true],
    ['2026-06-15T11:59:00Z', true],
    ['2026-06-15T12:00:00Z', false],
    ['2026-01-15T12:59:00Z', true],
    ['2026-01-15T13:00:00Z', false],
  ])('a job started at %s (Boston) is an early start: %s', (at, early) => {
    expect(isEarlyStart(new Date(at), BOSTON)).toBe(early);
  });

  it.each([
    [{ reviewCount: 0, ratingSum: 0 }, null],
    [{ reviewCount: 3, ratingSum: 14 }, 4.67],
    [{ reviewCount: 2, ratingSum: 10 }, 5],
  ])('average of %o is %s', (t, average) => {
    expect(averageRating(t)).toBe(average);
  });
});
