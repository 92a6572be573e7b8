import { sql, type SQL } from 'drizzle-orm';
import type { JobGroup } from '../../../domain/recommendations/groups';
import type { LockLimits } from '../../../domain/recommendations/lock-limits';
import { type MatchPlan, type Term, type TermField } from '../../../domain/recommendations/plan';
import { WEIGHTS } from '../../../domain/recommendations/weights';
import { jobs } from '../../db/schema';

/**
 * The domain's match plan as SQL (decision 018), with the same numbers, term by term and in the same
 * order of operations as score.ts, so the database scores exactly as the domain does. Every value is
 * a parameter and the statements' text never changes: the connection prepares each once (db/client.ts
 * names statements by their text, up to a cap shared by the whole server) and reuses its plan.
 */

/** One parameter, an array included (drizzle spreads a bare array into a list). */
const p = (value: unknown): SQL => sql`${sql.param(value)}`;

/** The SQL type of each lookup's keys. */
const KEY_TYPES: Record<'category' | 'zipCode' | 'physicalDemands', SQL> = {
  category: sql.raw('job_category[]'),
  zipCode: sql.raw('text[]'),
  physicalDemands: sql.raw('physical_demand[]'),
};

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

/** pointsFor's linear term: base + slope * field, kept between 0 and the weight. */
function linearSql(base: SQL, slope: SQL, weight: SQL, field: SQL): SQL {
  return sql`least(greatest(${base}::float8 + ${slope}::float8 * ${field}, 0), ${weight}::float8)`;
}

function termSql(term: Term): SQL {
  const field = fieldSql(term.field);
  switch (term.kind) {
    case 'lookup': {
      const entries = Object.entries(term.points);
      return sql`coalesce((${p(entries.map(([, points]) => points))}::float8[])[array_position(${p(entries.map(([key]) => key))}::${KEY_TYPES[term.field]}, ${field})], ${p(term.otherwise)}::float8)`;
    }
    case 'linear':
      return linearSql(p(term.base), p(term.slope), p(WEIGHTS[term.weight]), field);
    case 'atMost':
      return sql`(case when ${field} <= ${p(term.bound)}::float8 then ${p(term.points)}::float8 else 0::float8 end)`;
  }
}

/** score.ts's sumFor: the terms added in order (none: 0). */
function sumSql(terms: readonly Term[]): SQL {
  return terms.length ? sql`(${sql.join(terms.map(termSql), sql` + `)})` : sql`0::float8`;
}

/**
 * The match score of any row, as scoreJob works it out: each fact's terms added up (the same sums
 * plan.fields lists for known values), the facts in the plan's order, then floor(sum + 0.5).
 */
export function matchScoreSql(plan: MatchPlan): SQL {
  return sql`floor((${sql.join(
    plan.fields.map((field) => sumSql(field.rest)),
    sql` + `,
  )}) + 0.5)`;
}

/** The pay's term: the one term of the payPerHour fact. */
function payTermOf(plan: MatchPlan): Term {
  const pay = plan.fields.find((field) => field.field === 'payPerHour')?.rest[0];
  if (!pay) throw new Error('a plan scores the pay');
  return pay;
}

export interface GroupRead {
  group: JobGroup;
  /** The least pay to read (minPayCents). */
  minPay: number;
  /** Miles from the teen to the group's ZIP code. */
  miles: number;
}

/**
 * An array parameter as PostgreSQL's array literal. pg would quote and escape each element of an
 * array one by one (some 400 per read, a few percent of the route's CPU); ZIP codes, enum values and
 * numbers need neither, and a number is written as pg writes it (String).
 */
const arrayLiteral = (values: readonly (string | number)[]): string => `{${values.join(',')}}`;

/** The parameters of groupsSql's statement, by name (a type, so a prepared statement takes it as its values); the groups' columns as array literals. */
export type GroupsParams = {
  zipCodes: string;
  physicalDemands: string;
  durations: string;
  categories: string;
  minPays: string;
  bases: string;
  miles: string;
  /** The pay's term (a linear one). */
  payBase: number;
  paySlope: number;
  payWeight: number;
  now: Date;
  maxMinutes: number;
  notWith: readonly string[];
  bound: number;
  rows: number;
};

/** One batch of groups (groups.ts) read from `bound` for the best `rows`, as groupsSql's parameters. */
export function groupsParams(batch: readonly GroupRead[], plan: MatchPlan, lock: LockLimits, notWith: readonly string[], now: Date, bound: number, rows: number): GroupsParams {
  const pay = payTermOf(plan);
  if (pay.kind !== 'linear') throw new Error('the pay is a linear term');
  return {
    zipCodes: arrayLiteral(batch.map((g) => g.group.zipCode)),
    physicalDemands: arrayLiteral(batch.map((g) => g.group.physicalDemands)),
    durations: arrayLiteral(batch.map((g) => g.group.estimatedDuration)),
    categories: arrayLiteral(batch.map((g) => g.group.category)),
    minPays: arrayLiteral(batch.map((g) => g.minPay)),
    bases: arrayLiteral(batch.map((g) => g.group.base)),
    miles: arrayLiteral(batch.map((g) => g.miles)),
    payBase: pay.base,
    paySlope: pay.slope,
    payWeight: WEIGHTS[pay.weight],
    now,
    maxMinutes: lock.maxMinutes,
    notWith,
    bound,
    rows,
  };
}

/** Each parameter as a value of the statement (for EXPLAIN and the tests): groupsSql(paramsOf(values)). */
export const paramsOf =
  (values: GroupsParams) =>
  (name: keyof GroupsParams): SQL =>
    p(values[name]);

/**
 * The statement reading one batch of groups: the jobs of each from its least pay, through
 * jobs_open_match_idx, that the lock allows (the groups hold the other limits) and reach `bound`: the
 * ids, scores and miles of the best `rows` of them in the list's order. A job's score is its group's
 * points but the pay's plus its pay's, the sum scoreJob makes. `param` writes each parameter: a value,
 * or a placeholder for the statement the server builds once (recommendations.service.ts).
 */
export function groupsSql(param: (name: keyof GroupsParams) => SQL): SQL {
  const payPoints = linearSql(param('payBase'), param('paySlope'), param('payWeight'), fieldSql('payPerHour'));
  return sql`select s.id, s.score, s.miles from (
        select ${jobs.id} as id, g.miles, floor(g.base + ${payPoints} + 0.5) as score
        from unnest(${param('zipCodes')}::text[], ${param('physicalDemands')}::physical_demand[],
          ${param('durations')}::int[], ${param('categories')}::job_category[],
          ${param('minPays')}::int[], ${param('bases')}::float8[], ${param('miles')}::float8[])
          as g(zip_code, physical_demands, estimated_duration, category, min_pay, base, miles)
        join ${jobs} on ${jobs.zipCode} = g.zip_code and ${jobs.physicalDemands} = g.physical_demands
          and ${jobs.estimatedDuration} = g.estimated_duration and ${jobs.category} = g.category and ${jobs.payCents} >= g.min_pay
        where ${jobs.status} in ('posted', 'locked') and (${jobs.status} = 'posted' or ${jobs.lockExpiresAt} <= ${param('now')}::timestamptz)
          and ${jobs.estimatedDuration} <= ${param('maxMinutes')}::int and not (${jobs.equipment} && ${param('notWith')}::text[])
        offset 0
      ) s
      where s.score >= ${param('bound')}::float8
      order by s.score desc, s.miles, s.id
      limit ${param('rows')}::int`;
}
