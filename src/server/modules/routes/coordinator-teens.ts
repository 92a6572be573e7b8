import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { HOMEOWNER_ACTIVE_STATUSES } from '../../../contract/job-constants';
import type { CoordinatorTeen } from '../../../contract/routes';
import { levelTitle } from '../../../domain/progress/levels';
import type { AppContext } from '../../context';
import { jobs, users, userStats } from '../../db/schema';
import type { SessionUser } from '../auth/sessions';
import { coordinatorZips } from './route-optimizer';
import { requireCoordinatorReader } from './saved-routes';

/**
 * GET /api/teens/coordinator/{id}: the active teens living in the coordinator's ZIP codes, for
 * planning the day. Only what a coordinator plans with: name, username, ZIP code, availability,
 * level title, work in hand and consent; never a date of birth, email or address.
 */
export async function listCoordinatorTeens(ctx: AppContext, viewer: SessionUser, coordinatorId: string): Promise<CoordinatorTeen[]> {
  await requireCoordinatorReader(ctx, viewer, coordinatorId);
  const zips = await coordinatorZips(ctx, coordinatorId);
  if (zips.length === 0) return [];
  const activeJobs = sql<number>`(select count(*)::int from ${jobs} where ${jobs.teenId} = ${users.id} and ${inArray(jobs.status, [...HOMEOWNER_ACTIVE_STATUSES])})`;
  const rows = await ctx.db
    .select({
      id: users.id,
      fullName: users.fullName,
      username: users.username,
      zipCode: users.zipCode,
      isAvailable: users.isAvailable,
      parentalConsentStatus: users.parentalConsentStatus,
      paidJobs: userStats.paidJobs,
      activeJobs,
    })
    .from(users)
    .leftJoin(userStats, eq(userStats.userId, users.id))
    .where(and(eq(users.role, 'teen'), eq(users.status, 'active'), inArray(users.zipCode, zips)))
    .orderBy(asc(users.fullName), asc(users.id));
  return rows.map(({ paidJobs, ...teen }) => ({ ...teen, levelTitle: levelTitle(paidJobs ?? 0) }));
}
