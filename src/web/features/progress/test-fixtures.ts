import type { UserStats } from '../../../contract/progress';
import { TEEN } from '../jobs/test-fixtures';

/** TEEN's stats as GET /api/user-stats answers them: level 2 with 158 XP after two paid jobs, unless told. */
export function makeStats(overrides: Partial<UserStats> = {}): UserStats {
  return {
    userId: TEEN.id,
    level: 2,
    experiencePoints: 158,
    levelStartsAt: 100,
    nextLevelAt: 300,
    totalJobs: 2,
    totalEarnings: '44.00',
    averageRating: null,
    reviewCount: 0,
    currentStreak: 1,
    longestStreak: 1,
    achievementPoints: 10,
    levelTitle: 'Rookie',
    badges: [],
    ...overrides,
  };
}
