// Awards of progress (issue 16, decision 019): XP, totals, challenge progress and achievements, each
// written in the transaction of the event that caused it. An award is a row unique per (user,
// source): when the row is already there the event was counted before, and nothing else moves.
import { and, arrayContains, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { JobCategory } from '../../../contract/job-constants';
import { localClock } from '../../../domain/calendar';
import { achievementNotice, newAchievements } from '../../../domain/progress/achievements';
import { isEarlyStart } from '../../../domain/progress/badges';
import { recordPaidWeek, weekStartOf } from '../../../domain/progress/streaks';
import type { TeenTotals } from '../../../domain/progress/totals';
import { xpFor, type XpEvent } from '../../../domain/progress/xp';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { challengeParticipants, seasonalChallenges, userAchievements, userStats, xpAwards } from '../../db/schema';
import { firstRow } from '../../errors';
import { notify } from '../notifications/notifications.service';

type StatsRow = typeof userStats.$inferSelect;

/** A job the teen was paid for, as the release transaction knows it. */
export interface PaidJob {
  id: string;
  teenId: string;
  category: JobCategory;
  startedAt: Date | null;
  /** What the teen was paid for it, after the platform's fee. */
  earnedCents: number;
}

/** Records an award row and returns its XP; null when this (user, source) was awarded before. */
async function recordAward(tx: Executor, award: { userId: string; source: string; event: XpEvent; jobId: string | null; at: Date }): Promise<number | null> {
  const points = xpFor(award.event);
  const inserted = await tx
    .insert(xpAwards)
    .values({ userId: award.userId, source: award.source, event: award.event.kind, points, jobId: award.jobId, createdAt: award.at })
    .onConflictDoNothing({ target: [xpAwards.userId, xpAwards.source] })
    .returning({ id: xpAwards.id });
  return inserted.length ? points : null;
}

/**
 * The teen's totals row, locked for the rest of the transaction: concurrent awards to the same teen
 * (two jobs paid at once) queue here, so each sees the totals of the ones before it and no
 * achievement threshold is stepped over unseen.
 */
async function lockStats(tx: Executor, userId: string): Promise<StatsRow> {
  await tx.insert(userStats).values({ userId }).onConflictDoNothing();
  return firstRow(await tx.select().from(userStats).where(eq(userStats.userId, userId)).for('update'), `the stats of ${userId}`);
}

const totalsOf = (row: StatsRow): TeenTotals => ({
  experiencePoints: row.experiencePoints,
  paidJobs: row.paidJobs,
  earningsCents: row.earningsCents,
  longestStreak: row.longestStreak,
  earlyStarts: row.earlyStarts,
  challengesCompleted: row.challengesCompleted,
  reviewCount: row.reviewCount,
  ratingSum: row.ratingSum,
  fiveStarReviews: row.fiveStarReviews,
});

/**
 * The progress half of a job's payment, called by the payments module inside its release transaction:
 * the XP of the paid job, the teen's totals and streak, their challenges' progress and any achievement
 * this reaches. Exactly once per job, however often or concurrently the release is tried.
 */
export async function awardPaidJob(tx: Executor, ctx: AppContext, job: PaidJob, at: Date): Promise<void> {
  const { timezone } = ctx.config;
  const points = await recordAward(tx, { userId: job.teenId, source: `job:${job.id}:paid`, event: { kind: 'paid_job', earnedCents: job.earnedCents }, jobId: job.id, at });
  if (points === null) return;
  const before = await lockStats(tx, job.teenId);
  const streak = recordPaidWeek({ lastWeek: before.lastPaidWeek, current: before.currentStreak, longest: before.longestStreak }, weekStartOf(at, timezone));
  let stats = firstRow(
    await tx
      .update(userStats)
      .set({
        experiencePoints: before.experiencePoints + points,
        paidJobs: before.paidJobs + 1,
        earningsCents: before.earningsCents + job.earnedCents,
        earlyStarts: before.earlyStarts + (job.startedAt && isEarlyStart(job.startedAt, timezone) ? 1 : 0),
        lastPaidWeek: streak.lastWeek,
        currentStreak: streak.current,
        longestStreak: streak.longest,
        updatedAt: at,
      })
      .where(eq(userStats.userId, job.teenId))
      .returning(),
    `the stats of ${job.teenId}`,
  );
  stats = await advanceChallenges(tx, ctx, job, stats, at);
  await awardAchievements(tx, ctx, stats, at);
}

/**
 * The paid job counts towards each challenge the teen joined before it was paid that lists its
 * category and has not ended (its end date, service time zone, included); reaching the challenge's
 * jobsCount completes it once, with its points as XP and its title.
 */
async function advanceChallenges(tx: Executor, ctx: AppContext, job: PaidJob, stats: StatsRow, at: Date): Promise<StatsRow> {
  const today = localClock(at, ctx.config.timezone).date;
  const counted = await tx
    .update(challengeParticipants)
    .set({ jobsCompleted: sql`${challengeParticipants.jobsCompleted} + 1` })
    .from(seasonalChallenges)
    .where(
      and(
        eq(seasonalChallenges.id, challengeParticipants.challengeId),
        eq(challengeParticipants.userId, job.teenId),
        isNull(challengeParticipants.completedAt),
        lte(challengeParticipants.joinedAt, at),
        eq(seasonalChallenges.isActive, true),
        gte(seasonalChallenges.endDate, today),
        arrayContains(seasonalChallenges.categories, [job.category]),
      ),
    )
    .returning({
      challengeId: challengeParticipants.challengeId,
      jobsCompleted: challengeParticipants.jobsCompleted,
      jobsCount: seasonalChallenges.jobsCount,
      title: seasonalChallenges.title,
      rewardPoints: seasonalChallenges.rewardPoints,
      rewardTitle: seasonalChallenges.rewardTitle,
    });
  let current = stats;
  for (const challenge of counted) {
    if (challenge.jobsCompleted < challenge.jobsCount) continue;
    const [completed] = await tx
      .update(challengeParticipants)
      .set({ completedAt: at })
      .where(and(eq(challengeParticipants.challengeId, challenge.challengeId), eq(challengeParticipants.userId, job.teenId), isNull(challengeParticipants.completedAt)))
      .returning({ challengeId: challengeParticipants.challengeId });
    if (!completed) continue;
    const source = `challenge:${challenge.challengeId}:completed`;
    const points = await recordAward(tx, { userId: job.teenId, source, event: { kind: 'challenge_completed', rewardPoints: challenge.rewardPoints }, jobId: null, at });
    if (points === null) continue;
    current = firstRow(
      await tx
        .update(userStats)
        .set({ experiencePoints: current.experiencePoints + points, challengesCompleted: current.challengesCompleted + 1, updatedAt: at })
        .where(eq(userStats.userId, job.teenId))
        .returning(),
      `the stats of ${job.teenId}`,
    );
    await notify(tx, ctx, {
      userId: job.teenId,
      kind: 'challenge_completed',
      title: `Challenge completed: ${challenge.title}`,
      body: `You earned the title ${challenge.rewardTitle} and ${points} XP.`,
      dedupeKey: source,
    });
  }
  return current;
}

/** Every achievement the totals now reach and the teen does not have yet: a row each, its points, and its notification. */
async function awardAchievements(tx: Executor, ctx: AppContext, stats: StatsRow, at: Date): Promise<void> {
  const userId = stats.userId;
  const held = await tx.select({ id: userAchievements.achievementId }).from(userAchievements).where(eq(userAchievements.userId, userId));
  let achievementPoints = stats.achievementPoints;
  for (const achievement of newAchievements(totalsOf(stats), new Set(held.map((h) => h.id)))) {
    const [earned] = await tx
      .insert(userAchievements)
      .values({ userId, achievementId: achievement.id, points: achievement.points, earnedAt: at })
      .onConflictDoNothing({ target: [userAchievements.userId, userAchievements.achievementId] })
      .returning({ id: userAchievements.id });
    if (!earned) continue;
    achievementPoints += achievement.points;
    await notify(tx, ctx, { userId, kind: 'achievement_unlocked', ...achievementNotice(achievement), dedupeKey: `achievement:${achievement.id}` });
  }
  if (achievementPoints !== stats.achievementPoints) await tx.update(userStats).set({ achievementPoints }).where(eq(userStats.userId, userId));
}

/**
 * The progress half of a review of a teen becoming visible to them (issue 16): the rating counts
 * towards their average, five stars earn XP, and rating achievements follow. Exactly once per review,
 * in the transaction that publishes it; never while it is blind, so the figures cannot give it away.
 */
export async function awardReviewReceived(tx: Executor, ctx: AppContext, review: { id: string; teenId: string; jobId: string; rating: number }, at: Date): Promise<void> {
  const points = await recordAward(tx, { userId: review.teenId, source: `review:${review.id}`, event: { kind: 'review_received', rating: review.rating }, jobId: review.jobId, at });
  if (points === null) return;
  const before = await lockStats(tx, review.teenId);
  const stats = firstRow(
    await tx
      .update(userStats)
      .set({
        experiencePoints: before.experiencePoints + points,
        reviewCount: before.reviewCount + 1,
        ratingSum: before.ratingSum + review.rating,
        fiveStarReviews: before.fiveStarReviews + (review.rating === 5 ? 1 : 0),
        updatedAt: at,
      })
      .where(eq(userStats.userId, review.teenId))
      .returning(),
    `the stats of ${review.teenId}`,
  );
  await awardAchievements(tx, ctx, stats, at);
}
