import { and, desc, eq, gt, inArray, like, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Job, JobList, JobStatus, JobSummary } from '../../../contract/jobs';
import { HIGH_PAY_MIN_DOLLARS, HOMEOWNER_ACTIVE_STATUSES, NEARBY_MAX_MILES, QUICK_MAX_MINUTES, searchWords } from '../../../contract/jobs';
import { jobVisibilityAt, mayListJobs } from '../../../domain/access';
import { centsToMoney } from '../../../domain/format';
import { effectiveStatus, type MachineContext } from '../../../domain/job-machine';
import { ageOn } from '../../../domain/calendar';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { encodeCursor, olderThan } from '../../db/keyset-cursor';
import { containing } from '../../db/like-pattern';
import { isOpen, jobs } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { spentCents } from '../payments/wallet.service';
import { findJobRow, findLockEnd, getJobRow, JOB_VIEW } from './job-reads';
import { expireLock } from './job-transitions';
import { loadViewer, machineContext, needsTeenWork, withTeenWork, type JobViewer } from './job-viewer';
import { toJobDto, type JobRow, type JobView } from './jobs.mapper';
import { NEWEST_SAMPLED } from './newest-jobs-sample';
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

/** A search as the list runs it: its words, and whether they are looked for in the location too. */
interface Search {
  words: string[];
  searchesLocation: boolean;
}

function searchOf(viewer: JobViewer, text: string): Search {
  // Privacy (issue 20): teens see a location without its house number; a search with a digit in it
  // would tell them the number by what it finds, so theirs does not look in the location.
  return { words: searchWords(text), searchesLocation: viewer.role !== 'teen' || !/\d/.test(text) };
}

type SearchedColumns = { searchText: AnyColumn; searchLocation: AnyColumn };

/** The search in SQL: each of its words anywhere in the title, the description or the location, in any case. */
function searchCondition({ words, searchesLocation }: Search, columns: SearchedColumns = jobs): SQL {
  const inAJob = (word: string) => {
    // Lower-cased by the database, as the columns are, so both sides fold case alike.
    const pattern = sql`lower(${containing(word)})`;
    // Each LIKE on its own column: jobs_open_search_idx answers each with a bitmap scan, ORed.
    return or(like(columns.searchText, pattern), ...(searchesLocation ? [like(columns.searchLocation, pattern)] : []))!;
  };
  return and(...words.map(inAJob))!;
}

/**
 * How many matches a search reads through the trigram index before it calls its text common
 * (decision 015). Fewer: all of them are sorted and the page is exact. This many: the newest-first scan
 * finds a page in fewer rows (a match every 200 rows at most, at 100,000 open jobs) than sorting them.
 */
const SEARCH_INDEX_READ = 500;

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
 * by itself (an expired lock counts as posted). Infinity when no lock is live.
 */
async function nextLockExpiry(db: Executor, now: Date): Promise<number> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${jobs.lockExpiresAt})`.mapWith(jobs.lockExpiresAt) })
    .from(jobs)
    .where(and(eq(jobs.status, 'locked'), gt(jobs.lockExpiresAt, now)));
  return row?.at ? row.at.getTime() : Infinity;
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
  if (!input.search) return readNewestFirst(ctx.db, where, input.limit);
  const search = searchOf(viewer, input.search);
  // Each step of a search names the plan it means (decision 015): the planner prices a LIKE at a
  // small fraction of what it costs (a fraction of a microsecond a row), so on its guess of how common a text
  // is it would read rows until it found enough: every open job, for a text that is rare after all.
  // A first page that the newest jobs hold, as the process's sample of them says, is read among them
  // (a common word: a few hundred rows). Else the index: a text that matches little or nothing, which
  // anyone can send, costs one bitmap scan. Only a text the index finds 500 times reads newest first,
  // where such a text is found within a few hundred rows. Each step answers the whole page or passes.
  const amongNewest =
    firstPageOfOpenJobs(viewer, input, statuses) &&
    (await ctx.caches.newestJobs.holdsPage(ctx.db, now, { ...search, category: input.category, needed: input.limit + 1 }))
      ? await ctx.withPlan('newestFirst', (db) => readAmongNewest(db, where, search, input.limit))
      : null;
  return (
    amongNewest ??
    (await ctx.withPlan('throughIndex', (db) => readRareMatches(db, where, searchCondition(search), input.limit))) ??
    ctx.withPlan('newestFirst', (db) => readNewestFirst(db, [...where, searchCondition(search)], input.limit))
  );
}

/**
 * Whether a list is the first page of open jobs as the sample of the newest ones sees them: any open
 * job, in the category at most (a coordinator's area is most of the service). Lists of one person's
 * jobs are not: the sample cannot tell how many of theirs a text finds.
 */
function firstPageOfOpenJobs(viewer: JobViewer, input: ListJobsInput, statuses: JobStatus[] | undefined): boolean {
  const open = statuses !== undefined && statuses.every((status) => status === 'posted' || status === 'locked');
  return open && !input.cursor && !input.teenId && !input.homeownerId && viewer.role !== 'homeowner' && input.quick === 'all';
}

/** A page of the jobs `where` holds, newest first, read in that order from an index. */
async function readNewestFirst(db: Executor, where: SQL[], limit: number): Promise<OpenJobsPage> {
  const rows = await db
    .select(JOB_VIEW)
    .from(jobs)
    .where(and(...where))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit, views: new Map() };
}

/**
 * A search's first page among the NEWEST_SAMPLED newest jobs `where` holds, read newest first and
 * stopping at a page. Null when they hold less than a page: older jobs may hold the rest.
 */
async function readAmongNewest(db: Executor, where: SQL[], search: Search, limit: number): Promise<OpenJobsPage | null> {
  const newest = db
    .select({ id: jobs.id, createdAt: jobs.createdAt, searchText: jobs.searchText, searchLocation: jobs.searchLocation })
    .from(jobs)
    .where(and(...where))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(NEWEST_SAMPLED)
    .as('newest');
  const page = db
    .select({ id: newest.id, createdAt: newest.createdAt })
    .from(newest)
    .where(searchCondition(search, newest))
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(limit + 1)
    .as('page');
  // Ordered by the page's columns, which arrive in that order, so the joined rows are not sorted again.
  const rows = await db.select(JOB_VIEW).from(page).innerJoin(jobs, eq(jobs.id, page.id)).orderBy(desc(page.createdAt), desc(page.id));
  if (rows.length <= limit) return null;
  return { rows: rows.slice(0, limit), more: true, views: new Map() };
}

/**
 * A search's page read through the trigram index (decision 015): up to SEARCH_INDEX_READ matches in
 * no order, gathered by bitmap scans of the index, then the newest of them. Null when the text matched
 * that many: it is common, and a page of it is found sooner newest first (a match every few rows)
 * than by sorting every match.
 */
async function readRareMatches(db: Executor, where: SQL[], search: SQL, limit: number): Promise<OpenJobsPage | null> {
  // The bound is written into the statement: for a LIMIT parameter a prepared statement's generic
  // plan guesses a tenth of the rows, and at 10,000 open jobs chose reading the table to stop early.
  const matches = sql`select ${jobs.id}, ${jobs.createdAt} from ${jobs} where ${and(...where, search)} limit ${sql.raw(String(SEARCH_INDEX_READ))}`;
  const page = sql`(select id, count(*) over () as matched from (${matches}) matches order by created_at desc, id desc limit ${limit + 1}) page`;
  const rows = await db
    .select({ ...JOB_VIEW, matched: sql<number>`page.matched`.mapWith(Number) })
    .from(jobs)
    .innerJoin(page, sql`page.id = ${jobs.id}`)
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
  if ((rows[0]?.matched ?? 0) >= SEARCH_INDEX_READ) return null;
  const views: JobView[] = rows.map(({ matched: _, ...row }) => row);
  return { rows: views.slice(0, limit), more: views.length > limit, views: new Map() };
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
    const [value, validUntil] = await Promise.all([readJobsPage(ctx, viewer, input, scope, mctx.now), nextLockExpiry(ctx.db, mctx.now)]);
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
