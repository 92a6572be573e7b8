import { eq } from 'drizzle-orm';
import type { Eligibility, SafetyRules, WorkHours } from '../../../contract/safety';
import { canReadTeenWorkHours, jobVisibilityAt } from '../../../domain/access';
import { decideFor, minimumAgeFor, workHours, type HoursLimit } from '../../../domain/safety-rules/engine';
import { parentLayer } from '../../../domain/safety-rules/rules';
import { bookedOn } from '../../../domain/safety-rules/work';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { findJobRow } from '../jobs/job-reads';
import { loadViewer, machineContext, withTeenWork } from '../jobs/job-viewer';
import { ruleBookOf } from './rule-book';
import { readTeenWork } from './teen-work';

/** GET /api/safety-rules: every row of the law and Yardly's own for the configured state; parents' rows are each teen's own. */
export function listSafetyRules(config: Config): SafetyRules {
  return {
    state: config.state.code,
    stateHasOwnRules: config.state.hasOwnRules,
    rules: ruleBookOf(config).rules.map(({ id, citation, text, minAge, maxAge, layer, jurisdiction }) => ({ id, citation, text, minAge, maxAge, layer, jurisdiction })),
  };
}

/**
 * GET /api/jobs/{id}/eligibility: whether the signed-in teen may take this job today, as its lock and
 * its accept decide it: what the job needs, and today's and this week's hours with its estimated
 * duration. The time of day is decided when work starts. A job the teen cannot see is not found.
 */
export async function jobEligibility(ctx: AppContext, user: SessionUser, jobId: string): Promise<Eligibility> {
  const mctx = machineContext(ctx);
  const row = await findJobRow(ctx.db, jobId);
  const viewer = await withTeenWork(ctx, ctx.db, await loadViewer(ctx.db, user), mctx.now);
  const { actor } = viewer;
  // The route is for teens (its auth); the role check also tells the compiler whose facts these are.
  if (!row || actor.role !== 'teen' || jobVisibilityAt(viewer, row, mctx.now) === 'none') throw notFound('Job not found');
  const verdict = decideFor('accept', row, actor.safety, mctx.ruleBook, { day: mctx.localDate, minutes: mctx.localMinutes });
  return {
    allowed: verdict.allowed,
    minimumAge: minimumAgeFor(row.equipment, mctx.ruleBook.rules),
    message: verdict.allowed ? null : verdict.message,
    rules: verdict.rules,
    alternative: verdict.alternative,
  };
}

const inHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const hoursOf = (limit: HoursLimit) => ({
  usedHours: inHours(limit.usedMinutes),
  limitHours: limit.limitMinutes === null ? null : inHours(limit.limitMinutes),
  rule: limit.rule,
});

/**
 * GET /api/teens/{id}/work-hours: the hours the teen has worked and booked today and this week, and
 * the tightest limit on each with its rule. For the teen, their area's coordinator and admins; it
 * names no date of birth.
 */
export async function readWorkHours(ctx: AppContext, user: SessionUser, teenId: string): Promise<WorkHours> {
  const viewer = await loadViewer(ctx.db, user);
  const [teen] = await ctx.db
    .select({ id: users.id, role: users.role, zipCode: users.zipCode, dateOfBirth: users.dateOfBirth, parentLimits: users.parentLimits })
    .from(users)
    .where(eq(users.id, teenId));
  if (!teen || teen.role !== 'teen') throw user.role === 'admin' ? notFound('Teen not found') : forbidden(WORK_HOURS_READERS);
  if (!canReadTeenWorkHours(viewer, teen)) throw forbidden(WORK_HOURS_READERS);
  const { now, localDate, ruleBook } = machineContext(ctx);
  const work = await readTeenWork(ctx.db, teen.id, now, ctx.config.timezone);
  const hours = workHours({
    dateOfBirth: teen.dateOfBirth,
    day: localDate,
    booked: bookedOn(work, localDate, null),
    calendar: ruleBook.calendar,
    rules: [...ruleBook.rules, ...parentLayer(teen.parentLimits)],
  });
  return { date: localDate, schoolDay: hours.schoolDay, schoolWeek: hours.schoolWeek, today: hoursOf(hours.today), week: hoursOf(hours.week) };
}

const WORK_HOURS_READERS = "Only the teen, their area's coordinator and admins can see a teen's work hours.";
