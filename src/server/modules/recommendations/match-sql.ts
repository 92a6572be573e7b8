import { and, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { LockLimits } from '../../../domain/recommendations/lock-limits';
import { CAPABLE_OF, type FieldScore, type MatchPlan, type Term, type TermField } from '../../../domain/recommendations/plan';
import { JOB_CATEGORIES, PHYSICAL_DEMANDS } from '../../../contract/job-constants';
import type { UserPreferences } from '../../../contract/preferences';
import { WEIGHTS } from '../../../domain/recommendations/weights';
import { isOpen, jobs } from '../../db/schema';

/**
 * The domain's match plan written as SQL (decision 018): the same numbers, term by term and in the
 * same order of operations as score.ts, so the database orders the candidates exactly as the domain
 * scores them. The plan's numbers and lookup keys are written into the statement (finite numbers, known
 * categories and demands, five-digit ZIP codes); other values are parameters.
 */

function num(value: number): SQL {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return sql.raw(`(${String(value)})::float8`);
}

const textArray = (values: readonly string[]): SQL => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

function fieldSql(field: TermField): SQL {
  switch (field) {
    case 'payPerHour':
      // score.ts: (payCents * 60) / estimatedDuration / 100, in doubles.
      return sql`(${jobs.payCents}::float8 * 60 / ${jobs.estimatedDuration} / 100)`;
    case 'category':
      return sql`${jobs.category}`;
    case 'zipCode':
      return sql`${jobs.zipCode}`;
    case 'physicalDemands':
      return sql`${jobs.physicalDemands}`;
    case 'estimatedDuration':
      return sql`${jobs.estimatedDuration}`;
  }
}

const LOOKUP_KEYS: Record<TermField, (key: string) => boolean> = {
  category: (key) => (JOB_CATEGORIES as readonly string[]).includes(key),
  physicalDemands: (key) => (PHYSICAL_DEMANDS as readonly string[]).includes(key),
  zipCode: (key) => /^\d{5}$/.test(key),
  estimatedDuration: (key) => /^\d{1,4}$/.test(key),
  payPerHour: () => false,
};

/**
 * A lookup's key written into the statement: a constant of the column's own type (an enum compares by
 * its number, where a parameter compared as text would cast every row). Only a known category or
 * demand, five digits or a whole number of minutes is ever written.
 */
function keyLiteral(field: TermField, key: string): SQL {
  if (!LOOKUP_KEYS[field](key)) throw new Error(`not a ${field}: ${key}`);
  return sql.raw(field === 'estimatedDuration' ? key : `'${key}'`);
}

function termSql(term: Term): SQL {
  const field = fieldSql(term.field);
  switch (term.kind) {
    case 'lookup': {
      const entries = Object.entries(term.points);
      if (!entries.length) return num(term.otherwise);
      return sql`(case ${field} ${sql.join(
        entries.map(([key, points]) => sql`when ${keyLiteral(term.field, key)} then ${num(points)}`),
        sql` `,
      )} else ${num(term.otherwise)} end)`;
    }
    case 'linear':
      return sql`least(greatest(${num(term.base)} + ${num(term.slope)} * ${field}, 0), ${num(WEIGHTS[term.weight])})`;
    case 'atMost':
      return sql`(case when ${field} <= ${term.bound} then ${num(term.points)} else ${num(0)} end)`;
  }
}

/** score.ts's sumFor: the terms added in order (none: 0). */
function sumSql(terms: readonly Term[]): SQL {
  return terms.length ? sql`(${sql.join(terms.map(termSql), sql` + `)})` : num(0);
}

/** score.ts's fieldPoints: a known value's total, else its terms added up. */
function fieldScoreSql(score: FieldScore): SQL {
  const entries = Object.entries(score.points);
  if (!entries.length) return sumSql(score.rest);
  return sql`(case ${fieldSql(score.field)} ${sql.join(
    entries.map(([key, points]) => sql`when ${keyLiteral(score.field, key)} then ${num(points)}`),
    sql` `,
  )} else ${sumSql(score.rest)} end)`;
}

/** The match score, as score.ts's scoreJob works it out: the facts' points added in the plan's order, then floor(sum + 0.5). */
export function matchScoreSql(plan: MatchPlan): SQL {
  return sql`floor((${sql.join(plan.fields.map(fieldScoreSql), sql` + `)}) + 0.5)`;
}

/** Miles to each ZIP code within reach, for the order's tie-break; `zipCode` the column as the query names it. */
export function milesSql(milesByZip: ReadonlyMap<string, number>, zipCode: SQL = sql`${jobs.zipCode}`): SQL {
  const entries = [...milesByZip];
  if (!entries.length) return num(0);
  return sql`(case ${zipCode} ${sql.join(
    entries.map(([zip, miles]) => sql`when ${keyLiteral('zipCode', zip)} then ${num(miles)}`),
    sql` `,
  )} end)`;
}

/**
 * Open jobs the teen could lock now as far as the job decides it: posted, or locked with the lock run
 * out; in `zips`; and nothing the safety rules refuse them at the lock (lockLimitsOf). Spelt with
 * isOpen(status) so jobs_open_match_idx's predicate holds.
 */
export function lockableSql(lock: LockLimits, zips: readonly string[], now: Date): SQL[] {
  if (lock.none || !zips.length) return [sql`false`];
  const where: SQL[] = [
    isOpen(jobs.status),
    or(eq(jobs.status, 'posted'), lte(jobs.lockExpiresAt, now))!,
    inArray(jobs.zipCode, [...zips]),
    lte(jobs.estimatedDuration, lock.maxMinutes),
  ];
  if (lock.demands.length < 3) where.push(inArray(jobs.physicalDemands, [...lock.demands]));
  if (lock.categories.length < 7) where.push(inArray(jobs.category, [...lock.categories]));
  if (lock.refusedEquipment.length) where.push(sql`not (${jobs.equipment} && ${textArray(lock.refusedEquipment)})`);
  return where;
}

/** The plan's hard limits (hardLimitsOf), beyond the ZIP codes within reach. */
export function hardLimitsSql(plan: MatchPlan): SQL[] {
  const { limits } = plan;
  const where: SQL[] = [lte(jobs.estimatedDuration, limits.maxMinutes), inArray(jobs.physicalDemands, [...limits.demands])];
  if (limits.lackingTools.length) where.push(sql`not (${jobs.equipment} && ${textArray(limits.lackingTools)})`);
  return where;
}

/**
 * lockableSql and hardLimitsSql in one, each limit once: the shorter duration bound, the demands both
 * allow, one test of the equipment against everything refused or lacking. Every row of the candidate
 * scan pays for each test.
 */
export function candidateSql(lock: LockLimits, plan: MatchPlan, zips: readonly string[], now: Date): SQL[] {
  if (lock.none || !zips.length) return [sql`false`];
  const { limits } = plan;
  const demands = limits.demands.filter((d) => lock.demands.includes(d));
  const notWith = [...new Set([...lock.refusedEquipment, ...limits.lackingTools])];
  const where: SQL[] = [
    isOpen(jobs.status),
    or(eq(jobs.status, 'posted'), lte(jobs.lockExpiresAt, now))!,
    inArray(jobs.zipCode, [...zips]),
    lte(jobs.estimatedDuration, Math.min(lock.maxMinutes, limits.maxMinutes)),
  ];
  if (!demands.length) return [sql`false`];
  if (demands.length < PHYSICAL_DEMANDS.length) where.push(inArray(jobs.physicalDemands, demands));
  if (lock.categories.length < JOB_CATEGORIES.length) where.push(inArray(jobs.category, [...lock.categories]));
  if (notWith.length) where.push(sql`not (${jobs.equipment} && ${textArray(notWith)})`);
  return where;
}

/**
 * For the empty state: how many lockable jobs each preference keeps out on its own, as
 * hardExclusionsOf and exclusionCounts count them (minMatchScore: those passing every hard limit).
 */
export function exclusionCountsSql(plan: MatchPlan, preferences: UserPreferences, withinReach: readonly string[]): Record<string, SQL<number>> {
  const inReach = withinReach.length ? inArray(jobs.zipCode, [...withinReach]) : sql`false`;
  const tooLong = sql`${jobs.estimatedDuration} > ${plan.limits.maxMinutes}`;
  const tooHard = sql`not ${inArray(jobs.physicalDemands, [...CAPABLE_OF[preferences.physicalCapability]])}`;
  const heavy = preferences.avoidHeavyLifting ? sql`${jobs.physicalDemands} = 'hard'` : sql`false`;
  const lacksTool = plan.limits.lackingTools.length ? sql`${jobs.equipment} && ${textArray(plan.limits.lackingTools)}` : sql`false`;
  const passes = and(inReach, ...hardLimitsSql(plan))!;
  const count = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  return {
    maxDistance: count(sql`not (${inReach})`),
    maxJobDuration: count(tooLong),
    physicalCapability: count(tooHard),
    avoidHeavyLifting: count(heavy),
    toolAccess: count(lacksTool),
    minMatchScore: count(sql`${passes} and ${matchScoreSql(plan)} < ${plan.minScore}`),
  };
}
