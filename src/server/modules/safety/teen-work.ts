import { and, eq, gte, inArray, or } from 'drizzle-orm';
import { localClock } from '../../../domain/calendar';
import { workEntries, type WorkEntry } from '../../../domain/safety-rules/work';
import type { Executor } from '../../db/client';
import { jobs } from '../../db/schema';

/** A week runs Sunday to Saturday, so its first day began less than 8 days ago, daylight saving included. */
const LOOK_BACK_MS = 8 * 24 * 3600_000;

/**
 * A teen's work as the hour limits count it (workEntries): their jobs accepted or in progress, and
 * those started in the last 8 days, on the teen's jobs index. The days are TIMEZONE's.
 */
export async function readTeenWork(db: Executor, teenId: string, now: Date, timezone: string): Promise<WorkEntry[]> {
  const rows = await db
    .select({ id: jobs.id, status: jobs.status, estimatedDuration: jobs.estimatedDuration, startedAt: jobs.startedAt, completedAt: jobs.completedAt })
    .from(jobs)
    .where(and(eq(jobs.teenId, teenId), or(inArray(jobs.status, ['accepted', 'in_progress']), gte(jobs.startedAt, new Date(now.getTime() - LOOK_BACK_MS)))));
  const localClockOf = (at: Date) => localClock(at, timezone);
  return workEntries(rows, localClockOf(now).date, localClockOf);
}
