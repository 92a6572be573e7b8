import { and, count, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditChanges } from '../../../contract/admin';
import { END_BEFORE_START, type AdminChallenge, type AdminChallengeList, type ChallengeProgress, type CreateChallengeRequestSchema, type SeasonalChallenge, type UpdateChallengeRequestSchema } from '../../../contract/progress';
import { localClock } from '../../../domain/calendar';
import { challengeState, isChallengeActive, seasonChallengeFor } from '../../../domain/progress/seasons';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { challengeParticipants, seasonalChallenges } from '../../db/schema';
import { AppError, firstRow, invalidField, notFound } from '../../errors';
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

/** What an admin can change of a challenge, as its columns: the audit log names the changes by these. */
type ChallengeFields = Pick<ChallengeRow, 'title' | 'description' | 'season' | 'startDate' | 'endDate' | 'isActive' | 'maxParticipants' | 'jobsCount' | 'categories' | 'rewardPoints' | 'rewardTitle'>;

const fieldsOf = (row: ChallengeRow): ChallengeFields => ({
  title: row.title,
  description: row.description,
  season: row.season,
  startDate: row.startDate,
  endDate: row.endDate,
  isActive: row.isActive,
  maxParticipants: row.maxParticipants,
  jobsCount: row.jobsCount,
  categories: row.categories,
  rewardPoints: row.rewardPoints,
  rewardTitle: row.rewardTitle,
});

/** POST /api/seasonal-challenges (admins): a challenge from its start date (today, service time zone, when none is given) to its end date. */
export async function createChallenge(ctx: AppContext, user: SessionUser, input: z.output<typeof CreateChallengeRequestSchema>): Promise<SeasonalChallenge> {
  const now = ctx.clock.now();
  const today = todayOf(ctx);
  if (input.endDate < today) throw invalidField('endDate', 'The end date has passed');
  const startDate = input.startDate ?? today;
  // Only when the start date was left out: today may be after the end date the schema could not compare it with.
  if (input.endDate < startDate) throw invalidField('endDate', END_BEFORE_START);
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(seasonalChallenges)
      .values({
        title: input.title,
        description: input.description,
        season: input.season,
        startDate,
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
    await recordAdminAction(tx, { actorId: user.id, at: now, target: { type: 'challenge', id: created.id }, action: 'challenge.add', changes: { ...fieldsOf(created) } });
    return toChallengeDto(created, today, false);
  });
}

function toAdminChallenge(row: ChallengeRow, today: string, completions: number): AdminChallenge {
  const { joined: _joined, ...challenge } = toChallengeDto(row, today, false);
  return { ...challenge, startDate: row.startDate, state: challengeState(row, today), completions, createdAt: row.createdAt.toISOString() };
}

/** The admins' list is every challenge there is; seasons add four a year, so this many spans decades. */
const ADMIN_LIST_LIMIT = 200;

function completionsOf(db: Executor) {
  return db
    .select({ challengeId: challengeParticipants.challengeId, n: count().as('n') })
    .from(challengeParticipants)
    .where(isNotNull(challengeParticipants.completedAt))
    .groupBy(challengeParticipants.challengeId)
    .as('completions');
}

/** GET /api/admin/seasonal-challenges: every challenge, upcoming, active, paused and ended, latest end first. */
export async function listAdminChallenges(ctx: AppContext): Promise<AdminChallengeList> {
  const today = todayOf(ctx);
  const completions = completionsOf(ctx.db);
  const rows = await ctx.db
    .select({ challenge: seasonalChallenges, completions: sql<number>`coalesce(${completions.n}, 0)`.mapWith(Number) })
    .from(seasonalChallenges)
    .leftJoin(completions, eq(completions.challengeId, seasonalChallenges.id))
    .orderBy(desc(seasonalChallenges.endDate), desc(seasonalChallenges.startDate), desc(seasonalChallenges.createdAt))
    .limit(ADMIN_LIST_LIMIT);
  return { challenges: rows.map((r) => toAdminChallenge(r.challenge, today, r.completions)) };
}

/** Each field whose value changes, as `{from, to}` (the audit log's shape); arrays compare by their items. */
function changesBetween(before: ChallengeFields, after: ChallengeFields): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of Object.keys(after) as (keyof ChallengeFields)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

/**
 * PATCH /api/seasonal-challenges/{id} (admins): changes any of a challenge's fields and records what
 * changed, in one transaction. The row is locked first (FOR NO KEY UPDATE: the joins' own count
 * UPDATE waits for it, their participant rows' foreign-key locks do not), so a join racing the edit
 * is counted before maxParticipants is judged, or judged against the new limit after it. Teens who completed it keep
 * their completion and award (rows, never recomputed); the ones still on it are judged by the new
 * requirements from their next paid job. The same values again change and record nothing.
 */
export async function updateChallenge(ctx: AppContext, user: SessionUser, challengeId: string, input: z.output<typeof UpdateChallengeRequestSchema>): Promise<AdminChallenge> {
  const now = ctx.clock.now();
  const today = todayOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(seasonalChallenges).where(eq(seasonalChallenges.id, challengeId)).for('no key update');
    if (!row) throw notFound('Challenge not found');
    const before = fieldsOf(row);
    const after: ChallengeFields = {
      title: input.title ?? before.title,
      description: input.description ?? before.description,
      season: input.season ?? before.season,
      startDate: input.startDate ?? before.startDate,
      endDate: input.endDate ?? before.endDate,
      isActive: input.isActive ?? before.isActive,
      maxParticipants: input.maxParticipants === undefined ? before.maxParticipants : input.maxParticipants,
      jobsCount: input.requirements?.jobsCount ?? before.jobsCount,
      categories: input.requirements?.categories ?? before.categories,
      rewardPoints: input.rewards?.points ?? before.rewardPoints,
      rewardTitle: input.rewards?.title ?? before.rewardTitle,
    };
    const changes = changesBetween(before, after);
    if (Object.keys(changes).length === 0) return toAdminChallenge(row, today, await completionsCount(tx, challengeId));
    // To end a challenge early an admin pauses it; a new end date in the past would rewrite history.
    if ('endDate' in changes && after.endDate < today) throw invalidField('endDate', 'The end date has passed');
    if (after.endDate < after.startDate) throw invalidField('endDate', END_BEFORE_START);
    if (after.maxParticipants !== null && after.maxParticipants < row.participantCount) {
      throw invalidField('maxParticipants', `${row.participantCount} teens have joined: maxParticipants cannot be below that`);
    }
    // A teen who joined may not find their challenge back in the future.
    if ('startDate' in changes && after.startDate > today && row.participantCount > 0) {
      throw invalidField('startDate', 'Teens have joined: the start date cannot move past today');
    }
    const updated = firstRow(await tx.update(seasonalChallenges).set(after).where(eq(seasonalChallenges.id, challengeId)).returning(), 'the challenge');
    await recordAdminAction(tx, { actorId: user.id, at: now, target: { type: 'challenge', id: challengeId }, action: 'challenge.update', changes });
    return toAdminChallenge(updated, today, await completionsCount(tx, challengeId));
  });
}

async function completionsCount(db: Executor, challengeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(challengeParticipants)
    .where(and(eq(challengeParticipants.challengeId, challengeId), isNotNull(challengeParticipants.completedAt)));
  return row?.n ?? 0;
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
