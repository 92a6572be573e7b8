import { desc, eq } from 'drizzle-orm';
import type { Achievement, UserStats } from '../../../contract/progress';
import { centsToMoney } from '../../../domain/format';
import { findAchievement } from '../../../domain/progress/achievements';
import { levelProgress, levelTitle } from '../../../domain/progress/levels';
import { currentStreakAt, weekStartOf } from '../../../domain/progress/streaks';
import { badgesOf } from '../../../domain/progress/badges';
import { averageRating, NO_TOTALS, type TeenTotals } from '../../../domain/progress/totals';
import type { AppContext } from '../../context';
import { userAchievements, userStats } from '../../db/schema';
import type { SessionUser } from '../auth/sessions';
import { requireProgressReader } from './progress-readers';

/** GET /api/user-stats/{userId}: the teen's totals as their paid jobs and reviews made them (zeros before the first). */
export async function readUserStats(ctx: AppContext, user: SessionUser, userId: string): Promise<UserStats> {
  await requireProgressReader(ctx.db, user, userId);
  const [row] = await ctx.db.select().from(userStats).where(eq(userStats.userId, userId));
  const experiencePoints = row?.experiencePoints ?? 0;
  const { level, levelStartsAt, nextLevelAt } = levelProgress(experiencePoints);
  const paidJobs = row?.paidJobs ?? 0;
  const totals: TeenTotals = row ?? NO_TOTALS;
  const streak = { lastWeek: row?.lastPaidWeek ?? null, current: row?.currentStreak ?? 0, longest: row?.longestStreak ?? 0 };
  return {
    userId,
    level,
    experiencePoints,
    levelStartsAt,
    nextLevelAt,
    totalJobs: paidJobs,
    totalEarnings: centsToMoney(row?.earningsCents ?? 0),
    averageRating: averageRating({ reviewCount: row?.reviewCount ?? 0, ratingSum: row?.ratingSum ?? 0 }),
    reviewCount: row?.reviewCount ?? 0,
    currentStreak: currentStreakAt(streak, weekStartOf(ctx.clock.now(), ctx.config.timezone)),
    longestStreak: streak.longest,
    achievementPoints: row?.achievementPoints ?? 0,
    levelTitle: levelTitle(paidJobs),
    badges: badgesOf(totals),
  };
}

/** GET /api/achievements/{userId}: what the teen has earned, newest first, in the catalogue's words. */
export async function listAchievements(ctx: AppContext, user: SessionUser, userId: string): Promise<Achievement[]> {
  await requireProgressReader(ctx.db, user, userId);
  const rows = await ctx.db.select().from(userAchievements).where(eq(userAchievements.userId, userId)).orderBy(desc(userAchievements.earnedAt), userAchievements.achievementId);
  return rows.flatMap((row) => {
    const achievement = findAchievement(row.achievementId);
    if (!achievement) return [];
    const { id, type, title, description, rarity } = achievement;
    return [{ id, type, title, description, rarity, points: row.points, earnedAt: row.earnedAt.toISOString() }];
  });
}
