// The opt-in leaderboard (issue 16): off for every teen until they choose it; a teen who did sees
// the teens of their area (ZIP code) who did too, by this season's XP, as first name and last initial.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Leaderboard, ProgressPrivacy } from '../../../contract/progress';
import { canActAs, canReadUser, firstNameAndInitial } from '../../../domain/access';
import { localClock } from '../../../domain/calendar';
import { levelOf } from '../../../domain/progress/levels';
import { seasonOf } from '../../../domain/progress/seasons';
import type { AppContext } from '../../context';
import { userStats, users, xpAwards } from '../../db/schema';
import { forbidden } from '../../errors';
import type { SessionUser } from '../auth/sessions';

const BOARD_SIZE = 50;

/** GET /api/users/{id}/privacy: the teen's own choices (and any admin's to read). */
export async function readProgressPrivacy(ctx: AppContext, user: SessionUser, userId: string): Promise<ProgressPrivacy> {
  if (!canReadUser(user, userId)) throw forbidden('You can only see your own privacy settings.');
  const [row] = await ctx.db.select({ leaderboardOptIn: userStats.leaderboardOptIn }).from(userStats).where(eq(userStats.userId, userId));
  return { leaderboardOptIn: row?.leaderboardOptIn ?? false };
}

/** PATCH /api/users/{id}/privacy: only the teen themself chooses; an admin cannot put a minor on a board. */
export async function updateProgressPrivacy(ctx: AppContext, user: SessionUser, userId: string, change: ProgressPrivacy): Promise<ProgressPrivacy> {
  if (!canActAs(user, userId) || user.role !== 'teen') throw forbidden('Only the teen can change their privacy settings.');
  const now = ctx.clock.now();
  await ctx.db
    .insert(userStats)
    .values({ userId, leaderboardOptIn: change.leaderboardOptIn, updatedAt: now })
    .onConflictDoUpdate({ target: userStats.userId, set: { leaderboardOptIn: change.leaderboardOptIn, updatedAt: now } });
  return { leaderboardOptIn: change.leaderboardOptIn };
}

/** GET /api/leaderboard: the signed-in teen's area this season, if they opted in. */
export async function readLeaderboard(ctx: AppContext, user: SessionUser): Promise<Leaderboard> {
  const { timezone } = ctx.config;
  const season = seasonOf(localClock(ctx.clock.now(), timezone).date);
  const board: Leaderboard = { optedIn: false, season: season.season, seasonStartDate: season.first, seasonEndDate: season.last, entries: [] };
  const [own] = await ctx.db.select({ optedIn: userStats.leaderboardOptIn }).from(userStats).where(eq(userStats.userId, user.id));
  if (!own?.optedIn || user.role !== 'teen' || user.zipCode === null) return board;
  // Local midnight of the season's first day, in the service's time zone.
  const seasonStart = sql`(${season.first}::date::timestamp at time zone ${timezone})`;
  const seasonXp = sql<number>`coalesce((select sum(${xpAwards.points}) from ${xpAwards} where ${xpAwards.userId} = ${userStats.userId} and ${gte(xpAwards.createdAt, seasonStart)}), 0)::int`;
  const rows = await ctx.db
    .select({ userId: userStats.userId, fullName: users.fullName, experiencePoints: userStats.experiencePoints, seasonXp })
    .from(userStats)
    .innerJoin(users, eq(users.id, userStats.userId))
    .where(and(eq(userStats.leaderboardOptIn, true), eq(users.role, 'teen'), eq(users.status, 'active'), eq(users.zipCode, user.zipCode)))
    .orderBy(desc(seasonXp), desc(userStats.experiencePoints), userStats.userId)
    .limit(BOARD_SIZE);
  board.optedIn = true;
  board.entries = rows.map((r, i) => ({
    rank: i + 1,
    name: firstNameAndInitial(r.fullName),
    level: levelOf(r.experiencePoints),
    seasonExperiencePoints: Number(r.seasonXp),
    isYou: r.userId === user.id,
  }));
  return board;
}
