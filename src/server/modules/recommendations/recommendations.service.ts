import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { JobCategory } from '../../../contract/job-constants';
import { EXCLUDING_PREFERENCES } from '../../../contract/preference-constants';
import type { JobRecommendations } from '../../../contract/preferences';
import { milesBetween } from '../../../domain/geo';
import { lockLimitsOf, type LockLimits } from '../../../domain/recommendations/lock-limits';
import { matchPlanOf, type MatchInput, type MatchPlan } from '../../../domain/recommendations/plan';
import { excludedMostOf, recommend, type ExclusionCounts } from '../../../domain/recommendations/score';
import type { AppContext } from '../../context';
import { jobs, users } from '../../db/schema';
import { zipCentroid } from '../../geo/zip-centroids';
import type { SessionUser } from '../auth/sessions';
import { JOB_VIEW } from '../jobs/job-reads';
import type { MachineContext } from '../../../domain/job-machine';
import { loadViewer, machineContext, type JobViewer } from '../jobs/job-viewer';
import { toJobDto } from '../jobs/jobs.mapper';
import { candidateSql, exclusionCountsSql, lockableSql, matchScoreSql, milesSql } from './match-sql';
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

/** The teen's saved preferences, completed jobs by category and ZIP code, and the supervised ZIP codes of the area: one round trip. */
async function readTeenFacts(ctx: AppContext, teenId: string): Promise<TeenFacts> {
  const serviceZips = sql.join(
    ctx.config.serviceZips.map((zip) => sql`${zip}`),
    sql`, `,
  );
  const [row] = await ctx.db
    .select({
      preferences: sql<unknown>`(select p.preferences from user_preferences p where p.user_id = ${users.id})`,
      history: sql<TeenFacts['history']>`(select json_agg(json_build_object('category', h.category, 'zipCode', h.zip_code, 'done', h.done)) from (
        select j.category, j.zip_code, count(*)::int as done from jobs j
        where j.teen_id = ${users.id} and j.status in ('completed', 'verified', 'paid')
        group by j.category, j.zip_code
      ) h)`,
      supervisedZips: sql<string[] | null>`(select array_agg(distinct c.zip_code) from coordinator_zip_codes c where c.zip_code in (${serviceZips}))`,
    })
    .from(users)
    .where(eq(users.id, teenId));
  return row ?? { preferences: null, history: null, supervisedZips: null };
}

/** Miles from the teen's home ZIP code to each ZIP code of the service area with a known centroid. */
function milesByZipFrom(ctx: AppContext, teen: SessionUser): Map<string, number> {
  const origin = zipCentroid(teen.zipCode);
  const miles = new Map<string, number>();
  if (!origin) return miles;
  for (const zip of ctx.config.serviceZips) {
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
  /** ZIP codes of the service area within the teen's distance limit. */
  withinReach: string[];
  viewer: JobViewer;
  mctx: MachineContext;
}

export async function prepareMatch(ctx: AppContext, teen: SessionUser): Promise<MatchSetup> {
  const facts = await readTeenFacts(ctx, teen.id);
  const preferences = storedPreferences(facts.preferences);
  const completedByCategory: MatchInput['history']['completedByCategory'] = {};
  for (const { category, done } of facts.history ?? []) completedByCategory[category] = (completedByCategory[category] ?? 0) + done;
  const milesByZip = milesByZipFrom(ctx, teen);
  const input: MatchInput = {
    preferences,
    milesByZip,
    history: { completedByCategory, workedZips: [...new Set((facts.history ?? []).map((h) => h.zipCode))] },
    supervisedZips: facts.supervisedZips ?? [],
  };
  const viewer = await loadViewer(ctx.db, teen);
  const mctx = machineContext(ctx);
  if (viewer.actor.role !== 'teen') throw new Error(`${teen.id} is not a teen`);
  return {
    input,
    plan: matchPlanOf(input),
    lock: lockLimitsOf(viewer.actor.safety, mctx.ruleBook, { day: mctx.localDate, minutes: mctx.localMinutes }),
    withinReach: [...milesByZip].filter(([, miles]) => miles <= preferences.maxDistance).map(([zip]) => zip),
    viewer,
    mctx,
  };
}

/**
 * The best `rows` candidates with their job columns, in the list's order: picked, scored and ordered
 * in SQL from jobs_open_match_idx, the job columns read for those rows only.
 */
export function candidatesQuery(ctx: AppContext, setup: MatchSetup, rows: number) {
  const { plan, lock, withinReach, input, mctx } = setup;
  // The score is worked out once per row (OFFSET 0 keeps the planner from folding the subquery into
  // the outer one and writing it out again for the filter and the order), then filtered and ordered.
  const scored = ctx.db
    .select({ id: jobs.id, zipCode: jobs.zipCode, score: sql<number>`${matchScoreSql(plan)}`.as('score') })
    .from(jobs)
    .where(and(...candidateSql(lock, plan, withinReach, mctx.now)))
    .offset(0)
    .as('scored');
  // Miles only for the rows that reach the minimum score: the order's tie-break.
  const miles = sql<number>`${milesSql(input.milesByZip, sql`${scored.zipCode}`)}`;
  const page = ctx.db
    .select({ id: scored.id, score: scored.score, miles: miles.as('miles') })
    .from(scored)
    .where(gte(scored.score, plan.minScore))
    .orderBy(desc(scored.score), asc(miles), asc(scored.id))
    .limit(rows)
    .as('page');
  return ctx.db.select(JOB_VIEW).from(jobs).innerJoin(page, eq(page.id, jobs.id)).orderBy(desc(page.score), asc(page.miles), asc(jobs.id));
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
  const { input, plan, lock, viewer, mctx, withinReach } = setup;
  const { preferences } = input;
  if (!preferences.aiMatchingEnabled) return { recommendations: [], matchingEnabled: false, excludedMost: null };

  const rows = await candidatesQuery(ctx, setup, limit + SPARE_ROWS);
  const lockable = rows.filter((row) => toJobDto(row, viewer, mctx).actions.includes('lock'));
  const chosen = recommend(lockable, input, limit, plan);
  if (chosen.length) {
    return {
      recommendations: chosen.map(({ job, matchScore, reasons }) => ({ ...toJobDto(job, viewer, mctx), matchScore, reasons })),
      matchingEnabled: true,
      excludedMost: null,
    };
  }
  // Nothing: which preference keeps out the most of the jobs the teen could lock in the service area.
  const [counts] = await ctx.db
    .select(exclusionCountsSql(plan, preferences, withinReach))
    .from(jobs)
    .where(and(...lockableSql(lock, ctx.config.serviceZips, mctx.now)));
  const exclusions = Object.fromEntries(EXCLUDING_PREFERENCES.map((p) => [p, Number(counts?.[p] ?? 0)])) as ExclusionCounts;
  return { recommendations: [], matchingEnabled: true, excludedMost: excludedMostOf(exclusions, preferences) };
}
