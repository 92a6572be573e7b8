import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { JobCategory } from '../../../contract/job-constants';
import { EXCLUDING_PREFERENCES } from '../../../contract/preference-constants';
import type { JobRecommendations } from '../../../contract/preferences';
import { milesBetween } from '../../../domain/geo';
import { lockLimitsOf } from '../../../domain/recommendations/lock-limits';
import { matchPlanOf, type MatchInput } from '../../../domain/recommendations/plan';
import { excludedMostOf, recommend, type ExclusionCounts } from '../../../domain/recommendations/score';
import type { AppContext } from '../../context';
import { jobs, users } from '../../db/schema';
import { zipCentroid } from '../../geo/zip-centroids';
import type { SessionUser } from '../auth/sessions';
import { JOB_VIEW } from '../jobs/job-reads';
import { loadViewer, machineContext } from '../jobs/job-viewer';
import { toJobDto } from '../jobs/jobs.mapper';
import { exclusionCountsSql, hardLimitsSql, lockableSql, matchScoreSql, milesSql } from './match-sql';
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

/**
 * GET /api/teens/{id}/job-recommendations: the jobs the teen could lock now that pass their hard
 * limits and reach their minimum score, best first. SQL picks and orders them with jobs_open_match_idx
 * from the plan's numbers; the domain scores the rows read again (reasons, and the exact order), and
 * the job machine decides each lock as the explorer shows it. Each job is shaped as GET /api/jobs/{id}
 * shapes it for the teen.
 */
export async function recommendJobs(ctx: AppContext, caller: SessionUser, teenId: string, limit: number): Promise<JobRecommendations> {
  const teen = await reachableTeen(ctx.db, caller, teenId, false);
  const facts = await readTeenFacts(ctx, teen.id);
  const preferences = storedPreferences(facts.preferences);
  if (!preferences.aiMatchingEnabled) return { recommendations: [], matchingEnabled: false, excludedMost: null };

  const completedByCategory: MatchInput['history']['completedByCategory'] = {};
  for (const { category, done } of facts.history ?? []) completedByCategory[category] = (completedByCategory[category] ?? 0) + done;
  const milesByZip = milesByZipFrom(ctx, teen);
  const input: MatchInput = {
    preferences,
    milesByZip,
    history: { completedByCategory, workedZips: [...new Set((facts.history ?? []).map((h) => h.zipCode))] },
    supervisedZips: facts.supervisedZips ?? [],
  };
  const plan = matchPlanOf(input);
  const viewer = await loadViewer(ctx.db, teen);
  const mctx = machineContext(ctx);
  if (viewer.actor.role !== 'teen') throw new Error('a teen expected');
  const lock = lockLimitsOf(viewer.actor.safety, mctx.ruleBook, { day: mctx.localDate, minutes: mctx.localMinutes });
  const withinReach = [...milesByZip].filter(([, miles]) => miles <= preferences.maxDistance).map(([zip]) => zip);

  const score = matchScoreSql(plan);
  const miles = milesSql(milesByZip);
  const page = ctx.db
    .select({ id: jobs.id, score: sql<number>`${score}`.as('score'), miles: sql<number>`${miles}`.as('miles') })
    .from(jobs)
    .where(and(...lockableSql(lock, withinReach, mctx.now), ...hardLimitsSql(plan), sql`${score} >= ${plan.minScore}`))
    .orderBy(desc(score), asc(miles), asc(jobs.id))
    .limit(limit + SPARE_ROWS)
    .as('page');
  const rows = await ctx.db.select(JOB_VIEW).from(jobs).innerJoin(page, eq(page.id, jobs.id)).orderBy(desc(page.score), asc(page.miles), asc(jobs.id));

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
