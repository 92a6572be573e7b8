import { eq, sql, type SQL } from 'drizzle-orm';
import type { JobCategory } from '../../../contract/job-constants';
import type { JobRecommendations } from '../../../contract/preferences';
import { milesBetween } from '../../../domain/geo';
import { jobGroupsOf, minPayCents } from '../../../domain/recommendations/groups';
import { lockLimitsOf, type LockLimits } from '../../../domain/recommendations/lock-limits';
import { matchPlanOf, type MatchInput, type MatchPlan } from '../../../domain/recommendations/plan';
import { emptyListExclusions, excludedMostOf, recommend } from '../../../domain/recommendations/score';
import { legalHoursOn } from '../../../domain/safety-rules/engine';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { jobs, users } from '../../db/schema';
import { zipCentroid } from '../../geo/zip-centroids';
import type { SessionUser } from '../auth/sessions';
import { JOB_VIEW } from '../jobs/job-reads';
import type { MachineContext } from '../../../domain/job-machine';
import { loadViewer, machineContext, type JobViewer } from '../jobs/job-viewer';
import { toJobDto, type JobView } from '../jobs/jobs.mapper';
import { cachedServedZips } from '../areas/served-zips-cache';
import { groupsParams, groupsSql, paramsOf, type GroupRead, type GroupsParams } from './match-sql';
import { openJobTallies } from './open-job-tallies';
import { reachableTeen, storedPreferences } from './preferences.service';

/**
 * Rows read beyond the limit: the machine's own lock decision runs on each row read, and a row it
 * refuses (which lockLimitsOf should already have kept out) must not shorten the list.
 */
const SPARE_ROWS = 5;

interface TeenFacts {
  preferences: unknown;
  history: { category: JobCategory; zipCode: string; done: number }[] | null;
  supervisedZips: string[] | null;
}

/**
 * The teen's saved preferences, completed jobs by category and ZIP code, and which of the service
 * area's ZIP codes a coordinator serves: one round trip, of one text for every teen.
 */
async function readTeenFacts(ctx: AppContext, teenId: string, serviceZips: readonly string[]): Promise<TeenFacts> {
  const [row] = await statementsOn(ctx.db).teenFacts.execute({ teenId, serviceZips });
  return row ?? { preferences: null, history: null, supervisedZips: null };
}

/**
 * The two statements of every request, built by drizzle once per executor and prepared: building them
 * per request (the candidates' read alone has some forty parameters) was a tenth of the route's CPU.
 */
const statements = new WeakMap<Executor, ReturnType<typeof buildStatements>>();

function buildStatements(db: Executor) {
  const page = sql`(${groupsSql((name) => sql`${sql.placeholder(name)}`)}) page`;
  return {
    teenFacts: db
      .select({
        preferences: sql<unknown>`(select p.preferences from user_preferences p where p.user_id = ${users.id})`,
        history: sql<TeenFacts['history']>`(select json_agg(json_build_object('category', h.category, 'zipCode', h.zip_code, 'done', h.done)) from (
          select j.category, j.zip_code, count(*)::int as done from jobs j
          where j.teen_id = ${users.id} and j.status in ('completed', 'verified', 'paid')
          group by j.category, j.zip_code
        ) h)`,
        supervisedZips: sql<string[] | null>`(select array_agg(distinct c.zip_code) from coordinator_zip_codes c where c.zip_code = any(${sql.placeholder('serviceZips')}::text[]))`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('teenId')))
      .prepare('recommendations_teen_facts'),
    candidates: db
      .select({ ...JOB_VIEW, score: sql<number>`page.score`.mapWith(Number), miles: sql<number>`page.miles`.mapWith(Number) })
      .from(jobs)
      .innerJoin(page, sql`page.id = ${jobs.id}`)
      .orderBy(sql`page.score desc, page.miles, page.id`)
      .prepare('recommendations_candidates'),
  };
}

function statementsOn(db: Executor): ReturnType<typeof buildStatements> {
  let built = statements.get(db);
  if (!built) {
    built = buildStatements(db);
    statements.set(db, built);
  }
  return built;
}

/** Miles from the teen's home ZIP code to each ZIP code of the service area with a known centroid. */
function milesByZipFrom(teen: SessionUser, serviceZips: readonly string[]): Map<string, number> {
  const origin = zipCentroid(teen.zipCode);
  const miles = new Map<string, number>();
  if (!origin) return miles;
  for (const zip of serviceZips) {
    const centroid = zipCentroid(zip);
    if (centroid) miles.set(zip, milesBetween(origin, centroid));
  }
  return miles;
}

/** Everything a teen's match needs, gathered once per request. */
export interface MatchSetup {
  input: MatchInput;
  plan: MatchPlan;
  lock: LockLimits;
  /** The active service areas' ZIP codes (a paused area's jobs are not recommended). */
  serviceZips: readonly string[];
  /** ZIP codes of the service area within the teen's distance limit. */
  withinReach: string[];
  viewer: JobViewer;
  mctx: MachineContext;
}

export async function prepareMatch(ctx: AppContext, teen: SessionUser): Promise<MatchSetup> {
  const serviceZips = await cachedServedZips(ctx);
  const facts = await readTeenFacts(ctx, teen.id, serviceZips);
  const preferences = storedPreferences(facts.preferences);
  const completedByCategory: MatchInput['history']['completedByCategory'] = {};
  for (const { category, done } of facts.history ?? []) completedByCategory[category] = (completedByCategory[category] ?? 0) + done;
  const milesByZip = milesByZipFrom(teen, serviceZips);
  const viewer = await loadViewer(ctx.db, teen);
  const mctx = machineContext(ctx);
  if (viewer.actor.role !== 'teen') throw new Error(`${teen.id} is not a teen`);
  const input: MatchInput = {
    preferences,
    milesByZip,
    history: { completedByCategory, workedZips: [...new Set((facts.history ?? []).map((h) => h.zipCode))] },
    supervisedZips: facts.supervisedZips ?? [],
    legalHours: legalHoursOn(viewer.actor.safety, mctx.ruleBook, mctx.localDate),
  };
  return {
    input,
    plan: matchPlanOf(input),
    lock: lockLimitsOf(viewer.actor.safety, mctx.ruleBook, { day: mctx.localDate, minutes: mctx.localMinutes }),
    serviceZips,
    withinReach: [...milesByZip].filter(([, miles]) => miles <= preferences.maxDistance).map(([zip]) => zip),
    viewer,
    mctx,
  };
}

/** The groups read first: about a page of jobs' worth of the best groups, before a bound is known. */
const FIRST_GROUPS = 48;
/** How far the bound drops when a read finds fewer than a page: a few steps reach any minimum score. */
const BOUND_STEP = 10;

/** A candidate with its job columns, its score and its distance, as one batch read it. */
type Found = JobView & { score: number; miles: number };

/**
 * The best `rows` candidates with their job columns, in the list's order (decision 018). Groups of
 * alike jobs are listed best first; a read takes a bound, every group whose best score reaches it,
 * and in each the jobs from the pay the bound needs, through jobs_open_match_idx. The first bound is
 * the best score of the FIRST_GROUPS-th group: with a page of jobs at or above it, no job left unread
 * (all score below it) can be in the page, so one read answers. Otherwise the bound drops by
 * BOUND_STEP, down to the minimum score, and the groups are read again. Each statement scores the rows
 * it reads with the plan (match-sql.ts) and reads the job columns of its best `rows` only.
 */
export async function readCandidates(ctx: AppContext, setup: MatchSetup, rows: number): Promise<JobView[]> {
  const { plan, lock, withinReach } = setup;
  const groups = jobGroupsOf(plan, lock, withinReach, plan.minScore);
  if (!groups.length) return [];
  let bound = Math.max(plan.minScore, groups[Math.min(groups.length, FIRST_GROUPS) - 1]!.best);
  for (;;) {
    const batch: Batch = groups.flatMap((group) => {
      const minPay = minPayCents(group, plan, bound);
      return minPay === null ? [] : [{ group, minPay, miles: setup.input.milesByZip.get(group.zipCode) ?? 0 }];
    });
    const found = await readGroups(ctx, setup, batch, bound, rows);
    // The rows keep their score and miles: no reader of a JobView copies its fields wholesale.
    if (found.length >= rows || bound <= plan.minScore) return found;
    bound = Math.max(plan.minScore, bound - BOUND_STEP);
  }
}

type Batch = GroupRead[];

function batchParams(setup: MatchSetup, batch: Batch, bound: number, rows: number): GroupsParams {
  const { plan, lock, mctx } = setup;
  const notWith = [...new Set([...lock.refusedEquipment, ...plan.limits.lackingTools])];
  return groupsParams(batch, plan, lock, notWith, mctx.now, bound, rows);
}

function readGroups(ctx: AppContext, setup: MatchSetup, batch: Batch, bound: number, rows: number): Promise<Found[]> {
  return statementsOn(ctx.db).candidates.execute(batchParams(setup, batch, bound, rows));
}

/** The first read's statement for `setup` (the benchmark reads its plan). */
export function firstBatchSql(setup: MatchSetup, rows: number): SQL {
  const groups = jobGroupsOf(setup.plan, setup.lock, setup.withinReach, setup.plan.minScore);
  const bound = Math.max(setup.plan.minScore, groups[Math.min(groups.length, FIRST_GROUPS) - 1]?.best ?? 0);
  const batch = groups.flatMap((group) => {
    const minPay = minPayCents(group, setup.plan, bound);
    return minPay === null ? [] : [{ group, minPay, miles: setup.input.milesByZip.get(group.zipCode) ?? 0 }];
  });
  return groupsSql(paramsOf(batchParams(setup, batch, bound, rows)));
}

/**
 * GET /api/teens/{id}/job-recommendations: the jobs the teen could lock now that pass their hard
 * limits and reach their minimum score, best first. SQL picks and orders them with jobs_open_match_idx
 * from the plan's numbers; the domain scores the rows read again (reasons, and the exact order), and
 * the job machine decides each lock as the explorer shows it. Each job is shaped as GET /api/jobs/{id}
 * shapes it for the teen.
 */
export async function recommendJobs(ctx: AppContext, caller: SessionUser, teenId: string, limit: number): Promise<JobRecommendations> {
  const teen = await reachableTeen(ctx.db, caller, teenId, false);
  const setup = await prepareMatch(ctx, teen);
  const { input, plan, lock, viewer, mctx } = setup;
  const { preferences } = input;
  if (!preferences.aiMatchingEnabled) return { recommendations: [], matchingEnabled: false, excludedMost: null };

  const rows = await readCandidates(ctx, setup, limit + SPARE_ROWS);
  // Each row as the teen sees it, once: its actions say whether the machine lets them lock it now.
  const shaped = new Map(rows.map((row) => [row.id, toJobDto(row, viewer, mctx)]));
  const lockable = rows.filter((row) => shaped.get(row.id)!.actions.includes('lock'));
  const chosen = recommend(lockable, input, limit, plan);
  if (chosen.length) {
    return {
      // The shaped jobs are this request's own: each takes its score and reasons rather than being copied.
      recommendations: chosen.map(({ job, matchScore, reasons }) => Object.assign(shaped.get(job.id)!, { matchScore, reasons })),
      matchingEnabled: true,
      excludedMost: null,
    };
  }
  // The machine refused every row read (consent withdrawn, say): no preference is to blame.
  if (rows.length) return { recommendations: [], matchingEnabled: true, excludedMost: null };
  // Nothing: which preference keeps out the most of the jobs the teen could lock in the service area.
  if (lock.none) return { recommendations: [], matchingEnabled: true, excludedMost: null };
  const exclusions = emptyListExclusions(await openJobTallies(ctx, mctx.now), input, lock, setup.serviceZips);
  return { recommendations: [], matchingEnabled: true, excludedMost: excludedMostOf(exclusions, preferences) };
}
