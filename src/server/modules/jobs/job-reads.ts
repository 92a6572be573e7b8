import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jobs } from '../../db/schema';
import { firstRow } from '../../errors';
import type { JobView } from './jobs.mapper';

/**
 * A job's columns, whether any coordinator serves its ZIP code and its teen's full name, read in the
 * same statement (a list costs no query per job). The mapper decides who may read the name.
 */
export const JOB_VIEW = {
  ...getTableColumns(jobs),
  // Spelled out: drizzle writes a column of a one-table query bare ("zip_code"), which inside these
  // subqueries would name the subquery's own column.
  coordinatorSupervised: sql<boolean>`exists (select 1 from coordinator_zip_codes c where c.zip_code = "jobs"."zip_code")`,
  teenFullName: sql<string | null>`(select u.full_name from users u where u.id = "jobs"."teen_id")`,
};

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
