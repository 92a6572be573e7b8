import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ChallengeProgress, CreateChallengeRequestSchema, SeasonalChallenge } from '../../../contract/progress';
import type { z } from 'zod';
import { localClock } from '../../../domain/calendar';
import { isChallengeActive, seasonChallengeFor } from '../../../domain/progress/seasons';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { challengeParticipants, seasonalChallenges } from '../../db/schema';
import { AppError, firstRow, notFound } from '../../errors';
import { recordAdminAction } from '../admin/audit-log';
import type { SessionUser } from '../auth/sessions';
import { requireProgressReader } from './progress-readers';

type ChallengeRow = typeof seasonalChallenges.$inferSelect;

/** The challenges a list shows: the newest 50 by end date (the current ones, then the recently ended, shown as expired). */
const LIST_LIMIT = 50;

/**
 * Seeds the current season's own challenge when it is missing: at every start and every sweep, on
 * every database (decision 019). Its seed key makes a second call, or another process's, a no-op.
 * Returns whether it created one.
 */
export async function ensureSeasonChallenge(db: Executor, now: Date, timezone: string): Promise<boolean> {
  const c = seasonChallengeFor(localClock(now, timezone).date);
  const created = await db
    .insert(seasonalChallenges)
    .values({
      title: c.title,
      description: c.description,
      season: c.season,
      startDate: c.startDate,
      endDate: c.endDate,
      maxParticipants: c.maxParticipants,
      jobsCount: c.jobsCount,
      categories: c.categories,
      rewardPoints: c.rewardPoints,
      rewardTitle: c.rewardTitle,
      seedKey: c.seedKey,
      createdAt: now,
    })
    .onConflictDoNothing({ target: seasonalChallenges.seedKey })
    .returning({ id: seasonalChallenges.id });
  return created.length > 0;
}

function toChallengeDto(row: ChallengeRow, today: string, joined: boolean): SeasonalChallenge {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    season: row.season as SeasonalChallenge['season'],
    endDate: row.endDate,
    isActive: isChallengeActive(row, today),
    maxParticipants: row.maxParticipants,
    requirements: { jobsCount: row.jobsCount, categories: row.categories },
    rewards: { points: row.rewardPoints, title: row.rewardTitle },
    participants: row.participantCount,
    joined,
  };
}

const todayOf = (ctx: AppContext) => localClock(ctx.clock.now(), ctx.config.timezone).date;

/** GET /api/seasonal-challenges: started challenges, latest end first, with how many joined and whether the caller did. */
export async function listChallenges(ctx: AppContext, user: SessionUser): Promise<SeasonalChallenge[]> {
  const today = todayOf(ctx);
  const rows = await ctx.db
    .select({ challenge: seasonalChallenges, joinedAt: challengeParticipants.joinedAt })
    .from(seasonalChallenges)
    .leftJoin(challengeParticipants, and(eq(challengeParticipants.challengeId, seasonalChallenges.id), eq(challengeParticipants.userId, user.id)))
    .where(sql`${seasonalChallenges.startDate} <= ${today}`)
    .orderBy(desc(seasonalChallenges.endDate), desc(seasonalChallenges.createdAt))
    .limit(LIST_LIMIT);
  return rows.map((r) => toChallengeDto(r.challenge, today, r.joinedAt !== null));
}

/**
 * POST /api/seasonal-challenges/{id}/join: the teen joins an active challenge. maxParticipants holds
 * under any concurrency: the count goes up only by a conditional UPDATE that a full challenge fails,
 * in the same transaction as the participant's row, which a second join of the same teen cannot add.
 */
export async function joinChallenge(ctx: AppContext, user: SessionUser, challengeId: string): Promise<SeasonalChallenge> {
  const now = ctx.clock.now();
  const today = todayOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const [challenge] = await tx.select().from(seasonalChallenges).where(eq(seasonalChallenges.id, challengeId));
    if (!challenge || challenge.startDate > today) throw notFound('Challenge not found');
    if (!isChallengeActive(challenge, today)) throw new AppError('CONFLICT', 'This challenge has ended.');
    const [joined] = await tx
      .insert(challengeParticipants)
      .values({ challengeId, userId: user.id, joinedAt: now })
      .onConflictDoNothing()
      .returning({ joinedAt: challengeParticipants.joinedAt });
    if (!joined) throw new AppError('CONFLICT', 'You have already joined this challenge.');
    const [counted] = await tx
      .update(seasonalChallenges)
      .set({ participantCount: sql`${seasonalChallenges.participantCount} + 1` })
      .where(and(eq(seasonalChallenges.id, challengeId), or(isNull(seasonalChallenges.maxParticipants), lt(seasonalChallenges.participantCount, seasonalChallenges.maxParticipants))))
      .returning();
    // Throwing rolls the participant's row back with it.
    if (!counted) throw new AppError('CONFLICT', 'This challenge is full.');
    return toChallengeDto(counted, today, true);
  });
}

/** POST /api/seasonal-challenges (admins): a challenge from today (service time zone) to its end date. */
export async function createChallenge(ctx: AppContext, user: SessionUser, input: z.output<typeof CreateChallengeRequestSchema>): Promise<SeasonalChallenge> {
  const now = ctx.clock.now();
  const today = todayOf(ctx);
  if (input.endDate < today) throw new AppError('VALIDATION_FAILED', 'endDate: The end date has passed', { endDate: 'The end date has passed' });
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(seasonalChallenges)
      .values({
        title: input.title,
        description: input.description,
        season: input.season,
        startDate: today,
        endDate: input.endDate,
        maxParticipants: input.maxParticipants,
        jobsCount: input.requirements.jobsCount,
        categories: input.requirements.categories,
        rewardPoints: input.rewards.points,
        rewardTitle: input.rewards.title,
        createdAt: now,
      })
      .returning();
    const created = firstRow(rows, 'the new challenge');
    // The admins' audit log (issue 18): who added which challenge, in the same transaction.
    await recordAdminAction(tx, {
      actorId: user.id,
      at: now,
      target: { type: 'challenge', id: created.id },
      action: 'challenge.add',
      changes: { title: created.title, season: created.season, endDate: created.endDate, maxParticipants: created.maxParticipants, jobsCount: created.jobsCount, categories: created.categories, rewardPoints: created.rewardPoints, rewardTitle: created.rewardTitle },
    });
    return toChallengeDto(created, today, false);
  });
}

/** GET /api/challenge-progress/{userId}: each challenge the teen joined, with the paid jobs that counted. */
export async function listChallengeProgress(ctx: AppContext, user: SessionUser, userId: string): Promise<ChallengeProgress[]> {
  await requireProgressReader(ctx.db, user, userId);
  const rows = await ctx.db
    .select()
    .from(challengeParticipants)
    .where(eq(challengeParticipants.userId, userId))
    .orderBy(desc(challengeParticipants.joinedAt));
  return rows.map((r) => ({
    challengeId: r.challengeId,
    isCompleted: r.completedAt !== null,
    progress: { jobsCompleted: r.jobsCompleted },
    joinedAt: r.joinedAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  }));
}
