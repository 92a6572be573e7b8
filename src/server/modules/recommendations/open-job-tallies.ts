import { and, gt, eq, sql } from 'drizzle-orm';
import { JOB_CATEGORIES } from '../../../contract/job-constants';
import type { JobTally } from '../../../domain/recommendations/score';
import type { AppContext } from '../../context';
import { jobs } from '../../db/schema';

/**
 * The open jobs the lock could take now (posted, or locked with the lock run out), counted by ZIP code,
 * demands, duration and equipment, and in each by category: what the empty state's line needs (emptyListExclusions),
 * for every teen at once. Kept until a job changes (the jobs table's signal) or a live lock runs out,
 * so a teen with nothing to recommend costs a walk over these counts, not a scan of every open job.
 */
export function openJobTallies(ctx: AppContext, now: Date): Promise<readonly JobTally[]> {
  return ctx.caches.openJobTallies.read('open', now, async () => {
    const [tallies, [nextExpiry]] = await Promise.all([
      ctx.db
        .select({
          zipCode: jobs.zipCode,
          physicalDemands: jobs.physicalDemands,
          estimatedDuration: jobs.estimatedDuration,
          equipment: jobs.equipment,
          byCategory: sql<number[]>`array[${sql.join(
            JOB_CATEGORIES.map((category) => sql`(count(*) filter (where ${jobs.category} = ${category}))::int`),
            sql`, `,
          )}]`,
        })
        .from(jobs)
        .where(sql`${jobs.status} in ('posted', 'locked') and (${jobs.status} = 'posted' or ${jobs.lockExpiresAt} <= ${now.toISOString()}::timestamptz)`)
        .groupBy(jobs.zipCode, jobs.physicalDemands, jobs.estimatedDuration, jobs.equipment),
      // A live lock that runs out makes its job lockable: the counts hold until the first does.
      ctx.db
        .select({ at: sql<Date | null>`min(${jobs.lockExpiresAt})`.mapWith(jobs.lockExpiresAt) })
        .from(jobs)
        .where(and(eq(jobs.status, 'locked'), gt(jobs.lockExpiresAt, now))),
    ]);
    return { value: tallies, validUntil: nextExpiry?.at ? nextExpiry.at.getTime() : Infinity };
  });
}
