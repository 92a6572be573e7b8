import { and, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Job, JobList, JobStatus, JobSummary } from '../../../contract/jobs';
import { HIGH_PAY_MIN_DOLLARS, HOMEOWNER_ACTIVE_STATUSES, NEARBY_MAX_MILES, QUICK_MAX_MINUTES } from '../../../contract/jobs';
import { jobVisibilityAt, mayListJobs } from '../../../domain/access';
import { centsToMoney } from '../../../domain/format';
import { effectiveStatus, type MachineContext } from '../../../domain/job-machine';
import { ageOn } from '../../../domain/calendar';
import type { AppContext } from '../../context';
import { encodeCursor, olderThan } from '../../db/keyset-cursor';
import { isOpen, jobs } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { spentCents } from '../payments/wallet.service';
import { findJobRow, findLockEnd, getJobRow, readNewestFirst } from './job-reads';
import { readSearchPage } from './job-search';
import { expireLock } from './job-transitions';
import { loadViewer, machineContext, needsTeenWork, withTeenWork, type JobViewer } from './job-viewer';
import { toJobDto, type JobRow } from './jobs.mapper';
import type { OpenJobsPage } from './open-jobs-page';

export interface ListJobsInput {
  status?: JobStatus[];
  teenId?: string;
  homeownerId?: string;
  coordinatorId?: string;
  category?: JobRow['category'];
  quick: 'all' | 'high_pay' | 'quick' | 'nearby';
  search?: string;
  limit: number;
  cursor?: string;
}

/**
 * SQL for "the job's effective status is one of these": an expired lock counts as posted. Open jobs
 * are spelled `isOpen(status) and ...` so the planner can use jobs_open_created_idx and, for a search,
 * jobs_open_search_idx.
 */
function effectiveStatusIn(statuses: JobStatus[], now: Date): SQL {
  const parts: SQL[] = [];
  const plain = statuses.filter((s) => s !== 'posted' && s !== 'locked');
  if (plain.length) parts.push(inArray(jobs.status, plain));
  const posted = statuses.includes('posted');
  const locked = statuses.includes('locked');
  if (posted || locked) {
    const open = isOpen(jobs.status);
    if (posted && locked) parts.push(open);
    else if (posted) parts.push(and(open, or(eq(jobs.status, 'posted'), lte(jobs.lockExpiresAt, now)))!);
    else parts.push(and(open, eq(jobs.status, 'locked'), gt(jobs.lockExpiresAt, now))!);
  }
  return parts.length === 1 ? parts[0]! : or(...parts)!;
}

/** Great-circle miles from a point to the job's centroid, in SQL (for the 'nearby' filter). */
function milesFrom(origin: { latitude: number; longitude: number }): SQL<number> {
  return sql<number>`(3958.8 * 2 * asin(least(1, sqrt(
    power(sin(radians(${jobs.latitude} - ${origin.latitude}) / 2), 2) +
    cos(radians(${origin.latitude})) * cos(radians(${jobs.latitude})) * power(sin(radians(${jobs.longitude} - ${origin.longitude}) / 2), 2)))))`;
}

/** The list's conditions: who may list what is the access rules' answer (mayListJobs); here it becomes SQL. */
function scopeFor(viewer: JobViewer, input: ListJobsInput): { where: SQL[]; statuses: JobStatus[] | undefined } {
  const allowed = mayListJobs(viewer, input);
  if (!allowed.ok) throw forbidden(allowed.message);
  const where: SQL[] = [];
  let statuses = input.status;
  const isAdmin = viewer.role === 'admin';
  if (input.teenId) where.push(eq(jobs.teenId, input.teenId));
  if (input.homeownerId) where.push(eq(jobs.homeownerId, input.homeownerId));
  if (input.coordinatorId) {
    const zips = isAdmin && input.coordinatorId !== viewer.id ? null : viewer.coordinatorZips;
    where.push(zips ? (zips.length ? inArray(jobs.zipCode, zips) : sql`false`) : sql`${jobs.zipCode} in (select zip_code from coordinator_zip_codes where coordinator_id = ${input.coordinatorId})`);
  }
  // Without an id, each role's list is what it may see: a teen's the open jobs, a homeowner's their
  // own, a coordinator's their area (a coordinator naming a teen or homeowner stays inside it too).
  if (viewer.role === 'teen' && !input.teenId) statuses ??= ['posted'];
  if (viewer.role === 'homeowner' && !input.homeownerId) where.push(eq(jobs.homeownerId, viewer.id));
  if (viewer.role === 'coordinator' && !input.coordinatorId) {
    where.push(viewer.coordinatorZips.length ? inArray(jobs.zipCode, viewer.coordinatorZips) : sql`false`);
  }
  return { where, statuses };
}

const MAX_VIEWS_PER_PAGE = 64;

/**
 * What a teen's view of open jobs depends on besides the rows and the clock: consent (the lock
 * button), home ZIP code (distances) and the service's local minute (work hours). The teen's id
 * matters only on a job they hold a lock on, so a page with one is shaped for them alone. The rows'
 * effective status cannot change while the page is kept: it is kept only until the next lock runs out.
 */
function viewClass(viewer: JobViewer, page: OpenJobsPage, mctx: MachineContext): string | null {
  const { user } = viewer;
  if (user.role !== 'teen' || page.rows.some((row) => row.teenId === user.id)) return null;
  // The safety rules a lock asks (issue 21) read the teen's age today and their parent's limits.
  const age = user.dateOfBirth === null ? null : ageOn(user.dateOfBirth, mctx.localDate);
  return `${user.parentalConsentStatus === 'approved'}|${user.zipCode}|${mctx.localMinutes}|${age}|${JSON.stringify(user.parentLimits)}`;
}

/**
 * The first live lock to run out after `now`, in ms: until then no job moves in or out of "open"
 * by itself (an expired lock counts as posted). Infinity when no lock is live. Kept until a job
 * changes or that lock runs out, so each new page of the teens' cache costs one statement, not two.
 */
function nextLockExpiry(ctx: AppContext, now: Date): Promise<number> {
  return ctx.caches.nextLockExpiry.read('next', now, async () => {
    const [row] = await ctx.db
      .select({ at: sql<Date | null>`min(${jobs.lockExpiresAt})`.mapWith(jobs.lockExpiresAt) })
      .from(jobs)
      .where(and(eq(jobs.status, 'locked'), gt(jobs.lockExpiresAt, now)));
    const at = row?.at ? row.at.getTime() : Infinity;
    return { value: at, validUntil: at };
  });
}

/** The jobs one list call asks for, read from the database. */
async function readJobsPage(ctx: AppContext, viewer: JobViewer, input: ListJobsInput, scope: ReturnType<typeof scopeFor>, now: Date): Promise<OpenJobsPage> {
  const { where, statuses } = scope;
  if (statuses) where.push(effectiveStatusIn(statuses, now));
  if (input.category) where.push(eq(jobs.category, input.category));
  if (input.quick === 'high_pay') where.push(sql`${jobs.payCents} >= ${HIGH_PAY_MIN_DOLLARS * 100}`);
  if (input.quick === 'quick') where.push(lte(jobs.estimatedDuration, QUICK_MAX_MINUTES));
  if (input.quick === 'nearby') where.push(viewer.origin ? sql`${milesFrom(viewer.origin)} <= ${NEARBY_MAX_MILES}` : sql`false`);
  if (input.cursor) where.push(olderThan(input.cursor, jobs));
  return input.search ? readSearchPage(ctx, viewer, input.search, where, { statuses, cursor: input.cursor, limit: input.limit }) : readNewestFirst(ctx.db, where, input.limit);
}

/** The page as the viewer sees it; a teen's own lock or accepted job on it is decided with their booked hours. */
async function shapeJobs(ctx: AppContext, page: OpenJobsPage, viewer: JobViewer, mctx: MachineContext): Promise<JobList> {
  if (needsTeenWork(viewer, page.rows, mctx.now)) viewer = await withTeenWork(ctx, ctx.db, viewer, mctx.now);
  const last = page.rows.at(-1);
  return {
    jobs: page.rows.map((row) => toJobDto(row, viewer, mctx)),
    nextCursor: page.more && last ? encodeCursor(last) : null,
  };
}

export async function listJobs(ctx: AppContext, user: SessionUser, input: ListJobsInput): Promise<JobList> {
  const viewer = await loadViewer(ctx.db, user);
  const mctx = machineContext(ctx);
  const scope = scopeFor(viewer, input);
  // A teen's explorer page is the same for every teen (the filter adds nothing about the viewer), so
  // it comes from the process's cache (decision 009); the viewer's fields are computed below.
  const shared = user.role === 'teen' && !input.teenId && !input.homeownerId && !input.coordinatorId && input.quick !== 'nearby';
  if (!shared) return shapeJobs(ctx, await readJobsPage(ctx, viewer, input, scope, mctx.now), viewer, mctx);
  const pageKey = JSON.stringify([scope.statuses, input.category, input.quick, input.search, input.limit, input.cursor]);
  const page = await ctx.caches.openJobs.read(pageKey, mctx.now, async () => {
    const [value, validUntil] = await Promise.all([readJobsPage(ctx, viewer, input, scope, mctx.now), nextLockExpiry(ctx, mctx.now)]);
    return { value, validUntil };
  });
  const key = viewClass(viewer, page, mctx);
  if (key === null) return shapeJobs(ctx, page, viewer, mctx);
  // The same object for every teen of the class, so its JSON is written once too (fast-serializer.ts).
  let list = page.views.get(key);
  if (!list) {
    if (page.views.size >= MAX_VIEWS_PER_PAGE) page.views.clear();
    list = await shapeJobs(ctx, page, viewer, mctx);
    page.views.set(key, list);
  }
  return list;
}

export async function getJob(ctx: AppContext, user: SessionUser, id: string): Promise<Job> {
  let viewer = await loadViewer(ctx.db, user);
  let row = await findJobRow(ctx.db, id);
  const mctx = machineContext(ctx);
  if (!row || jobVisibilityAt(viewer, row, mctx.now) === 'none') throw notFound('Job not found');
  // Lazy expiry (design 5): a read that finds a run-out lock writes the release.
  if (effectiveStatus(row, mctx.now) !== row.status) row = (await expireLock(ctx, row)) ?? (await getJobRow(ctx.db, id));
  // A teen who let this open job go is shown its lock disabled, with when it opens to them again.
  const lockEnded = user.role === 'teen' && row.status === 'posted' ? await findLockEnd(ctx.db, id, user.id, mctx.now) : undefined;
  if (needsTeenWork(viewer, [row], mctx.now)) viewer = await withTeenWork(ctx, ctx.db, viewer, mctx.now);
  return toJobDto(row, viewer, { ...mctx, lockEnded });
}

export async function summarizeHomeownerJobs(ctx: AppContext, homeownerId: string): Promise<JobSummary> {
  const [row] = await ctx.db
    .select({
      jobsPosted: sql<number>`count(*)::int`,
      activeJobs: sql<number>`(count(*) filter (where ${inArray(jobs.status, [...HOMEOWNER_ACTIVE_STATUSES])}))::int`,
      inProgress: sql<number>`(count(*) filter (where ${jobs.status} = 'in_progress'))::int`,
    })
    .from(jobs)
    .where(eq(jobs.homeownerId, homeownerId));
  return {
    jobsPosted: row?.jobsPosted ?? 0,
    totalSpent: centsToMoney(await spentCents(ctx.db, homeownerId)),
    activeJobs: row?.activeJobs ?? 0,
    inProgress: row?.inProgress ?? 0,
  };
}
