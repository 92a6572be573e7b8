import { and, asc, desc, eq, getTableColumns, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { LOCK_SECONDS } from '../../../contract/constants';
import { LOCK_COOLDOWN_SECONDS, lockEndedBy, type LockEnd } from '../../../domain/job-machine';
import type { Executor } from '../../db/client';
import { jobEvents, jobs } from '../../db/schema';
import { firstRow } from '../../errors';
import type { JobView } from './jobs.mapper';
import type { OpenJobsPage } from './open-jobs-page';

/**
 * A job's columns, whether any coordinator serves its ZIP code and its teen's full name, read in the
 * same statement (a list costs no query per job). The mapper decides who may read the name.
 */
// The search's columns are the database's lower-case copies of the title, description and location (decision 015): never read back.
const { searchText: _text, searchLocation: _location, ...JOB_COLUMNS } = getTableColumns(jobs);

export const JOB_VIEW = {
  ...JOB_COLUMNS,
  // Spelled out: drizzle writes a column of a one-table query bare ("zip_code"), which inside these
  // subqueries would name the subquery's own column.
  coordinatorSupervised: sql<boolean>`exists (select 1 from coordinator_zip_codes c where c.zip_code = "jobs"."zip_code")`,
  teenFullName: sql<string | null>`(select u.full_name from users u where u.id = "jobs"."teen_id")`,
};

/** A page of the jobs `where` holds, newest first, read in that order from an index. */
export async function readNewestFirst(db: Executor, where: SQL[], limit: number): Promise<OpenJobsPage> {
  const rows = await db
    .select(JOB_VIEW)
    .from(jobs)
    .where(and(...where))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit, views: new Map() };
}

/**
 * The reads that start every command, built by drizzle once per executor and prepared: building the
 * job read (its columns and the supervised subquery) took a quarter of a refused lock attempt.
 */
const commandReads = new WeakMap<Executor, ReturnType<typeof buildCommandReads>>();

function buildCommandReads(db: Executor) {
  const jobId = sql.placeholder('jobId');
  return {
    byId: db.select(JOB_VIEW).from(jobs).where(eq(jobs.id, jobId)).prepare('jobs_view_by_id'),
    /** `accept` may lock, and a new lock depends on the caller's other locks: one read gets both. */
    withOwnLocks: db
      .select(JOB_VIEW)
      .from(jobs)
      .where(or(eq(jobs.id, jobId), and(eq(jobs.teenId, sql.placeholder('teenId')), eq(jobs.status, 'locked'))))
      .prepare('jobs_view_by_id_with_own_locks'),
    /** A job's recent lock events, on job_events_job_idx (job_id, created_at): see findLockEnd. */
    lockEvents: db
      .select({ transition: jobEvents.transition, actorId: jobEvents.actorId, createdAt: jobEvents.createdAt })
      .from(jobEvents)
      .where(and(eq(jobEvents.jobId, jobId), gt(jobEvents.createdAt, sql.placeholder('since')), inArray(jobEvents.transition, ['lock', 'release', 'expire'])))
      .orderBy(asc(jobEvents.createdAt))
      .prepare('job_events_recent_locks'),
  };
}

export function readsOn(db: Executor): ReturnType<typeof buildCommandReads> {
  let reads = commandReads.get(db);
  if (!reads) {
    reads = buildCommandReads(db);
    commandReads.set(db, reads);
  }
  return reads;
}

export async function findJobRow(db: Executor, id: string): Promise<JobView | null> {
  const [row] = await readsOn(db).byId.execute({ jobId: id });
  return row ?? null;
}

/** A job this request already found: jobs are never deleted, so it is still there. */
export async function getJobRow(db: Executor, id: string): Promise<JobView> {
  return firstRow(await readsOn(db).byId.execute({ jobId: id }), `job ${id}`);
}

/**
 * When `teenId`'s last lock on the job ended unaccepted, if that is recent enough to matter (the lock
 * cooldown): one indexed read. A lock that ran out ended LOCK_SECONDS after it was taken, so its lock
 * event is read too when the end falls inside the cooldown.
 */
export async function findLockEnd(db: Executor, jobId: string, teenId: string, now: Date): Promise<LockEnd | null> {
  const since = new Date(now.getTime() - (LOCK_SECONDS + LOCK_COOLDOWN_SECONDS) * 1000);
  return lockEndedBy(await readsOn(db).lockEvents.execute({ jobId, since: since.toISOString() }), teenId);
}
